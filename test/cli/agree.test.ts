import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { labelAgreement } from '../../src/agreement/label-agreement.js';
import { systemAgreement } from '../../src/analysis/system-agreement.js';
import { runAgree } from '../../src/cli/agree.js';
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
