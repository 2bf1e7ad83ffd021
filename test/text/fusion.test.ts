// The report of `rankeval fuse --optimize` on the optimiser's hand-worked case (test/fusion-optimizer.test.ts),
// whose figures are known: in-sample 1/2, and 0 cross-validated, every held-out query lost.
import { describe, expect, it } from 'vitest';
import { compare } from '../../src/analysis/compare.js';
import { optimizeFusion } from '../../src/fusion/optimize.js';
import { renderComparison } from '../../src/text/comparison.js';
import { renderFusionOptimization, settingText } from '../../src/text/fusion.js';

const scored = (...ids: string[]) => ids.map((id, i) => ({ id, score: ids.length - i }));
const queries = ['q1', 'q2', 'q3', 'q4'];
// Under RRF, k = 1 puts d first (wanted by q1, q2), k = 10 puts e first (wanted by q3, q4).
const runs = new Map([
  ['A', Object.fromEntries(queries.map((qid) => [qid, scored('d', 'a2', 'a3', 'e')]))],
  ['B', Object.fromEntries(queries.map((qid) => [qid, scored('b1', 'b2', 'b3', 'e')]))],
]);
const qrels = { q1: { d: 1 }, q2: { d: 1 }, q3: { e: 1 }, q4: { e: 1 } };

describe('renderFusionOptimization', () => {
  it('shows each run alone, each fold, in-sample beside cross-validated, their difference and the paired test', () => {
    const result = optimizeFusion(runs, qrels, { method: 'rrf', measure: 'P@1', grid: [1, 10], folds: 4 });
    const comparison = compare(result.comparable, qrels, { measures: ['P@1'] });
    const text = renderFusionOptimization(result, comparison, { output: 'hybrid.trec', search: 'k from --grid', seed: 42, skipping: false });
    const [before, after] = text.split(renderComparison(comparison, 'table'));
    // A alone answers q1 and q2 (d first): 2/4; B answers nothing: 0. Leave-one-out, every held-out query scores 0.
    // Holding out q1 or q2, k = 10 wins on the other three (2/3) and fails it; holding out q3 or q4, k = 1.
    const folds = result.byFold.map(({ queries: [held] }, i) => `   ${i + 1}        1  ${(held === 'q1' || held === 'q2' ? '10' : '1').padEnd(8)}    0.6667    0.0000`);
    expect(before).toBe(
      [
        'rrf of A, B, tuned on P@1: 2 settings (k from --grid), 4 judged queries, 4 folds (seed 42)',
        '',
        'run alone     P@1',
        'A          0.5000  best alone',
        'B          0.0000',
        '',
        'fold  queries  chosen k  training  held-out',
        ...folds,
        '',
        'fused               P@1   Δ vs A  setting',
        'in-sample        0.5000   0.0000  k 10: best on all 4 queries, the run written',
        "cross-validated  0.0000  −0.5000  each query under its fold's choice, made without it",
        '',
        'fitting: in-sample − cross-validated = +0.5000 (the part of the in-sample figure that the choice itself made)',
        '',
        'the out-of-fold fused run against A, the best run alone:',
        '',
      ].join('\n'),
    );
    expect(after).toBe('\nrun written to hybrid.trec: rrf with k 10, over every query of the runs\n');
  });

  it('with --folds 1 shows no folds and no cross-validated figure, and says the figure is flattered', () => {
    const result = optimizeFusion(runs, qrels, { method: 'rrf', measure: 'P@1', grid: [1, 10], folds: 1 });
    const text = renderFusionOptimization(result, compare(result.comparable, qrels, { measures: ['P@1'] }), { output: undefined, search: 'k from --grid', seed: 42, skipping: false });
    expect(text).toMatch(/, no cross-validation \(--folds 1\)\n/);
    expect(text).not.toMatch(/^fold|^cross-validated|^fitting/m);
    expect(text).toMatch(/^--folds 1: the setting is chosen and scored on the same queries/m);
    expect(text).toMatch(/^the fused run, in-sample, against A, the best run alone:$/m);
    expect(text).toMatch(/^run written to standard output: rrf with k 10/m);
  });

  it('shows run names and the output as written, not as a terminal would obey them', () => {
    const named = new Map([['A\x1b[2J', runs.get('A')!], ['B', runs.get('B')!]]);
    const result = optimizeFusion(named, qrels, { method: 'wsum', measure: 'P@1', grid: 0.5, folds: 2 });
    const text = renderFusionOptimization(result, compare(result.comparable, qrels, { measures: ['P@1'] }), { output: 'out\x1b[0m', search: 'weights in steps of 0.5', seed: 42, skipping: false });
    expect(text).not.toContain('\x1b');
    expect(text).toContain('of A\\x1b[2J, B, tuned on P@1');
    expect(text).toContain('run written to out\\x1b[0m: wsum (norm none) with weights');
  });

  it('prints every digit of a weight, so the setting shown is the one fused', () => {
    expect(settingText({ weights: [0.1234567890123, 1 - 0.1234567890123] })).toBe('weights 0.1234567890123, 0.8765432109877');
    expect(settingText({ k: 60 })).toBe('k 60');
  });
});
