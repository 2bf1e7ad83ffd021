// One query as trec_eval sees it: trec_eval's order, the grade at each rank, and its counts.
import { describe, expect, test } from 'vitest';
import { RankingJudge } from '../../src/trec/judge-ranking.js';
import { NOT_POOLED, UNJUDGED } from '../../src/metrics/judged-ranking.js';
import { blocksOf, qrelsOf } from '../helpers/trec-bytes.js';

// d1 relevant (2), d2 judged not relevant, d3 pooled but unjudged (-1), d4 relevant and not retrieved.
const qrels = qrelsOf('q1 0 d1 2\nq1 0 d2 0\nq1 0 d3 -1\nq1 0 d4 1\n');
// trec_eval's order: score descending, a tie by docno descending (d3 before d1 at 0.9), the rank column ignored.
const [block] = blocksOf('q1 Q0 d2 1 0.5 r\nq1 Q0 d1 2 0.9 r\nq1 Q0 d3 3 0.9 r\nq1 Q0 x 4 0.1 r\n');
const judgeRanking = (...args: Parameters<RankingJudge['judge']>) => new RankingJudge().judge(...args);
const judge = (maxDocs: number, relevanceLevel = 1) => {
  const judged = judgeRanking(block!, qrels.queries.get('q1')!, qrels, 'run', { maxDocs, relevanceLevel });
  return { ...judged, rel: [...judged.rel] };
};

describe('RankingJudge', () => {
  test('grades each rank in trec_eval order and counts R, relevant retrieved, unjudged and not pooled', () => {
    expect(judge(1000)).toEqual({
      retrieved: 4,
      rel: [UNJUDGED, 2, 0, NOT_POOLED],
      levels: [0, 1, 2],
      levelCounts: [1, 1, 1],
      relevant: 2,
      relevantRetrieved: 1,
      notPooled: 1,
      unjudged: 1,
    });
  });

  test('reads the first maxDocs documents only (-M)', () => {
    expect(judge(2)).toMatchObject({ retrieved: 2, rel: [UNJUDGED, 2], relevant: 2, relevantRetrieved: 1, notPooled: 0, unjudged: 1 });
  });

  test('counts R and relevant retrieved at the relevance level (-l)', () => {
    expect(judge(1000, 2)).toMatchObject({ relevant: 1, relevantRetrieved: 1 });
    expect(judge(1000, 0)).toMatchObject({ relevant: 3, relevantRetrieved: 2 });
  });

  test('refuses a document the run lists twice for a query, at its second line', () => {
    const [twice] = blocksOf('q1 Q0 d1 1 0.9 r\nq1 Q0 d2 2 0.8 r\nq1 Q0 d1 3 0.95 r\n');
    expect(() => judgeRanking(twice!, qrels.queries.get('q1')!, qrels, 'run', { maxDocs: 1000, relevanceLevel: 1 })).toThrow(
      'run:3: document "d1" appears twice for query q1 (lines 1 and 3)',
    );
  });

  test('refuses a qrels that judges a document twice for the query', () => {
    const judgedTwice = qrelsOf('q1 0 d1 2\nq1 0 d2 0\nq1 0 d1 1\n');
    expect(() => judgeRanking(block!, judgedTwice.queries.get('q1')!, judgedTwice, 'run', { maxDocs: 1000, relevanceLevel: 1 })).toThrow(
      'qrels:3: document "d1" is judged twice for query q1 (lines 1 and 3)',
    );
  });

  test('two judges used in turns each keep the grades of the query it judged last', () => {
    const other = qrelsOf('q2 0 e1 1\nq2 0 e2 3\n');
    const [second] = blocksOf('q2 Q0 e1 1 0.5 r\nq2 Q0 e2 2 0.4 r\nq2 Q0 e3 3 0.3 r\n');
    const options = { maxDocs: 1000, relevanceLevel: 1 };
    const [first, next] = [new RankingJudge(), new RankingJudge()];
    const a = first.judge(block!, qrels.queries.get('q1')!, qrels, 'run', options);
    const b = next.judge(second!, other.queries.get('q2')!, other, 'run', options);
    expect([...a.rel]).toEqual([UNJUDGED, 2, 0, NOT_POOLED]);
    expect([...b.rel]).toEqual([1, 3, NOT_POOLED]);
    // Each judge's own next query, in turns again.
    const c = first.judge(second!, other.queries.get('q2')!, other, 'run', options);
    const d = next.judge(block!, qrels.queries.get('q1')!, qrels, 'run', options);
    expect([...c.rel]).toEqual([1, 3, NOT_POOLED]);
    expect([...d.rel]).toEqual([UNJUDGED, 2, 0, NOT_POOLED]);
  });
});
