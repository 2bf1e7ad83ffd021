// trec_eval's several-judges qrels (`-R qrels_jg`: `qid ujg docno rel` lines), on bytes: each query's
// judgments split by judgment group (a judge, or a group of them), each group's held as a qrels query is.
import { latin1 } from '../core/latin1.js';
import { compareBytes } from './block-index.js';
import { parseError } from './trec-fields.js';
import { forEachFieldsLine } from './trec-fields.js';
import { addJudgment, emptyQuery, type Qrels, type QrelsQuery } from './trec-qrels.js';

/** One judgment group of a query: its name (the `ujg` field) and its judgments. */
export interface JudgeGroup {
  readonly judge: string;
  readonly judged: QrelsQuery;
}

/**
 * A several-judges qrels file: as `Qrels`, every query with all its judgments (what -c counts queries
 * over), and `judges`, query id → its judgment groups in byte order of their names (trec_eval's order).
 */
export interface JudgeQrels extends Qrels {
  readonly judges: ReadonlyMap<string, readonly JudgeGroup[]>;
}

/**
 * Reads a whole several-judges qrels file (`qid ujg docno rel` lines) as trec_eval reads it: four fields
 * separated by blanks, the grade read by C's atol, a blank line refused; with `comments` (trec_eval 10), a
 * line starting with `#` skipped, one at a time. A document judged twice by one group for one query is
 * refused, whether or not the run has that query (trec_eval checks as it reads the file).
 * @example parseQrelsJg(bytes('q1 alice d1 2\nq1 bob d1 0\n'), 'qrels') // q1 → alice: d1 2; bob: d1 0
 */
export function parseQrelsJg(bytes: Uint8Array, file: string, comments = false): JudgeQrels {
  const queries = new Map<string, QrelsQuery>();
  const byJudge = new Map<string, Map<string, QrelsQuery>>();
  forEachFieldsLine(bytes, file, { comments, names: 'qid ujg docno rel', what: 'qrels' }, (fields, line) => {
    const qid = latin1(bytes, fields[0]!, fields[1]!);
    const judge = latin1(bytes, fields[2]!, fields[3]!);
    let query = queries.get(qid);
    let groups = byJudge.get(qid);
    if (query === undefined || groups === undefined) {
      queries.set(qid, (query = emptyQuery(qid)));
      byJudge.set(qid, (groups = new Map()));
    }
    let judged = groups.get(judge);
    if (judged === undefined) groups.set(judge, (judged = emptyQuery(qid)));
    addJudgment(query, bytes, fields, line);
    addJudgment(judged, bytes, fields, line);
  });
  const judges = new Map<string, JudgeGroup[]>();
  for (const [qid, groups] of byJudge) {
    // latin1 strings compare as their bytes do: strcmp's order.
    const sorted = [...groups].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([judge, judged]) => ({ judge, judged }));
    for (const group of sorted) refuseRepeats(group, bytes, file);
    judges.set(qid, sorted);
  }
  return { bytes, file, queries, judges };
}

/** trec_eval refuses a file in which one group judges a document twice for a query. */
function refuseRepeats({ judge, judged }: JudgeGroup, bytes: Uint8Array, file: string): void {
  const order = judged.line.map((_, j) => j);
  const compare = (a: number, b: number): number => compareBytes(bytes, judged.docStart[a]!, judged.docEnd[a]!, bytes, judged.docStart[b]!, judged.docEnd[b]!);
  order.sort((a, b) => compare(a, b) || a - b);
  for (let i = 1; i < order.length; i++) {
    const [first, second] = [order[i - 1]!, order[i]!];
    if (compare(first, second) !== 0) continue;
    const doc = latin1(bytes, judged.docStart[second]!, judged.docEnd[second]!);
    throw parseError(file, judged.line[second]!, `document ${JSON.stringify(doc)} is judged twice by ${JSON.stringify(judge)} for query ${judged.qid} (lines ${judged.line[first]} and ${judged.line[second]})`);
  }
}
