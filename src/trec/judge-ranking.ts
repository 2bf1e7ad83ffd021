// One query of the run as trec_eval sees it: its documents in trec_eval's order (cut at -M), each with its
// grade from the qrels, and the counts trec_eval keeps (R, relevant retrieved, unjudged, not pooled).
import { latin1 } from '../core/latin1.js';
import { compareBytes, DocumentTable } from '../formats/block-index.js';
import { RankOrder } from '../formats/rank-order.js';
import { parseError, type Qrels, type QrelsQuery, type RunBlock } from '../formats/trec-bytes.js';
import { NOT_POOLED, UNJUDGED, type JudgedRanking } from '../metrics/judged-ranking.js';

/**
 * Judges one run's queries one after another (`judge`), in space it owns: the table of a query's documents,
 * their order and their grades. The grades of a JudgedRanking it returns live until its next `judge`, so
 * each evaluation has a judge of its own.
 */
export class RankingJudge {
  private readonly documents = new DocumentTable();
  private readonly rankOrder = new RankOrder();
  private grades = new Float64Array(1024);

  /**
   * Orders a query's documents as trec_eval does, checks for repeats, and reads each one's grade. The first
   * `maxDocs` documents are kept; a grade ≥ `relevanceLevel` is relevant. A document the run lists twice,
   * or the qrels judge twice, is refused at its second line.
   */
  judge(block: RunBlock, judged: QrelsQuery, qrels: Qrels, runFile: string, { maxDocs, relevanceLevel }: { readonly maxDocs: number; readonly relevanceLevel: number }): JudgedRanking {
    const { count } = block;
    const order = this.rankOrder.of(block);
    const numRet = Math.min(count, maxDocs);
    const documents = this.documents;
    documents.index(block, numRet, order, (earlierRank, rank) => repeatedDocument(runFile)(block, order[earlierRank]!, order[rank]!));

    if (this.grades.length < numRet) this.grades = new Float64Array(Math.max(numRet, this.grades.length * 2));
    const rel = this.grades.subarray(0, numRet).fill(NOT_POOLED);
    const levelCount = new Map<number, number>();
    let found = 0;
    let unjudgedInPool = 0;
    let numRelRet = 0;
    const bytes = qrels.bytes;
    checkQrelsRepeats(judged, qrels);
    for (let j = 0; j < judged.grade.length; j++) {
      const grade = judged.grade[j]!;
      if (grade >= 0) levelCount.set(grade, (levelCount.get(grade) ?? 0) + 1);
      const rank = documents.find(block, bytes, judged.docStart[j]!, judged.docEnd[j]!, judged.docHash[j]!);
      if (rank !== -1) {
        rel[rank] = grade < 0 ? UNJUDGED : grade;
        found++;
        if (grade < 0) unjudgedInPool++;
        else if (grade >= relevanceLevel) numRelRet++;
      }
    }
    const levels = [...levelCount.keys()].sort((a, b) => a - b);
    const levelCounts = levels.map((level) => levelCount.get(level)!);
    let numRel = 0;
    levels.forEach((level, i) => {
      if (level >= relevanceLevel) numRel += levelCounts[i]!;
    });
    return { retrieved: numRet, rel, levels, levelCounts, relevant: numRel, relevantRetrieved: numRelRet, notPooled: numRet - found, unjudged: unjudgedInPool };
  }
}

/**
 * trec_eval's refusal of a document the run lists twice for a query it evaluates (its lines `a` and `b` of
 * the block, in either order), at the later line: `run:135: document "Doc96" appears twice for query 1074
 * (lines 45 and 135)`.
 */
export const repeatedDocument =
  (runFile: string) =>
  (block: RunBlock, a: number, b: number): never => {
    const [first, second] = [block.line[a]!, block.line[b]!].sort((x, y) => x - y);
    throw parseError(runFile, second!, `document ${JSON.stringify(latin1(block.docBytes, block.docStart[b]!, block.docEnd[b]!))} appears twice for query ${block.qid} (lines ${first} and ${second})`);
  };

/** trec_eval refuses a qrels that judges one document twice for a query it evaluates. */
function checkQrelsRepeats(judged: QrelsQuery, qrels: Qrels): void {
  const byHash = new Map<number, number[]>();
  for (let j = 0; j < judged.grade.length; j++) {
    const hash = judged.docHash[j]!;
    const same = byHash.get(hash);
    if (same === undefined) {
      byHash.set(hash, [j]);
      continue;
    }
    for (const k of same) {
      if (compareBytes(qrels.bytes, judged.docStart[k]!, judged.docEnd[k]!, qrels.bytes, judged.docStart[j]!, judged.docEnd[j]!) === 0) {
        const doc = latin1(qrels.bytes, judged.docStart[j]!, judged.docEnd[j]!);
        throw parseError(qrels.file, judged.line[j]!, `document ${JSON.stringify(doc)} is judged twice for query ${judged.qid} (lines ${judged.line[k]} and ${judged.line[j]})`);
      }
    }
    same.push(j);
  }
}
