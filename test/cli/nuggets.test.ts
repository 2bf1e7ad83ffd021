import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runNuggets } from '../../src/cli/nuggets.js';
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
