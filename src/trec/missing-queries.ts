// trec_eval 10's judged queries without results: refused, or with -c scored on a stand-in ranking of one
// document nobody judged, then the counts that ranking would add zeroed. (trec_eval 9 leaves them to the
// `all` lines' averages: see output.ts.)
import { RankevalError } from '../core/errors.js';
import { hashBytes, type Qrels, type QrelsQuery, type RunBlock } from '../formats/trec-bytes.js';
import type { QueryResult } from './output.js';
import type { BoundMeasure } from './select-measures.js';

/**
 * The results trec_eval 10 gives the queries of `qrels` that are not in `seen`, in qid order: with
 * `complete`, each query evaluated on the stand-in ranking, its `num_ret`, `utility`, `rbp_resid` and
 * `unj…` values zeroed and its relstring empty; without, the first one is refused.
 */
export function missingQueryResults(
  qrels: Qrels,
  seen: ReadonlySet<string>,
  runFile: string,
  complete: boolean,
  bound: readonly BoundMeasure[],
  evaluate: (block: RunBlock, judged: QrelsQuery) => QueryResult,
): QueryResult[] {
  const results: QueryResult[] = [];
  const relstring = bound.find((b) => b.measure.name === 'relstring');
  for (const judged of [...qrels.queries.values()].sort((a, b) => (a.qid < b.qid ? -1 : 1))) {
    if (seen.has(judged.qid)) continue;
    if (!complete) throw unansweredQuery(judged.qid, 'qrels', runFile);
    const result = evaluate(standInBlock(judged.qid), judged);
    // trec_eval 10 zeroes these by value name, so a parameterised `utility_…` or `relstring_…` keeps its value.
    for (const { offset, names } of bound) {
      names.forEach((name, i) => {
        if (name === 'num_ret' || name === 'utility' || name === 'rbp_resid' || name.startsWith('unj')) result.values[offset + i] = 0;
      });
    }
    results.push(relstring?.names[0] === 'relstring' ? { ...result, relstring: '' } : result);
  }
  return results;
}

/** trec_eval 10's refusal of a judged query (of the `judgments` file) without results in the run, without -c. */
export const unansweredQuery = (qid: string, judgments: string, runFile: string): RankevalError =>
  new RankevalError({
    code: 'invalid_run',
    subject: { kind: 'run', run: runFile },
    at: { query: qid },
    problem: `query ${qid} of the ${judgments} has no results in ${runFile} (trec_eval 10 needs -c for that)`,
    expected: 'results for every judged query',
    received: qid,
  });

/** The one document of trec_eval 10's ranking for a judged query without results, which nobody judged. */
export const STAND_IN_DOCNO = 'ceci_nest_pas_un_docno';

/** trec_eval 10's ranking for a judged query without results: one document nobody judged. */
function standInBlock(qid: string): RunBlock {
  const docBytes = new TextEncoder().encode(STAND_IN_DOCNO);
  return {
    qid,
    count: 1,
    ascii: true,
    docBytes,
    docStart: Int32Array.of(0),
    docEnd: Int32Array.of(docBytes.length),
    docHash: Int32Array.of(hashBytes(docBytes, 0, docBytes.length)),
    score: Float64Array.of(1.0),
    line: Int32Array.of(0),
  };
}
