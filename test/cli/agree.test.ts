import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { labelAgreement } from '../../src/agreement/label-agreement.js';
import { systemAgreement } from '../../src/analysis/system-agreement.js';
import { runAgree } from '../../src/cli/agree.js';
import { parseNuggetAssignments } from '../../src/formats/nuggets.js';
import { nuggetLabelAgreement, nuggetSystemAgreement } from '../../src/nuggets/agreement.js';
import { renderAgreement } from '../../src/text/agreement.js';
import { runCommand } from '../helpers/cli.js';

let dir = '';
const file = (name: string): string => join(dir, name);

// People judge d1–d3 of q1 and d4 of q2; the LLM (JSONL) grades d2 up, d3 alike, d4 alike, and judges d5.
const people = { q1: { d1: 2, d2: 0, d3: 1 }, q2: { d4: 1 } };
const llm = { q1: { d1: 2, d2: 1, d3: 1 }, q2: { d4: 1, d5: 0 } };
const runs = { bm25: { q1: ['d2', 'd1'], q2: ['d5', 'd4'] }, dense: { q1: ['d1', 'd2'], q2: ['d4', 'd5'] } };

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rankeval-agree-'));
  writeFileSync(file('people.qrels'), Object.entries(people).flatMap(([qid, docs]) => Object.entries(docs).map(([doc, grade]) => `${qid} 0 ${doc} ${grade}\n`)).join(''));
  writeFileSync(file('llm.jsonl'), Object.entries(llm).map(([qid, relevant]) => `${JSON.stringify({ query_id: qid, relevant })}\n`).join(''));
  for (const [name, run] of Object.entries(runs)) {
    writeFileSync(file(`${name}.trec`), Object.entries(run).flatMap(([qid, ids]) => ids.map((id, i) => `${qid} Q0 ${id} ${i + 1} ${10 - i} ${name}\n`)).join(''));
  }
  writeFileSync(file('apart.qrels'), 'q9 0 d1 1\n');
  // Judges q1 as people do, and q7 that nobody else judges: one query in common.
  writeFileSync(file('q1.qrels'), 'q1 0 d1 0\nq1 0 d2 1\nq1 0 d3 1\nq7 0 d1 1\n');
});

const settings = { relevanceThreshold: 1, samples: 1000, seed: 42, test: 't', alpha: 0.05, correction: 'holm' } as const;
const names = ['people.qrels', 'llm.jsonl'] as const;

describe('rankeval agree', () => {
  it('prints the label agreement of two label sets as renderAgreement does, in any format they are in', async () => {
    const result = await runCommand(runAgree, [file('people.qrels'), file('llm.jsonl')], { hide: dir });
    expect(result).toEqual({ status: 0, stdout: renderAgreement({ names: names.map(file) as unknown as typeof names, labels: labelAgreement(people, llm), ...settings }, 'table', false), stderr: '' });
  });

  it('with runs, orders them under both label sets on -m, with its flags', async () => {
    const args = [file('people.qrels'), file('llm.jsonl'), file('bm25.trec'), file('dense.trec'), '-m', 'P@1', '-l', '2', '--seed', '3', '--samples', '20', '--test', 'sign', '--correction', 'none', '--format', 'json', '-q'];
    const result = await runCommand(runAgree, args);
    const systems = systemAgreement(runs, people, llm, { measure: 'P@1', relevanceThreshold: 2, test: 'sign', correction: 'none' });
    const labels = labelAgreement(people, llm, { relevanceThreshold: 2, seed: 3, samples: 20 });
    const expected = renderAgreement({ names: names.map(file) as unknown as typeof names, labels, systems, ...settings, relevanceThreshold: 2, seed: 3, samples: 20, test: 'sign', correction: 'none' }, 'json', true);
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(JSON.parse(expected));
    // Under -l 2 only d1 is relevant to people: dense (d1 first on q1) leads, and P@1 1 vs 0 on q1.
    expect(JSON.parse(result.stdout).systems.runs[0]).toEqual({ run: 'dense', meanA: 0.5, meanB: 0.5 });
  });

  it('over one judged query in common: the figures, with what they lack said on stderr', async () => {
    const result = await runCommand(runAgree, [file('people.qrels'), file('q1.qrels'), file('bm25.trec'), file('dense.trec'), '-m', 'P@1'], { hide: dir });
    expect(result.status).toBe(0);
    // On q1, bm25 puts d2 first (people: 0, q1.qrels: 1) and dense d1 (2, 0): dense leads under A, bm25 under B.
    expect(result.stdout).toContain('systems on P@1, best under A first; means over the 1 query both label sets judge\n');
    expect(result.stdout).toMatch(/\ndense\s+bm25\s+1\.0000\s+-1\.0000\s*\n/);
    expect(result.stderr).toBe(
      [
        'rankeval agree: warning: people.qrels and q1.qrels judge different queries: 1 only people.qrels judges (q2), 1 only q1.qrels judges (q7); the means are over the 1 both judge',
        'rankeval agree: warning: a paired comparison needs at least 2 judged queries, got 1: the flipped pairs have no p-value',
        "rankeval agree: warning: τ_b, τ_AP,b and Spearman's ρ over 2 systems are 1, −1 or undefined whatever the labels: they say nothing of the labels' agreement",
        '',
      ].join('\n'),
    );
  });

  it('--names names the runs; csv gives one figure a row', async () => {
    const result = await runCommand(runAgree, [file('people.qrels'), file('llm.jsonl'), file('bm25.trec'), file('dense.trec'), '--names', 'lexical,semantic', '--format', 'csv']);
    expect(result.stdout).toContain('\nruns,lexical,mean_a,');
    expect(result.stdout).toContain('\norders,all,tau_b,');
  });

  it('names its bad arguments, with exit status 2', async () => {
    for (const [args, message] of [
      [['a'], 'expected two label sets (QRELS_A QRELS_B), got 1 file (see rankeval agree --help)'],
      [['a', 'b', 'r'], 'expected no run or two runs or more: one run has no order to compare (see rankeval agree --help)'],
      [['a', 'b', '-m', 'P@1'], "-m is about the runs' order, and no run is given (see rankeval agree --help)"],
      [['a', 'b', '--top-k', '3'], "--top-k is about the runs' order, and no run is given (see rankeval agree --help)"],
      [['a', 'b', 'r', 's', '--top-k', '1'], "--top-k takes an integer of 2 or more; got '1' (see rankeval agree --help)"],
      [['a', 'b', 'r', 's', '-m', 'P@1', '-m', 'ndcg@10'], "-m is given twice ('P@1' and 'ndcg@10'); it takes one value (see rankeval agree --help)"],
      [['a', 'b', 'r', 's', '-m', 'num_ret'], '-m num_ret: its run figure is not a mean of per-query values, which the paired test of a flipped pair needs (see rankeval agree --help)'],
      [['a', 'b', '--samples', '0'], "--samples takes an integer from 1 to 100000; got '0' (see rankeval agree --help)"],
      [['a', 'b', '-l', 'x'], "--relevance-threshold takes a number; got 'x' (see rankeval agree --help)"],
      [['-', '-'], 'only one file can be - (standard input) (see rankeval agree --help)'],
    ] as const) {
      expect(await runCommand(runAgree, args)).toEqual({ status: 2, stdout: '', stderr: message });
    }
  });

  it('exits 3 when the label sets judge no document in common, or a run comes first', async () => {
    expect(await runCommand(runAgree, [file('people.qrels'), file('apart.qrels')], { hide: dir })).toEqual({ status: 3, stdout: '', stderr: 'people.qrels and apart.qrels judge no document in common: nothing to compare' });
    const swapped = await runCommand(runAgree, [file('bm25.trec'), file('llm.jsonl'), file('people.qrels'), file('dense.trec')], { hide: dir });
    expect(swapped.status).toBe(3);
    expect(swapped.stderr).toBe('the files look swapped: bm25.trec reads as a run and people.qrels as a golden set (the label sets come first: QRELS_A QRELS_B RUN …)');
  });
});

describe('rankeval agree --nuggets', () => {
  const examples = join(import.meta.dirname, '../../examples/nuggets');
  const at = (name: string): string => join(examples, name);
  const read = (name: string) => parseNuggetAssignments(readFileSync(at(name)), { file: name });
  const [llmAnswers, peopleAnswers] = [read('assignments.jsonl'), read('human.jsonl')];

  it('prints nuggetLabelAgreement (all, vital, okay) and nuggetSystemAgreement as renderAgreement does, warnings on stderr', async () => {
    const result = await runCommand(runAgree, ['--nuggets', at('assignments.jsonl'), at('human.jsonl'), '--score', 'vital_score'], { hide: examples });
    const labels = nuggetLabelAgreement(llmAnswers, peopleAnswers);
    const systems = nuggetSystemAgreement(llmAnswers, peopleAnswers, { score: 'vital' });
    const report = { names: ['assignments.jsonl', 'human.jsonl'] as const, labels: labels.all, nuggets: { vital: labels.vital, okay: labels.okay }, systems, ...settings };
    expect(result.status).toBe(0);
    expect(result.stdout.replaceAll(examples + '/', '')).toBe(renderAgreement(report, 'table', false));
    expect(result.stdout).toContain('\nvital  ');
    expect(result.stderr.split('\n')).toEqual([
      'rankeval agree: warning: 2 nuggets only assignments.jsonl labels and 0 only human.jsonl labels are left out',
      'rankeval agree: warning: assignments.jsonl and human.jsonl judge different queries: 1 only assignments.jsonl judges (q07), none only human.jsonl judges; the means are over the 2 both judge',
      `rankeval agree: warning: ${systems.warnings[1]!.message}`,
      '',
    ]);
  });

  it('takes the nugget flags, and writes the vital and okay figures in CSV and JSON', async () => {
    const csv = await runCommand(runAgree, ['--nuggets', at('assignments.jsonl'), at('human.jsonl'), '--format', 'csv', '--score', 'all', '--topics', at('nuggets.jsonl'), '--samples', '50', '--seed', '3'], { hide: examples });
    expect(csv.status).toBe(0);
    expect(csv.stdout).toContain('labels,okay,kappa,');
    expect(csv.stdout).toContain(`runs,all,queries,3\n`);
    const json = await runCommand(runAgree, ['--nuggets', at('assignments.jsonl'), at('human.jsonl'), '--format', 'json'], { hide: examples });
    const parsed = JSON.parse(json.stdout) as { nuggets: { vital: { judged: number; perQuery?: unknown } } };
    expect(parsed.nuggets.vital.judged).toBe(nuggetLabelAgreement(llmAnswers, peopleAnswers).vital!.judged);
    expect(parsed.nuggets.vital.perQuery).toBeUndefined();
  });

  it('refuses flags of label sets and runs with --nuggets, and nugget flags without it', async () => {
    const refused = async (args: string[]) => (await runCommand(runAgree, args, { hide: examples })).stderr;
    expect(await refused(['--nuggets', at('assignments.jsonl'), at('human.jsonl'), '-m', 'P@1'])).toContain('-m is about label sets and runs, not nugget assignments (--nuggets)');
    expect(await refused(['--nuggets', at('assignments.jsonl')])).toContain('expected two assignment files (ASSIGNMENTS_A ASSIGNMENTS_B) with --nuggets, got 1');
    expect(await refused(['--nuggets', at('assignments.jsonl'), at('human.jsonl'), '--score', 'recall'])).toContain("--score takes strict_vital, strict_all, vital, all, strict_weighted, weighted; got 'recall'");
    expect(await refused([file('people.qrels'), file('llm.jsonl'), '--score', 'vital'])).toContain('--score is about nugget assignments: give --nuggets');
  });

  it('says, naming the files, when the assigners share no nugget or disagree on a nugget’s importance (exit 3)', async () => {
    writeFileSync(file('other.jsonl'), `${JSON.stringify({ qid: 'q99', run_id: 'x', nuggets: [{ text: 'z', importance: 'vital', assignment: 'support' }] })}\n`);
    expect(await runCommand(runAgree, ['--nuggets', at('assignments.jsonl'), file('other.jsonl')], { hide: dir })).toMatchObject({ status: 3, stderr: expect.stringContaining('and other.jsonl assign no nugget in common: nothing to compare') });
    const okayed = readFileSync(at('human.jsonl'), 'utf8').replace('"importance":"vital"', '"importance":"okay"');
    writeFileSync(file('okayed.jsonl'), okayed);
    expect(await runCommand(runAgree, ['--nuggets', at('assignments.jsonl'), file('okayed.jsonl')], { hide: dir })).toMatchObject({ status: 3, stderr: expect.stringContaining('is vital in `assignmentsA` and okay in `assignmentsB`') });
  });
});
