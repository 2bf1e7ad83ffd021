import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runNuggets } from '../../src/cli/nuggets.js';
import { compareScores } from '../../src/analysis/compare.js';
import { parseNuggetAssignments, parseNuggetBank } from '../../src/formats/nuggets.js';
import { evaluateNuggets, nuggetComparisonScores } from '../../src/nuggets/evaluate-nuggets.js';
import { readFileSync } from 'node:fs';
import { runCommand } from '../helpers/cli.js';

let dir = '';
const file = (name: string): string => join(dir, name);
const jsonl = (lines: readonly object[]): string => lines.map((line) => JSON.stringify(line)).join('\n') + '\n';
const n = (importance: string, assignment: string) => ({ text: `${importance} ${assignment}`, importance, assignment });

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rankeval-nuggets-'));
  // Run a: topic 1 vital 1 (all (1 + 0.5)/2), topic 2 vital 0.5 (one vital, partly). Run b: topic 1 only, vital 0.
  writeFileSync(
    file('a.jsonl'),
    jsonl([
      { qid: '1', run_id: 'a', nuggets: [n('vital', 'support'), n('okay', 'partial_support')] },
      { qid: '2', run_id: 'a', nuggets: [n('vital', 'partial_support')] },
    ]),
  );
  writeFileSync(file('b.jsonl'), jsonl([{ qid: '1', run_id: 'b', nuggets: [n('vital', 'not_support'), n('okay', 'support')] }]));
  writeFileSync(file('bank.jsonl'), jsonl([{ qid: '1', nuggets: [] }, { qid: '2', nuggets: [] }]));
  writeFileSync(file('bank-1.jsonl'), jsonl([{ qid: '1', nuggets: [] }]));
  writeFileSync(file('again.jsonl'), jsonl([{ qid: '2', run_id: 'a', nuggets: [] }]));
  writeFileSync(file('bad.jsonl'), jsonl([{ qid: '1', run_id: 'a', nuggets: [n('vital', 'partial_support')] }, { qid: '2', run_id: 'a', nuggets: [n('high', 'support')] }]));
  writeFileSync(file('empty.jsonl'), '');
});

describe('rankeval nuggets', () => {
  it('prints each run’s means over its answers, then nuggetizer’s mean over all answers', async () => {
    const result = await runCommand(runNuggets, [file('a.jsonl'), file('b.jsonl')]);
    expect(result).toMatchObject({ status: 0, stderr: '' });
    const rows = result.stdout.trimEnd().split('\n').map((line) => line.split(/\s+/));
    expect(rows[0]).toEqual(['run', 'n', 'strict_vital_score', 'strict_all_score', 'vital_score', 'all_score', 'strict_weighted_score', 'weighted_score']);
    // a: vital (1 + 0.5)/2; all ((1 + 0.5)/2 + 0.5/1)/2. b: vital 0, all 1/2. all answers: vital (1 + 0.5 + 0)/3.
    expect(rows[1]!.slice(0, 2)).toEqual(['a', '2']);
    expect(rows[1]![4]).toBe(((1 + 0.5) / 2).toFixed(4));
    expect(rows[1]![5]).toBe(((1 + 0.5) / 2 / 2 + 0.5 / 1 / 2).toFixed(4));
    expect(rows[2]!.slice(0, 2)).toEqual(['b', '1']);
    expect(rows[2]![4]).toBe((0).toFixed(4));
    expect(rows[3]!.slice(0, 2)).toEqual(['all', '3']);
    expect(rows[3]![4]).toBe(((1 + 0.5 + 0) / 3).toFixed(4));
  });

  it('writes `run_id measure topic value` lines, each topic with -q and the mean as topic all', async () => {
    const result = await runCommand(runNuggets, [file('a.jsonl'), '--format', 'trec', '-q']);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines.slice(0, 3)).toEqual(['a strict_vital_score 1 1', 'a strict_vital_score 2 0', 'a strict_vital_score all 0.5']);
    expect(lines).toContain(`a weighted_score 1 ${(1 + 0.5 * 0.5) / 1.5}`);
    expect(lines).toHaveLength(6 * 3);
    const means = await runCommand(runNuggets, [file('a.jsonl'), '--format', 'trec']);
    expect(means.stdout.trimEnd().split('\n').every((line) => line.split(' ')[2] === 'all')).toBe(true);
  });

  it('scores a topic a run did not answer as 0 with --topics, and shows per-topic rows with -q', async () => {
    const result = await runCommand(runNuggets, [file('a.jsonl'), file('b.jsonl'), '--topics', file('bank.jsonl'), '--format', 'json']);
    const parsed = JSON.parse(result.stdout) as { byRun: Record<string, { mean: Record<string, number> }>; mean: Record<string, number> };
    expect(parsed.byRun['b']!.mean['all']).toBe((1 / 2 + 0) / 2);
    expect(parsed.mean['vital']).toBe((1 + 0.5 + 0 + 0) / 4);
    const table = await runCommand(runNuggets, [file('b.jsonl'), '--topics', file('bank.jsonl'), '-q']);
    expect(table.stdout.split('\n').map((line) => line.split(/\s+/).slice(0, 3).join(' '))).toEqual(['run topic n', 'b 1 1', 'b 2 1', 'b all 2', 'all all 2', '']);
    const perAnswer = JSON.parse((await runCommand(runNuggets, [file('b.jsonl'), '--topics', file('bank.jsonl'), '-q', '--format', 'json'])).stdout) as { perAnswer: unknown[] };
    expect(perAnswer.perAnswer).toHaveLength(2);
  });

  it('refuses, with exit 3 and the place, a malformed file, an answer twice across files, a topic outside the bank, no answers', async () => {
    expect(await runCommand(runNuggets, [file('bad.jsonl')], { hide: dir })).toMatchObject({ status: 3, stderr: 'bad.jsonl:2: "nuggets"[0].importance must be "vital" or "okay", got "high"' });
    expect(await runCommand(runNuggets, [file('bad.jsonl'), '--grades', '2'], { hide: dir })).toMatchObject({ status: 3, stderr: expect.stringMatching(/^bad\.jsonl:1: "nuggets"\[0\]\.assignment is "partial_support" in a file of 2 grades/) });
    expect(await runCommand(runNuggets, [file('a.jsonl'), file('again.jsonl')], { hide: dir })).toMatchObject({ status: 3, stderr: 'again.jsonl:1: run "a" answers topic "2" twice (a.jsonl:2 and again.jsonl:1)' });
    expect(await runCommand(runNuggets, [file('a.jsonl'), '--topics', file('bank-1.jsonl')], { hide: dir })).toMatchObject({ status: 3, stderr: 'a.jsonl:2: topic "2" is not in the nugget bank bank-1.jsonl (--topics)' });
    expect(await runCommand(runNuggets, [file('empty.jsonl')], { hide: dir })).toMatchObject({ status: 3, stderr: 'no answers to score in empty.jsonl' });
  });

  it('refuses bad arguments with exit 2, and prints its help', async () => {
    expect(await runCommand(runNuggets, [])).toMatchObject({ status: 2, stderr: 'expected one assignments file or more (ASSIGNMENTS…) (see rankeval nuggets --help)' });
    expect(await runCommand(runNuggets, [file('a.jsonl'), '--format', 'csv'])).toMatchObject({ status: 2, stderr: "--format takes table, json, trec; got 'csv' (see rankeval nuggets --help)" });
    expect(await runCommand(runNuggets, [file('a.jsonl'), '--grades', '4'])).toMatchObject({ status: 2 });
    expect(await runCommand(runNuggets, ['-', '--topics', '-'])).toMatchObject({ status: 2 });
    const help = await runCommand(runNuggets, ['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: rankeval nuggets ASSIGNMENTS…/);
  });
});

describe('rankeval nuggets --store', () => {
  const line = (run_id: string, topic_id: string, nugget: string, importance: string, assignment: string, judge = 'llm') => ({ topic_id, run_id, nugget, importance, assignment, judge, at: '2026-12-07T23:30:00.000Z' });

  it('scores a nugget-assignment store as the same assignments in nuggetizer\'s file score, a torn last line warned of', async () => {
    // The store of a.jsonl's assignments, topic 1's nuggets written in reverse (the bank gives their order), a later line changing its mind.
    const store = [line('a', '2', 'vital partial_support', 'vital', 'partial_support'), line('a', '1', 'okay partial_support', 'okay', 'support'), line('a', '1', 'vital support', 'vital', 'support'), line('a', '1', 'okay partial_support', 'okay', 'partial_support')];
    writeFileSync(file('store.jsonl'), `${jsonl(store)}{"topic_id":"1","run_`);
    writeFileSync(file('store-bank.jsonl'), jsonl([{ qid: '1', nuggets: [{ text: 'vital support', importance: 'vital' }, { text: 'okay partial_support', importance: 'okay' }] }, { qid: '2', nuggets: [{ text: 'vital partial_support', importance: 'vital' }] }]));
    const fromStore = await runCommand(runNuggets, ['--store', file('store.jsonl'), '--topics', file('store-bank.jsonl'), '--format', 'json', '-q']);
    const fromFile = await runCommand(runNuggets, [file('a.jsonl'), '--topics', file('store-bank.jsonl'), '--format', 'json', '-q']);
    expect(fromStore.status).toBe(0);
    expect(fromStore.stderr).toContain('store.jsonl:5: a half-written last line (a write cut short) is skipped');
    expect(JSON.parse(fromStore.stdout).byRun).toEqual(JSON.parse(fromFile.stdout).byRun);
  });

  it('asks for --judge when the store has several judges, and takes the one named', async () => {
    writeFileSync(file('two-judges.jsonl'), jsonl([line('a', '1', 'x', 'vital', 'support'), line('a', '1', 'x', 'vital', 'not_support', 'alice')]));
    const refused = await runCommand(runNuggets, ['--store', file('two-judges.jsonl')]);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('expected --judge to be one of the store\'s judges ("llm", "alice")');
    const alice = await runCommand(runNuggets, ['--store', file('two-judges.jsonl'), '--judge', 'alice', '--format', 'trec']);
    expect(alice.stdout).toContain('a vital_score all 0\n');
  });

  it('refuses a judgments store given as --store (exit 3, wrong kind), and --judge without a store (exit 2)', async () => {
    writeFileSync(file('judgments.jsonl'), jsonl([{ query_id: 'q1', doc_id: 'd1', grade: 2, judge: 'llm', at: '2026-12-05T02:00:00.000Z' }]));
    const wrong = await runCommand(runNuggets, ['--store', file('judgments.jsonl')]);
    expect(wrong.status).toBe(3);
    expect(wrong.stderr).toContain('this looks like a judgments store');
    expect((await runCommand(runNuggets, [file('a.jsonl'), '--judge', 'llm'])).status).toBe(2);
  });
});

// The worked example of docs/answers.md: bm25-gpt answers q01, q09, q07; dense-gpt leaves q07 unanswered.
const EXAMPLE = join(import.meta.dirname, '../../examples/nuggets');
const ASSIGNMENTS = join(EXAMPLE, 'assignments.jsonl');
const BANK = join(EXAMPLE, 'nuggets.jsonl');

describe('rankeval nuggets --compare', () => {
  it('compares the runs topic by topic on examples/nuggets, as compare() would: W/T/L, Δ and the exact randomization p', async () => {
    const result = await runCommand(runNuggets, [ASSIGNMENTS, '--topics', BANK, '--compare', '-m', 'vital_score,all_score', '--test', 'randomization']);
    expect(result).toMatchObject({ status: 0, stderr: '' });
    const rows = result.stdout.split('\n').map((line) => line.split(/\s+/));
    expect(rows[0]!.slice(0, 5)).toEqual(['measure', 'run', 'mean', 'Δ', 'Δ%']);
    // vital_score: bm25 (1, 0.5, 0.5), dense (1, 0.5, 0): Δ = −0.5/3, W/T/L 0/2/1; every sign flip of (0, 0, −0.5) reaches |Σ| = 0.5: p = 1.
    expect(rows[2]).toEqual(['vital_score', 'dense-gpt', (1.5 / 3).toFixed(4), `−${(0.5 / 3).toFixed(4)}`, '−25.0%', '1.0000', expect.any(String), expect.any(String), '0/2/1', expect.any(String)]);
    // all_score: bm25 (1.5/3, 2/3, 1.5/2), dense (1, 1/3, 0): W/T/L 1/0/2.
    expect(rows[4]!.slice(0, 4)).toEqual(['all_score', 'dense-gpt', ((1 + 1 / 3 + 0) / 3).toFixed(4), `−${((1.5 / 3 + 2 / 3 + 0.75 - (1 + 1 / 3)) / 3).toFixed(4)}`]);
    expect(rows[4]![8]).toBe('1/0/2');
    expect(result.stdout).toMatch(/3 queries, baseline bm25-gpt; paired randomization test \(two-sided\) with Holm–Bonferroni correction over 2 comparisons/);
  });

  it('writes compareScores’s comparison as JSON, every score compared by default, the baseline as asked', async () => {
    const result = await runCommand(runNuggets, [ASSIGNMENTS, '--topics', BANK, '--compare', '--baseline', 'dense-gpt', '--format', 'json', '--seed', '7', '--permutations', '500', '--interval', 'bootstrap']);
    expect(result.status).toBe(0);
    const answers = parseNuggetAssignments(readFileSync(ASSIGNMENTS), { file: 'assignments.jsonl' });
    const expected = compareScores(nuggetComparisonScores(evaluateNuggets(answers, { topics: parseNuggetBank(readFileSync(BANK), { file: 'nuggets.jsonl' }) })), { baseline: 'dense-gpt', seed: 7, permutations: 500, interval: 'bootstrap' });
    expect(result.stdout).toBe(`${JSON.stringify(expected, null, 2)}\n`);
    expect(expected.measures).toEqual(['strict_vital_score', 'strict_all_score', 'vital_score', 'all_score', 'strict_weighted_score', 'weighted_score']);
    const csv = await runCommand(runNuggets, [ASSIGNMENTS, '--topics', BANK, '--compare', '-m', 'vital_score', '--format', 'csv']);
    expect(csv.stdout.split('\n')[0]).toBe('measure,run,mean,delta,relativeDelta,pValue,pValueCorrected,ciLow,ciHigh,wins,ties,losses,effectSize,significant');
  });

  it('refuses runs scored on different topics (exit 3), naming the run and topic and what --topics does', async () => {
    const result = await runCommand(runNuggets, [ASSIGNMENTS, '--compare'], { hide: EXAMPLE });
    expect(result.status).toBe(3);
    expect(result.stderr).toBe(
      'assignments.jsonl: run "bm25-gpt" scores query "q07" and run "dense-gpt" does not: a paired comparison needs every run\'s score on the same queries (score it in every run, or leave it out of all); give --topics BANK to score every run on the bank\'s topics, a topic a run did not answer scoring 0',
    );
    expect(await runCommand(runNuggets, [file('a.jsonl'), '--compare'], { hide: dir })).toMatchObject({ status: 3, stderr: '--compare needs two runs or more; a.jsonl holds 1 (a)' });
    // The same runs with --topics: b's unanswered topic 2 scores 0, and they pair.
    expect(await runCommand(runNuggets, [file('b.jsonl'), file('a.jsonl'), '--topics', file('bank.jsonl'), '--compare', '-m', 'vital_score'])).toMatchObject({ status: 0 });
    // Two runs on one topic: too few for a paired test.
    const one = [{ qid: '1', run_id: 'x', nuggets: [n('vital', 'support')] }, { qid: '1', run_id: 'y', nuggets: [n('vital', 'not_support')] }];
    writeFileSync(file('one.jsonl'), jsonl(one));
    expect(await runCommand(runNuggets, [file('one.jsonl'), '--compare'], { hide: dir })).toMatchObject({ status: 3, stderr: expect.stringMatching(/^one\.jsonl: .*at least 2/) });
  });

  it('refuses bad arguments with exit 2', async () => {
    const usage = (args: string[]) => runCommand(runNuggets, [ASSIGNMENTS, '--topics', BANK, ...args]);
    expect(await usage(['--compare', '-m', 'vital'])).toMatchObject({ status: 2, stderr: expect.stringMatching(/^-m 'vital' is no nugget score \(strict_vital_score, /) });
    expect(await usage(['--test', 't'])).toMatchObject({ status: 2, stderr: '--test applies to --compare, which is not given (see rankeval nuggets --help)' });
    expect(await usage(['-m', 'vital_score'])).toMatchObject({ status: 2, stderr: '-m applies to --compare, which is not given (see rankeval nuggets --help)' });
    expect(await usage(['--compare', '-q'])).toMatchObject({ status: 2 });
    expect(await usage(['--compare', '--format', 'trec'])).toMatchObject({ status: 2 });
    expect(await usage(['--compare', '--test', 'z'])).toMatchObject({ status: 2 });
    expect(await usage(['--compare', '--baseline', 'sparse'])).toMatchObject({ status: 2, stderr: "--baseline 'sparse' is none of the runs (bm25-gpt, dense-gpt) (see rankeval nuggets --help)" });
  });
});
