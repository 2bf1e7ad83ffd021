// A TREC run scored from its bytes (trecBlockScorer): the numbers of the same rankings scored as ids, the
// results of the queries kept, and the top of each ranking when the scorer's hook asks for it.
import { describe, expect, it } from 'vitest';
import { evaluateRun } from '../../src/index.js';
import { keepFound } from '../../src/engine/found.js';
import { createRunScorer } from '../../src/engine/scorer.js';
import { trecBlockScorer, type KeptQueries } from '../../src/engine/stream-trec.js';

const qrels = { q1: { a: 1, c: 2 }, q2: { b: 1 } };
// q1: c (3.0), b (2.0), a (1.0); q2: b and x tie at 1.0, and trec_eval's order puts x (the greater id) first.
const file = ['q1 Q0 a 1 1.0 r', 'q1 Q0 b 2 2.0 r', 'q1 Q0 c 3 3.0 r', 'q2 Q0 b 1 1.0 r', 'q2 Q0 x 2 1.0 r', ''].join('\n');
const measures = ['P@1', 'ndcg@3', 'recall@2'];

function scoreBytes(options: { keep?: KeptQueries; topDepth?: number; scoreOrder?: 'descending' } = {}) {
  const kept = keepFound(options.topDepth ?? 0);
  const scorer = createRunScorer(qrels, { measures, ...(options.scoreOrder === undefined ? {} : { scoreOrder: options.scoreOrder }) }, 'test', kept);
  const reader = trecBlockScorer('run.trec', scorer, options.keep);
  reader.push(new TextEncoder().encode(file));
  reader.end();
  return { result: scorer.result(), kept };
}

describe('trecBlockScorer', () => {
  it("scores each query's block as evaluateRun scores its rankings, and says when a query's scores all tie or rise", () => {
    const { result } = scoreBytes();
    const expected = evaluateRun({ q1: ['c', 'b', 'a'], q2: ['x', 'b'] }, qrels, { measures });
    expect(result.mean).toEqual(expected.mean);
    expect(result.perQuery).toEqual(expected.perQuery);
    // q1's lines list its scores rising (1.0, 2.0, 3.0), as a file of distances would.
    // Within ndcg@3's top 3, q1's b and q2's x are unjudged, counted from the bytes as from the ids.
    expect(result.warnings.map((warning) => [warning.code, warning.queries])).toStrictEqual([
      ['unjudged_documents', ['q1', 'q2']],
      ['ascending_scores', ['q1']],
      ['all_scores_tied', ['q2']],
    ]);
    expect(result.warnings[0]).toStrictEqual(expected.warnings[0]);
  });

  it('looks for rising scores only when no scoreOrder is given, the only case a warning says them', () => {
    expect(scoreBytes().kept.found.get('q1')!.scoresRise).toBe(true);
    const ordered = scoreBytes({ scoreOrder: 'descending' });
    expect(ordered.kept.found.get('q1')!.scoresRise).toBe(false);
    expect(ordered.result.warnings.map((warning) => warning.code)).toStrictEqual(['unjudged_documents', 'all_scores_tied']);
  });

  it('keeps the results of the queries wanted, as a file reader gives them', () => {
    const keep: KeptQueries = { wanted: new Set(['q2']), kept: new Map() };
    scoreBytes({ keep });
    expect([...keep.kept.keys()]).toStrictEqual(['q2']);
    expect(keep.kept.get('q2')).toStrictEqual({ ranked: ['x', 'b'], scored: { ids: ['b', 'x'], scores: [1, 1] }, tied: true });
  });

  it("gives the hook the top of each ranking and each judged document's rank when it asks for them", () => {
    const { kept } = scoreBytes({ topDepth: 2 });
    expect(kept.found.get('q1')!.shown).toStrictEqual({ top: ['c', 'b'], ranks: new Map([['a', 3], ['c', 1]]) });
    expect(kept.longest()).toBe(3);
  });
});
