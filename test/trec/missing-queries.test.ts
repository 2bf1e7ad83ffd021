// trec_eval 10's judged queries without results: refused, or with -c scored on its stand-in ranking.
import { describe, expect, test } from 'vitest';
import { missingQueryResults } from '../../src/trec/missing-queries.js';
import type { QueryResult } from '../../src/trec/output.js';
import { selectMeasures } from '../../src/trec/select-measures.js';
import { qrelsOf } from '../helpers/trec-bytes.js';

const qrels = qrelsOf('q2 0 d1 1\nq1 0 d1 1\nq3 0 d1 1\n');
const bound = selectMeasures(['num_ret', 'P.5', 'relstring'], 10);

describe('missingQueryResults', () => {
  test('with -c, evaluates each missing query on one unjudged document, in qid order, zeroing num_ret and the relstring', () => {
    const evaluated: string[] = [];
    const results = missingQueryResults(qrels, new Set(['q2']), 'run', true, bound, (block, judged) => {
      const doc = new TextDecoder().decode(block.docBytes.subarray(block.docStart[0], block.docEnd[0]));
      evaluated.push(`${judged.qid}:${block.count}:${doc}`);
      return { qid: block.qid, values: Float64Array.of(1, 0), relstring: 'n' } satisfies QueryResult;
    });
    expect(evaluated).toEqual(['q1:1:ceci_nest_pas_un_docno', 'q3:1:ceci_nest_pas_un_docno']);
    expect(bound.flatMap((b) => b.names)).toEqual(['num_ret', 'P_5', 'relstring']);
    expect(results.map(({ qid, values, relstring }) => ({ qid, values: [...values], relstring }))).toEqual([
      { qid: 'q1', values: [0, 0], relstring: '' },
      { qid: 'q3', values: [0, 0], relstring: '' },
    ]);
  });

  test('without -c, refuses the first missing query', () => {
    expect(() => missingQueryResults(qrels, new Set(['q2']), 'run', false, bound, () => { throw new Error('not evaluated'); })).toThrow(
      'query q1 of the qrels has no results in run (trec_eval 10 needs -c for that)',
    );
  });

  test('gives nothing when every judged query has results', () => {
    expect(missingQueryResults(qrels, new Set(['q1', 'q2', 'q3']), 'run', true, bound, () => { throw new Error('not evaluated'); })).toEqual([]);
  });
});
