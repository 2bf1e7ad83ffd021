// rankeval estimate and rankeval plan on the tiny run of test/judging/estimate.test.ts, whose per-query
// values are worked by hand there: the expected figures are estimateMean's and planLabels' of those values.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runEstimate } from '../../src/cli/estimate.js';
import { runPlan } from '../../src/cli/plan.js';
import { parseNuggetAssignments } from '../../src/formats/nuggets.js';
import { estimateNuggetScore } from '../../src/nuggets/estimate.js';
import { estimateMean, planLabels, queriesNeeded } from '../../src/index.js';
import { runCommand } from '../helpers/cli.js';

let dir = '';
const file = (name: string): string => join(dir, name);

const human = { q1: { a: 1, b: 1 }, q2: { a: 1 }, q3: { c: 1 } };
const judge = { q1: { a: 1, b: 1 }, q2: { a: 1 }, q3: { b: 1 }, q4: { a: 1, b: 1 }, q5: { c: 1 } };
// P@2 of run.trec (a, b first): human q1 2/2, q2 1/2, q3 0/2; judge q1 2/2, q2 1/2, q3 1/2 | q4 2/2, q5 0/2.
const precision = { human: [2 / 2, 1 / 2, 0 / 2], judgeOnHuman: [2 / 2, 1 / 2, 1 / 2], judgeOnRest: [2 / 2, 0 / 2] };

const qrelsText = (qrels: Record<string, Record<string, number>>): string => Object.entries(qrels).flatMap(([qid, docs]) => Object.entries(docs).map(([doc, grade]) => `${qid} 0 ${doc} ${grade}\n`)).join('');

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rankeval-estimate-'));
  writeFileSync(file('human.qrels'), qrelsText(human));
  writeFileSync(file('judge.qrels'), qrelsText(judge));
  writeFileSync(file('partial.qrels'), qrelsText({ q1: judge.q1, q2: judge.q2, q4: judge.q4 }));
  writeFileSync(file('run.trec'), ['q1', 'q2', 'q3', 'q4', 'q5'].flatMap((qid) => [`${qid} Q0 a 1 2 run\n`, `${qid} Q0 b 2 1 run\n`]).join(''));
});

const labels = (): string[] => ['--human', file('human.qrels'), '--judge', file('judge.qrels')];

describe('rankeval estimate', () => {
  it('prints each run’s estimate as estimateRun computes it (json)', async () => {
    const result = await runCommand(runEstimate, [file('run.trec'), ...labels(), '-m', 'P@2', '--format', 'json'], { hide: dir });
    expect(result.status).toBe(0);
    const [row] = JSON.parse(result.stdout) as { run: string; estimates: Record<string, unknown>; humanQueries: string[]; judgeOnlyQueries: string[] }[];
    expect(row!.run).toBe('run');
    expect(row!.estimates['P@2']).toEqual(estimateMean(precision));
    expect([row!.humanQueries, row!.judgeOnlyQueries]).toEqual([['q1', 'q2', 'q3'], ['q4', 'q5']]);
  });

  it('prints a table with the human-only interval and the labels the judge was worth', async () => {
    const e = estimateMean(precision, { alpha: 0.1, lambda: 1 });
    const result = await runCommand(runEstimate, [file('run.trec'), ...labels(), '-m', 'P@2', '--alpha', '0.1', '--lambda', '1'], { hide: dir });
    expect(result.status).toBe(0);
    const line = result.stdout.split('\n').find((text) => text.includes('P@2'))!;
    const cells = line.trim().split(/\s+/);
    expect(cells).toEqual(['run', 'P@2', ...[e.estimate, e.lower, e.upper, e.humanOnly.estimate, e.humanOnly.lower, e.humanOnly.upper, e.lambda].map((x) => x.toFixed(4)), '3', '2', e.effectiveHumanLabels.toFixed(4)]);
    expect(result.stdout).toContain('90 % intervals');
  });

  it('exits 3 naming the query people judged and the judge did not', async () => {
    const result = await runCommand(runEstimate, [file('run.trec'), '--human', file('human.qrels'), '--judge', file('partial.qrels'), '-m', 'P@2'], { hide: dir });
    expect(result.status).toBe(3);
    expect(result.stderr).toContain('query "q3" is judged by people but not by the judge');
  });

  it('exits 2 on bad flags', async () => {
    const cases: [string[], string][] = [
      [[file('run.trec'), '--judge', file('judge.qrels')], '--human is required'],
      [[...labels()], 'expected a run or more'],
      [[file('run.trec'), ...labels(), '--lambda', '2'], "--lambda takes tuned or a number from 0 to 1; got '2'"],
      [[file('run.trec'), ...labels(), '--alpha', '1'], '--alpha takes a number between 0 and 1'],
      [[file('run.trec'), ...labels(), '-m', 'num_ret'], 'its run figure is not a mean'],
      [[file('run.trec'), ...labels(), '-m', 'ndgc@10'], 'ndgc@10'],
    ];
    for (const [args, message] of cases) {
      const result = await runCommand(runEstimate, args, { hide: dir });
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stderr).toContain(message);
    }
  });

  it('prints its help', async () => {
    expect((await runCommand(runEstimate, ['--help'])).stdout).toMatch(/^Usage: rankeval estimate RUN/);
  });
});

describe('rankeval plan', () => {
  it('plans from a pilot as planLabels does on the run’s values', async () => {
    const result = await runCommand(runPlan, [file('run.trec'), ...labels(), '-m', 'P@2', '--cost-human', '1', '--cost-judge', '0.01', '--budget', '100', '--format', 'json'], { hide: dir });
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ measure: 'P@2', ...planLabels({ human: precision.human, judgeOnHuman: precision.judgeOnHuman }, { costHuman: 1, costJudge: 0.01, budget: 100 }) });
  });

  it('warns of what scoring the pilot met, as estimate does for the same run', async () => {
    const pilot = [file('run.trec'), ...labels(), '-m', 'P@2'];
    const planned = await runCommand(runPlan, [...pilot, '--cost-human', '1', '--cost-judge', '0.01', '--budget', '100'], { hide: dir });
    const estimated = await runCommand(runEstimate, pilot, { hide: dir });
    const warnings = (stderr: string, command: string): string[] => stderr.split('\n').filter((line) => line.startsWith(`rankeval ${command}: warning: run`)).map((line) => line.slice(`rankeval ${command}`.length));
    expect(warnings(estimated.stderr, 'estimate')).not.toEqual([]);
    expect(warnings(planned.stderr, 'plan')).toEqual(warnings(estimated.stderr, 'estimate'));
  });

  it('prints the plan as a table', async () => {
    const plan = planLabels({ human: precision.human, judgeOnHuman: precision.judgeOnHuman }, { costHuman: 1, costJudge: 0.01, effectiveN: 10 });
    const result = await runCommand(runPlan, [file('run.trec'), ...labels(), '-m', 'P@2', '--cost-human', '1', '--cost-judge', '0.01', '--effective-n', '10'], { hide: dir });
    expect(result.status).toBe(0);
    const cells = result.stdout.split('\n').find((text) => text.includes('P@2'))!.trim().split(/\s+/);
    expect(cells).toEqual(['P@2', String(plan.human), String(plan.judgeOnly), plan.cost.toFixed(4), String(plan.effectiveN), plan.correlation.toFixed(4)]);
  });

  it('plans from a standard deviation as queriesNeeded does', async () => {
    const result = await runCommand(runPlan, ['--sd', '0.05', '--delta', '0.02', '--format', 'json']);
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject(queriesNeeded({ test: 'paired-t', sd: 0.05, delta: 0.02, alpha: 0.05, sides: 2, power: 0.8 }));
    const table = await runCommand(runPlan, ['--sd', '0.05', '--delta', '0.02']);
    expect(table.stdout).toContain(String(queriesNeeded({ test: 'paired-t', sd: 0.05, delta: 0.02 }).queries));
  });

  it('exits 3 when the pilot has no correlation', async () => {
    writeFileSync(file('flat.qrels'), qrelsText({ q1: { a: 1 }, q2: { a: 1 }, q3: { a: 1 } }));
    const result = await runCommand(runPlan, [file('run.trec'), '--human', file('flat.qrels'), '--judge', file('judge.qrels'), '-m', 'P@2', '--cost-human', '1', '--cost-judge', '0.01', '--budget', '100'], { hide: dir });
    expect(result.status).toBe(3);
    expect(result.stderr).toContain('no correlation');
  });

  it('exits 2 on bad flags', async () => {
    const pilot = (): string[] => [file('run.trec'), ...labels(), '-m', 'P@2', '--cost-human', '1', '--cost-judge', '0.01'];
    const cases: [string[], string][] = [
      [[], 'a plan needs a pilot'],
      [['--sd', '0.05'], 'a plan needs a pilot'],
      [['--sd', '-1', '--delta', '0.1'], '--sd takes a number > 0'],
      [['--sd', '0.05', '--delta', '0.02', '--sides', '3'], '--sides takes 1, 2'],
      [[...pilot(), '--sd', '0.05'], 'give one or the other'],
      [pilot(), '--budget or --effective-n'],
      [[...pilot(), '--budget', '10', '--effective-n', '5'], '--budget or --effective-n'],
      [[...pilot(), '--budget', '10', '-m', 'ndcg@10'], 'one measure'],
      [[...pilot(), '--effective-n', '2.5'], '--effective-n takes a positive integer'],
    ];
    for (const [args, message] of cases) {
      const result = await runCommand(runPlan, args, { hide: dir });
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stderr).toContain(message);
    }
  });
});

describe('rankeval estimate --nuggets', () => {
  const examples = join(import.meta.dirname, '../../examples/nuggets');
  const at = (name: string): string => join(examples, name);
  const read = (name: string) => parseNuggetAssignments(readFileSync(at(name)), { file: name });
  const nuggetLabels = (): string[] => ['--nuggets', '--human', at('human.jsonl'), '--judge', at('assignments.jsonl')];

  it('prints estimateNuggetScore’s estimate of each run (json), and why a run is left out on stderr', async () => {
    const result = await runCommand(runEstimate, [...nuggetLabels(), '--score', 'all', '--format', 'json'], { hide: examples });
    expect(result.status).toBe(0);
    const expected = estimateNuggetScore(read('assignments.jsonl'), read('human.jsonl'), { score: 'all' });
    expect(JSON.parse(result.stdout)).toEqual(Object.entries(expected.runs).map(([run, estimate]) => ({ run, ...estimate })));
    expect(result.stderr).toBe(`rankeval estimate: warning: ${expected.warnings[0]!.message}\n`);
  });

  it('prints the table estimate prints, the score in the measure column', async () => {
    const result = await runCommand(runEstimate, [...nuggetLabels(), '--run', 'bm25-gpt', '--lambda', '1'], { hide: examples });
    const { estimate, humanOnly } = estimateNuggetScore(read('assignments.jsonl'), read('human.jsonl'), { score: 'vital', run: 'bm25-gpt', lambda: 1 }).runs['bm25-gpt']!.estimates.vital!;
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^run +measure.*\\nbm25-gpt +vital +${estimate.toFixed(4)} .* ${humanOnly.estimate.toFixed(4)} `));
    expect(result.stdout).toContain('n answers people assigned, N assigned by the judge only');
  });

  it('refuses a run that cannot be estimated (exit 3), and flags of the other mode (exit 2)', async () => {
    expect(await runCommand(runEstimate, [...nuggetLabels(), '--run', 'dense-gpt'], { hide: examples })).toMatchObject({ status: 3, stderr: expect.stringContaining('people assigned every answer of run "dense-gpt"') });
    expect(await runCommand(runEstimate, [...nuggetLabels(), at('assignments.jsonl')], { hide: examples })).toMatchObject({ status: 2, stderr: expect.stringContaining("give no RUN") });
    expect(await runCommand(runEstimate, [...nuggetLabels(), '-m', 'P@2'], { hide: examples })).toMatchObject({ status: 2, stderr: expect.stringContaining('-m is not taken with --nuggets') });
    expect(await runCommand(runEstimate, [file('run.trec'), ...labels(), '--score', 'vital'], { hide: dir })).toMatchObject({ status: 2, stderr: expect.stringContaining('--score is about nugget assignments: give --nuggets') });
  });
});
