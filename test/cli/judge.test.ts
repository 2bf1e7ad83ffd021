import { createReadStream, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runEval } from '../../src/cli/eval.js';
import { runJudge } from '../../src/cli/judge.js';
import { parseGoldenSet, readGoldenSet } from '../../src/formats/golden-set.js';
import { runCommand } from '../helpers/cli.js';

let dir = '';
const file = (name: string): string => join(dir, name);
const line = (judge: string, query_id: string, doc_id: string, grade: number): string => `${JSON.stringify({ query_id, doc_id, grade, judge, at: '2026-12-05T02:00:00.000Z' })}\n`;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rankeval-judge-cli-'));
  // alice and gpt judge q1's d1 and d2 and q2's d7; bob judges q1/d1 only; the last line was cut by a crash.
  const store = [
    line('alice', 'q1', 'd1', 2),
    line('gpt', 'q1', 'd1', 3),
    line('bob', 'q1', 'd1', 3),
    line('alice', 'q1', 'd2', 0),
    line('gpt', 'q1', 'd2', 1),
    line('alice', 'q2', 'd7', 1),
    line('gpt', 'q2', 'd7', 1),
  ].join('');
  writeFileSync(file('judgments.jsonl'), store + line('alice', 'q2', 'd8', 3).slice(0, 30));
  writeFileSync(file('one.jsonl'), line('alice', 'q 1', 'd1', 2));
});

describe('rankeval judge --export', () => {
  it("writes one judge's grades as TREC qrels, warning of the half-written last line", async () => {
    const result = await runCommand(runJudge, ['--export', 'qrels', '--store', file('judgments.jsonl'), '--judge', 'alice'], { hide: dir });
    expect(result).toEqual({ status: 0, stdout: 'q1 0 d1 2\nq1 0 d2 0\nq2 0 d7 1\n', stderr: 'rankeval judge: warning: judgments.jsonl:8: a half-written last line (a write cut short) is skipped\n' });
  });

  it('combines the judges by majority into a JSONL golden set that reads back', async () => {
    const output = file('golden.jsonl');
    const result = await runCommand(runJudge, ['--export', 'jsonl', '--store', file('judgments.jsonl'), '--combine', 'majority', '-o', output], { hide: dir });
    expect(result.status).toBe(0);
    // q1/d1: 2, 3, 3 → 3; q1/d2: 0 and 1 tie → 0; q2/d7: 1.
    expect(readFileSync(output, 'utf8')).toBe('{"query_id":"q1","relevant":{"d1":3,"d2":0}}\n{"query_id":"q2","relevant":{"d7":1}}\n');
    expect(parseGoldenSet(readFileSync(output)).qrels).toEqual(new Map([['q1', new Map([['d1', 3], ['d2', 0]])], ['q2', new Map([['d7', 1]])]]));
  });

  it('combines two named judges by their mean', async () => {
    const result = await runCommand(runJudge, ['--export', 'jsonl', '--store', file('judgments.jsonl'), '--judge', 'alice', '--judge', 'gpt', '--combine', 'mean']);
    expect(result.stdout).toBe('{"query_id":"q1","relevant":{"d1":2.5,"d2":0.5}}\n{"query_id":"q2","relevant":{"d7":1}}\n');
  });

  it('puts the first --judge over the second with --combine prefer, where majority takes the lower grade', async () => {
    const args = ['--export', 'qrels', '--store', file('judgments.jsonl'), '--judge', 'bob', '--judge', 'alice'];
    // q1/d1: bob 3, alice 2; q1/d2 and q2/d7: alice alone (bob graded only q1/d1).
    expect(await runCommand(runJudge, [...args, '--combine', 'prefer'], { hide: dir })).toMatchObject({ status: 0, stdout: 'q1 0 d1 3\nq1 0 d2 0\nq2 0 d7 1\n' });
    expect(await runCommand(runJudge, [...args, '--combine', 'majority'], { hide: dir })).toMatchObject({ status: 0, stdout: 'q1 0 d1 2\nq1 0 d2 0\nq2 0 d7 1\n' });
    const unordered = await runCommand(runJudge, ['--export', 'qrels', '--store', file('judgments.jsonl'), '--combine', 'prefer'], { hide: dir });
    expect(unordered).toMatchObject({ status: 3, stderr: expect.stringContaining("judgments.jsonl: 'prefer' (--combine) takes the judges in order of preference: name them (--judge)") });
  });

  it('refuses a store of several judges without --judge or --combine, in its flags', async () => {
    const result = await runCommand(runJudge, ['--export', 'qrels', '--store', file('judgments.jsonl')], { hide: dir });
    expect(result.status).toBe(3);
    expect(result.stderr).toContain(`judgments.jsonl: the judgments are by 3 judges ("alice", "gpt", "bob"); name one (--judge) or combine them (--combine: 'majority', 'mean' or 'prefer')`);
  });

  it('refuses grades or ids TREC qrels cannot hold, pointing to JSONL', async () => {
    const mean = await runCommand(runJudge, ['--export', 'qrels', '--store', file('judgments.jsonl'), '--combine', 'mean'], { hide: dir });
    expect(mean.stderr).toContain('judgments.jsonl: query "q1", document "d1": the grade 2.6666666666666665 is not a whole number; TREC qrels cannot hold it (JSONL can)');
    const spaced = await runCommand(runJudge, ['--export', 'qrels', '--store', file('one.jsonl')], { hide: dir });
    expect(spaced).toMatchObject({ status: 3, stderr: 'one.jsonl: query "q 1", document "d1": an id is empty or has whitespace; TREC qrels cannot hold it (JSONL can)' });
  });

  it('refuses a judge with no judgment, a missing store, and bad flags', async () => {
    expect(await runCommand(runJudge, ['--export', 'qrels', '--store', file('judgments.jsonl'), '--judge', 'carol'], { hide: dir })).toMatchObject({ status: 3, stderr: expect.stringContaining('judgments.jsonl holds no judgment by carol to export') });
    expect((await runCommand(runJudge, ['--export', 'qrels', '--store', file('absent.jsonl')], { hide: dir })).status).toBe(3);
    expect(await runCommand(runJudge, ['--export=', '--store', file('judgments.jsonl')])).toMatchObject({ status: 2, stderr: "--export takes qrels, jsonl; got '' (see rankeval judge --help)" });
    expect(await runCommand(runJudge, ['--export', 'csv'])).toMatchObject({ status: 2, stderr: "--export takes qrels, jsonl; got 'csv' (see rankeval judge --help)" });
    expect(await runCommand(runJudge, ['--export', 'qrels', '--combine', 'median'])).toMatchObject({ status: 2, stderr: "--combine takes judge, majority, mean, prefer; got 'median' (see rankeval judge --help)" });
    expect(await runCommand(runJudge, ['pool.jsonl', '--export', 'qrels'])).toMatchObject({ status: 2,  stderr: "unexpected argument 'pool.jsonl': the store is named by --store (see rankeval judge --help)" });
    expect((await runCommand(runJudge, ['--export', 'qrels', '--store', file('judgments.jsonl'), '-o', file('judgments.jsonl')])).status).toBe(2);
  });

  it('refuses a corrupt line before a half-written last line, naming its line, rather than skipping both', async () => {
    const store = file('corrupt-then-torn.jsonl');
    writeFileSync(store, line('alice', 'q1', 'd1', 2) + '{"query_id":"q1","do\n' + line('alice', 'q1', 'd3', 1).slice(0, 30));
    const result = await runCommand(runJudge, ['--export', 'qrels', '--store', store], { hide: dir });
    expect(result).toMatchObject({ status: 3, stdout: '', stderr: expect.stringMatching(/^corrupt-then-torn\.jsonl:2: invalid JSON/) });
  });

  it('writes with --queries each judged query\'s text and tags, a golden set that readGoldenSet and rankeval eval read as it is', async () => {
    // The queries: q1 a queries line with tags, q2 a golden set's line (its "relevant" not read), q3 not judged.
    const queries = file('queries.jsonl');
    writeFileSync(queries, [
      { query_id: 'q1', query: 'how to prime a pump', tags: ['howto', 'en'] },
      { query_id: 'q2', query: 'how long is the warranty', relevant: { old: 1 }, tags: ['en'] },
      { query_id: 'q3', query: 'not judged' },
    ].map((record) => `${JSON.stringify(record)}\n`).join(''));
    const output = file('golden-with-queries.jsonl');
    const result = await runCommand(runJudge, ['--export', 'jsonl', '--store', file('judgments.jsonl'), '--judge', 'alice', '--queries', queries, '-o', output], { hide: dir });
    expect(result).toMatchObject({ status: 0, stdout: '' });
    expect(readFileSync(output, 'utf8')).toBe(
      '{"query_id":"q1","query":"how to prime a pump","relevant":{"d1":2,"d2":0},"tags":["howto","en"]}\n{"query_id":"q2","query":"how long is the warranty","relevant":{"d7":1},"tags":["en"]}\n',
    );
    const golden = await readGoldenSet(createReadStream(output), { file: 'golden.jsonl' });
    expect(golden).toMatchObject({
      format: 'jsonl',
      qrels: new Map([['q1', new Map([['d1', 2], ['d2', 0]])], ['q2', new Map([['d7', 1]])]]),
      questions: new Map([['q1', 'how to prime a pump'], ['q2', 'how long is the warranty']]),
      tags: new Map([['q1', ['howto', 'en']], ['q2', ['en']]]),
    });
    const run = file('run.jsonl');
    writeFileSync(run, '{"query_id":"q1","results":["d1","d2"]}\n{"query_id":"q2","results":["d9","d7"]}\n');
    const scored = await runCommand(runEval, [output, run, '-m', 'P@1', '--by-tag', '--format', 'json'], { hide: dir });
    expect(scored.status).toBe(0);
    // P@1: q1 1 (d1, grade 2), q2 0 (d9 unjudged); en holds both, howto q1 only.
    expect(JSON.parse(scored.stdout)).toMatchObject({ mean: { 'P@1': (1 + 0) / 2 }, bySlice: { en: { mean: { 'P@1': (1 + 0) / 2 } }, howto: { mean: { 'P@1': 1 } } } });
  });

  it('warns of judged queries the --queries file lacks, and refuses --queries with --export qrels', async () => {
    const queries = file('one-query.jsonl');
    writeFileSync(queries, '{"query_id":"q2","query":"how long is the warranty"}\n');
    const result = await runCommand(runJudge, ['--export', 'jsonl', '--store', file('judgments.jsonl'), '--judge', 'alice', '--queries', queries], { hide: dir });
    expect(result).toMatchObject({ status: 0, stdout: '{"query_id":"q1","relevant":{"d1":2,"d2":0}}\n{"query_id":"q2","query":"how long is the warranty","relevant":{"d7":1}}\n' });
    expect(result.stderr).toContain('rankeval judge: warning: one-query.jsonl lacks the text of 1 judged query, written without one: "q1"');
    expect(await runCommand(runJudge, ['--export', 'qrels', '--store', file('judgments.jsonl'), '--queries', queries])).toMatchObject({ status: 2, stderr: "--queries is for --export jsonl: TREC qrels have no place for a query's text or tags (see rankeval judge --help)" });
    const bad = file('bad-tags.jsonl');
    writeFileSync(bad, '{"query_id":"q1","query":"a","tags":[1]}\n');
    expect(await runCommand(runJudge, ['--export', 'jsonl', '--store', file('judgments.jsonl'), '--judge', 'alice', '--queries', bad], { hide: dir })).toMatchObject({ status: 3, stderr: expect.stringMatching(/\nbad-tags\.jsonl:1: "tags" must be a list of strings, got \[1\]$/) });
  });

  it('prints its usage', async () => {
    expect((await runCommand(runJudge, ['--help'])).stdout).toMatch(/^Usage: rankeval judge POOL .*\n {7}rankeval judge --export F/);
  });
});
