import { describe, expect, it } from 'vitest';
import { conventionsLine } from '../../src/measures/conventions.js';
import { compare, evaluateRun } from '../../src/index.js';

const run = { q1: ['a', 'b'], q2: ['c'] };
const qrels = { q1: { b: 1 }, q2: { c: 2, d: 1 } };

describe('evaluateRun conventions', () => {
  it('states every rule behind the numbers, defaults filled in', () => {
    expect(evaluateRun(run, qrels, { measures: ['ndcg@2', 'P@1'] }).conventions).toEqual({
      ties: 'trec',
      scoreOrder: 'descending',
      gain: 'linear',
      idcg: 'all judged documents',
      relevanceThreshold: 1,
      unansweredQueries: 'scored 0 as an empty ranking',
      unjudgedQueries: 'left out and listed',
      noRelevant: 'zero',
      apDenominator: 'relevant',
      aggregation: { 'ndcg@2': 'mean', 'P@1': 'mean' },
      trecEval: '9.0.8',
    });
  });

  it('follows the options given', () => {
    const { conventions } = evaluateRun(run, qrels, { measures: ['map'], gain: 'exponential', relevanceThreshold: 2, noRelevant: 'skip', apDenominator: 'min-relevant-k', scoreOrder: 'ascending' });
    expect(conventions).toMatchObject({ gain: 'exponential', relevanceThreshold: 2, noRelevant: 'skip', apDenominator: 'min-relevant-k', scoreOrder: 'ascending' });
    expect(evaluateRun(run, qrels, { measures: ['map'], scoreOrder: 'descending' }).conventions.scoreOrder).toBe('descending');
  });

  it("names each measure's aggregation from the catalogue, keyed as the caller wrote the measure", () => {
    const { conventions } = evaluateRun(run, qrels, { measures: ['MAP', 'gm_map', 'num_ret', 'num_rel_ret'] });
    expect({ ...conventions.aggregation }).toEqual({ MAP: 'mean', gm_map: 'geometric', num_ret: 'sum', num_rel_ret: 'sum' });
    expect(Object.getPrototypeOf(conventions.aggregation)).toBeNull();
  });
});

describe('compare conventions', () => {
  it('are those every run was scored under', () => {
    const comparison = compare({ a: run, b: run }, qrels, { measures: ['P@1'], gain: 'exponential' });
    expect(comparison.conventions).toEqual(evaluateRun(run, qrels, { measures: ['P@1'], gain: 'exponential' }).conventions);
  });
});

describe('conventionsLine', () => {
  it('puts the conventions on one line, naming the measures not averaged', () => {
    const { conventions } = evaluateRun(run, qrels, { measures: ['ndcg@2', 'gm_map', 'num_ret'], apDenominator: 'min-relevant-k', relevanceThreshold: 2 });
    expect(conventionsLine(conventions)).toBe(
      'ties trec · gain linear · IDCG all judged · relevant grade ≥ 2 · unanswered 0 · no-relevant zero · AP / min(R, k) · gm_map geometric mean · num_ret summed · trec_eval 9.0.8',
    );
    expect(conventionsLine(conventions, (name) => name.toUpperCase())).toContain('GM_MAP geometric mean · NUM_RET summed');
  });

  it('names the score order when it is ascending, trec_eval\'s descending order going without saying', () => {
    expect(conventionsLine(evaluateRun(run, qrels, { measures: ['P@1'], scoreOrder: 'ascending' }).conventions)).toBe(
      'ties trec · scores ascending · gain linear · IDCG all judged · relevant grade ≥ 1 · unanswered 0 · no-relevant zero · AP / R · trec_eval 9.0.8',
    );
    expect(conventionsLine(evaluateRun(run, qrels, { measures: ['P@1'], scoreOrder: 'descending' }).conventions)).not.toContain('scores');
  });
});
