import { describe, expect, it } from 'vitest';
import { splitMeasures } from '../../../src/measures/names/list.js';

describe('splitMeasures', () => {
  it.each([
    [['ndcg@10, recall@5,mrr@10'], ['ndcg@10', 'recall@5', 'mrr@10']],
    // A trec_eval name's parameter list keeps its commas; a name after it starts afresh.
    [['P.5,10,ndcg@10'], ['P.5,10', 'ndcg@10']],
    [['utility.1,-1,0,0'], ['utility.1,-1,0,0']],
    [['ndcg_cut.5, 10, 20'], ['ndcg_cut.5,10,20']],
    // Commas inside brackets belong to the name; a number after a rankeval name does not continue it.
    [['P(rel=2,judged_only=true)@5,map'], ['P(rel=2,judged_only=true)@5', 'map']],
    [['recall@5,10'], ['recall@5', '10']],
    // Every list given, in order.
    [['map', 'P.1,5'], ['map', 'P.1,5']],
  ])('%j → %j', (values, names) => {
    expect(splitMeasures(values)).toEqual(names);
  });

  it('keeps an empty list or piece as "", for the caller to refuse', () => {
    expect(splitMeasures([''])).toEqual(['']);
    expect(splitMeasures(['P@1,,ndcg@10'])).toEqual(['P@1', '', 'ndcg@10']);
    expect(splitMeasures(['ndcg@10, '])).toEqual(['ndcg@10', '']);
  });
});
