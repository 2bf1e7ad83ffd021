// Scoring a TREC run from its bytes, as `rankeval trec` scores it: each query's block of lines is scored
// when the next query starts; documents are hashed as they are read and only the judged ones are looked
// up, so no document id becomes a string (but for a query kept, or a measure that reads ids).
import type { QueryResults } from '../formats/run.js';
import type { FormatReader } from '../formats/reader.js';
import { lineTooLong, MAX_LINE_BYTES } from '../formats/lines.js';
import { utf8FromLatin1 } from '../formats/utf8.js';
import type { Hit } from '../metrics/judged-ranking.js';
import type { TieGroup } from '../core/ordering.js';
import { DocumentTable } from '../formats/block-index.js';
import { createRunReader, hashBytes, type RunBlock } from '../formats/trec-bytes.js';
import { trecRepeatWatch } from '../formats/run-readers.js';
import { latin1 } from '../core/latin1.js';
import type { ScoreOrder, Ties } from '../core/types.js';
import { RankOrder } from '../formats/rank-order.js';
import type { RunScorer } from './scorer.js';
import { scoresRise } from './run-checks.js';
import type { FoundQuery, JudgedQuery, ShownRanking } from './found.js';

/** The results of chosen queries, kept while the others are dropped (`rankeval eval --explain`). */
export interface KeptQueries {
  readonly wanted: ReadonlySet<string>;
  readonly kept: Map<string, QueryResults>;
}

/** A judged query's document ids as UTF-8 bytes with their hashes, made when its block comes. */
interface JudgedBytes {
  readonly bytes: Uint8Array;
  readonly start: Int32Array;
  readonly end: Int32Array;
  readonly hash: Int32Array;
  readonly grade: Float64Array;
}

const encoder = new TextEncoder();
/** Bytes no UTF-8 run holds as an id (0xFF is never in UTF-8). */
const UNMATCHABLE = Uint8Array.of(0xff);
/** A surrogate alone (read with the u flag, a pair is one code point, not a surrogate). */
const LONE_SURROGATE = /\p{Cs}/u;

function judgedBytes(query: JudgedQuery): JudgedBytes {
  // An id with a lone surrogate is no UTF-8 text, so no id of a run file: encoded, it would become U+FFFD
  // and match a document it is not. It keeps its grade (the ideal counts it) with bytes that match nothing.
  const encoded = [...query.judgments.grades.keys()].map((id) => (LONE_SURROGATE.test(id) ? UNMATCHABLE : encoder.encode(id)));
  const n = encoded.length;
  const bytes = new Uint8Array(encoded.reduce((total, id) => total + id.length, 0));
  const start = new Int32Array(n);
  const end = new Int32Array(n);
  const hash = new Int32Array(n);
  let at = 0;
  encoded.forEach((id, j) => {
    bytes.set(id, at);
    start[j] = at;
    end[j] = at += id.length;
    hash[j] = hashBytes(bytes, start[j]!, end[j]!);
  });
  return { bytes, start, end, hash, grade: Float64Array.from(query.judgments.grades.values()) };
}

/** Refuses a document id that is not UTF-8 (the reader marks blocks of ASCII ids, the usual, as such). */
function checkUtf8(block: RunBlock, file: string): void {
  if (block.ascii) return;
  for (let i = 0; i < block.count; i++) utf8FromLatin1(latin1(block.docBytes, block.docStart[i]!, block.docEnd[i]!), file, block.line[i]!, 'the document id');
}

/** Document ids in rank order (for a query kept), and the results as a file reader would give them. */
function blockResults(block: RunBlock, order: ArrayLike<number>, file: string): QueryResults {
  const id = (i: number): string => utf8FromLatin1(latin1(block.docBytes, block.docStart[i]!, block.docEnd[i]!), file, block.line[i]!, 'the document id');
  const ids = Array.from({ length: block.count }, (_, i) => id(i));
  const scores = Array.from(block.score.subarray(0, block.count));
  let tied = block.count >= 2;
  for (let i = 1; i < block.count && tied; i++) tied = scores[i] === scores[0];
  return { ranked: Array.from(order, (i) => ids[i]!), scored: { ids, scores }, tied };
}

/** The block's top `depth` ids in rank order. */
function topIds(block: RunBlock, order: ArrayLike<number>, file: string, depth: number): string[] {
  return Array.from({ length: Math.min(depth, block.count) }, (_, rank) => {
    const i = order[rank]!;
    return utf8FromLatin1(latin1(block.docBytes, block.docStart[i]!, block.docEnd[i]!), file, block.line[i]!, 'the document id');
  });
}

/** The rank order of a block's documents under `ties`: trec_eval's (score, then id descending), or the file's. */
function blockOrder(rankOrder: RankOrder, block: RunBlock, ties: Ties, scoreOrder: ScoreOrder): ArrayLike<number> {
  return ties === 'given' ? Int32Array.from({ length: block.count }, (_, i) => i) : scoreRankOrder(rankOrder, block, scoreOrder);
}

/** trec_eval's rank order of the block (RankOrder), a lower score first under `scoreOrder: 'ascending'`. */
function scoreRankOrder(rankOrder: RankOrder, block: RunBlock, scoreOrder: ScoreOrder): Int32Array {
  if (scoreOrder === 'descending') return rankOrder.of(block);
  // Read negated, as orderRanking reads an ascending ranking, and put back for what reads the scores after.
  const negate = (): void => {
    for (let i = 0; i < block.count; i++) block.score[i] = -block.score[i]!;
  };
  negate();
  try {
    return rankOrder.of(block);
  } finally {
    negate();
  }
}

/** Scores a TREC run's blocks of lines as they are read, from their bytes (see the module's comment). */
export function trecBlockScorer(file: string, scorer: RunScorer, keep: KeptQueries | undefined): FormatReader<void> {
  const ties = scorer.options.ties;
  const { scoreOrder, checkRising } = scorer.reading;
  const watch = trecRepeatWatch(file);
  // This reader's own space, reused from block to block: the table of a block's documents, their order,
  // each one's rank.
  const documents = new DocumentTable();
  const rankOrder = new RankOrder();
  let rankBuffer = new Int32Array(1024);
  const scoreBlock = (block: RunBlock): void => {
    const qid = utf8FromLatin1(block.qid, file, block.line[0]!, 'the query id');
    checkUtf8(block, file);
    const query = scorer.begin(qid, block.count, { file, line: block.line[0]! });
    // Repeats were refused as the lines were read (`watch`): indexed for the judged documents' lookup.
    documents.index(block, block.count, null, (first, second) => watch.repeated(block, first, second));
    const wanted = keep?.wanted.has(qid) === true;
    if ((query === undefined || query.skipped) && !wanted) return;
    const order = blockOrder(rankOrder, block, ties, scoreOrder);
    if (wanted) keep!.kept.set(qid, blockResults(block, ties === 'given' ? scoreRankOrder(rankOrder, block, scoreOrder) : order, file));
    if (query === undefined || query.skipped) return;

    const count = block.count;
    if (rankBuffer.length < count) rankBuffer = new Int32Array(Math.max(count, rankBuffer.length * 2));
    for (let rank = 0; rank < count; rank++) rankBuffer[order[rank]!] = rank + 1;
    const ids = judgedBytes(query);
    const hits: Hit[] = [];
    // For a scorer whose hook asks for the top of each ranking, each judged document's rank by its id as well.
    const { topDepth, needsDocuments } = scorer.reading;
    const judgedIds = topDepth > 0 ? [...query.judgments.grades.keys()] : undefined;
    const ranks = judgedIds === undefined ? undefined : new Map<string, number>();
    for (let j = 0; j < ids.grade.length; j++) {
      const i = documents.find(block, ids.bytes, ids.start[j]!, ids.end[j]!, ids.hash[j]!);
      if (i === -1) continue;
      hits.push([rankBuffer[i]!, ids.grade[j]!]);
      if (ranks !== undefined) ranks.set(judgedIds![j]!, rankBuffer[i]!);
    }
    hits.sort((a, b) => a[0] - b[0]);
    const shown: ShownRanking | undefined = ranks === undefined ? undefined : { top: topIds(block, order, file, topDepth), ranks };
    const qidBytes = encoder.encode(qid);
    let scoresAllTie = count >= 2;
    for (let i = 1; i < count && scoresAllTie; i++) scoresAllTie = block.score[i] === block.score[0];
    const found: FoundQuery = {
      length: count,
      hits,
      tieGroups: ties === 'average' ? tieGroupsOf(block, order) : undefined,
      holdsQueryId: documents.find(block, qidBytes, 0, qidBytes.length, hashBytes(qidBytes, 0, qidBytes.length)) !== -1,
      scoresAllTie,
      scoresRise: checkRising && scoresRise(count, (i) => block.score[i]!),
      ...(shown === undefined ? {} : { shown }),
      // Ids become strings only for the measures that read them (aspects, budgets, tokens).
      ...(needsDocuments ? { documents: topIds(block, order, file, count) } : {}),
    };
    scorer.score(qid, query, found);
  };
  // Lines past the limit are refused as every other reader of `rankeval eval` refuses them.
  const reader = createRunReader(file, scoreBlock, { scores: 'decimal', lineLimit: { maxBytes: MAX_LINE_BYTES, refuse: (line) => lineTooLong(file, line) }, watch });
  return {
    // A Buffer's indexOf, which the reader calls once a line, is much slower than a plain typed array's.
    push: (chunk) => reader.push(chunk instanceof Uint8Array && chunk.constructor !== Uint8Array ? new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length) : chunk, false),
    end: () => reader.push(new Uint8Array(0), true),
  };
}

/** Runs of equal scores in rank order (`ties: 'average'`), undefined when no score ties. */
function tieGroupsOf(block: RunBlock, order: ArrayLike<number>): TieGroup[] | undefined {
  const groups: TieGroup[] = [];
  for (let i = 0; i < block.count; ) {
    let end = i + 1;
    while (end < block.count && block.score[order[end]!] === block.score[order[i]!]) end++;
    if (end - i > 1) groups.push({ start: i + 1, size: end - i });
    i = end;
  }
  return groups.length === 0 ? undefined : groups;
}
