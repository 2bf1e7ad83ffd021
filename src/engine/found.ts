// One query as the scorer takes it: its judgments (JudgedQuery), and what a reader found in its ranking
// (FoundQuery), from ids in memory (rankingFound) or from a run file's bytes; and the hook through which a
// caller sees each query found (ScorerHook), with keepFound, the hook that keeps them.
import { argument } from '../core/errors.js';
import { whileReading } from '../core/boundary.js';
import type { Judgments } from '../core/judgments.js';
import { indexIds, rankOf, releaseIndex, type IdIndex } from '../core/id-index.js';
import { orderRanking, type TieGroup } from '../core/ordering.js';
import type { ScoreOrder, Ties } from '../core/types.js';
import { judgedHits } from '../metrics/counts.js';
import type { Hit } from '../metrics/judged-ranking.js';
import type { QueryAspects } from '../core/aspects.js';
import { scoresAllTie, scoresRise } from './run-checks.js';

/** A judged query's judgments, read when its ranking comes. */
export interface JudgedQuery {
  readonly judgments: Judgments;
  /** Every grade of the query's judgments, retrieved or not. */
  readonly grades: readonly number[];
  /** With `noRelevant: 'skip'`, a query without relevant documents: read, but never scored. */
  readonly skipped: boolean;
  /** Its aspects, when the evaluation was given some for it. */
  readonly aspects?: QueryAspects | undefined;
}

/** One query as a reader found it: its judged retrieved documents, not its ids. */
export interface FoundQuery {
  /** Documents retrieved. */
  readonly length: number;
  /** Every retrieved document the judgments list, as (rank, grade), in rank order. */
  readonly hits: readonly Hit[];
  /** Runs of tied scores whose orders are averaged (`ties: 'average'`), else undefined. */
  readonly tieGroups: readonly TieGroup[] | undefined;
  /** The ranking holds a document whose id is the query's own (the queryInRanking check). */
  readonly holdsQueryId: boolean;
  /** Two or more documents, all with the same score (the allScoresTied check). */
  readonly scoresAllTie: boolean;
  /** Three or more scores that rise down the list as given (the ascending_scores warning; see scoresRise); false when not looked for (`RankingReading.checkRising`). */
  readonly scoresRise: boolean;
  /** What a view of its top needs (explainTop), when the scorer's hook asks for it (`ScorerHook.topDepth`). */
  readonly shown?: ShownRanking;
  /** Every document id in rank order, when a measure reads them (`RunScorer.needsDocuments`). */
  readonly documents?: readonly string[];
}

/** The top ids of a ranking (rank order, `topDepth` of them) and the rank of each judged document it retrieved. */
export interface ShownRanking {
  readonly top: readonly string[];
  readonly ranks: ReadonlyMap<string, number>;
}

/** Thrown by `begin` for a query id seen before: the run's lines for it are not together. */
export class QueryRepeated extends Error {
  constructor(readonly qid: string) {
    super(`query ${JSON.stringify(qid)} appears in two places of the run`);
  }
}

/** The top `depth` ids of a ranking and its judged documents' ranks (found through its `index`). */
export function shownRanking(ids: readonly string[], query: JudgedQuery, index: IdIndex, depth: number): ShownRanking {
  const ranks = new Map<string, number>();
  for (const id of query.judgments.grades.keys()) {
    const rank = rankOf(index, id);
    if (rank !== 0) ranks.set(id, rank);
  }
  return { top: ids.slice(0, depth), ranks };
}

/** A judged query left out of the means (`noRelevant: 'skip'`): its ranking is not read. */
export const SKIPPED: JudgedQuery = { judgments: { grades: new Map(), relevant: 0 }, grades: [], skipped: true };

/** The ranking of a judged query the run does not answer (no ids either: a budget or tokens@k reads them). */
export const EMPTY_RANKING: FoundQuery = { length: 0, hits: [], tieGroups: undefined, holdsQueryId: false, scoresAllTie: false, scoresRise: false, documents: [] };

/**
 * How a caller sees the queries a scorer takes, besides their scores: told of each query begun (judged or
 * not) and of each judged query scored, with what its reader found. `topDepth` asks the readers to put the
 * top ids of each ranking in what they find (`FoundQuery.shown`).
 */
export interface ScorerHook {
  readonly topDepth?: number;
  readonly begun?: (qid: string, length: number) => void;
  readonly scored?: (qid: string, found: FoundQuery) => void;
}

/** A hook that keeps what was found in each judged query scored, and the longest ranking begun (judged or not). */
export interface KeptFound extends ScorerHook {
  /** Query id → what its reader found, in the order they were scored. */
  readonly found: ReadonlyMap<string, FoundQuery>;
  /** Documents in the longest ranking begun (0 before any). */
  longest(): number;
}

/**
 * Keeps what a scorer's readers find, with the top `topDepth` ids of each ranking: to score the same
 * queries again on other measures (`remeasured` settings) without reading the run again, and to show the
 * top of a ranking.
 */
export function keepFound(topDepth: number): KeptFound {
  const found = new Map<string, FoundQuery>();
  let longest = 0;
  return {
    topDepth,
    found,
    longest: () => longest,
    begun: (_qid, length) => void (length > longest && (longest = length)),
    scored: (qid, query) => void found.set(qid, query),
  };
}

/** How a ranking in memory is read: the public function the errors name, the tie rule, and what to keep. */
export interface RankingReading {
  readonly fn: string;
  readonly ties: Ties;
  readonly scoreOrder: ScoreOrder;
  /** Keep every id in rank order (`FoundQuery.documents`): some measure reads them. */
  readonly needsDocuments: boolean;
  /** Keep the top ids (`FoundQuery.shown`); 0 keeps none. */
  readonly topDepth: number;
  /** Look for scores that rise down the list (`FoundQuery.scoresRise`): only a run without `scoreOrder`, ranked by its scores, is warned of them. */
  readonly checkRising: boolean;
}

/** The run a reader reads, the subject of the errors in its rankings (the query in `at`). */
const RUN = argument('run');

/** The length of a query's ranking in memory as its reader sees it before reading it (0 for no array). */
export function rankingLength(ranking: unknown, qid: string, fn: string): number {
  // Array.isArray throws for a revoked Proxy: orderRanking names it.
  return whileReading(fn, 'invalid_ranking', () => `run[${JSON.stringify(qid)}]`, () => (Array.isArray(ranking) ? ranking.length : 0));
}

/** What a reader finds in a judged query's ranking given as ids or `{id, score}` objects (ordered, checked). */
export function rankingFound(ranking: unknown, qid: string, query: JudgedQuery, reading: RankingReading): FoundQuery {
  const where = `run[${JSON.stringify(qid)}]`;
  const about = { subject: RUN, at: { query: qid } };
  const { ids, tieGroups } = orderRanking(ranking, reading.fn, where, reading.ties, reading.scoreOrder, about);
  const index = indexIds(ids, reading.fn, where, about);
  const found: FoundQuery = {
    length: ids.length,
    hits: judgedHits(index, query.judgments),
    tieGroups,
    holdsQueryId: rankOf(index, qid) !== 0,
    scoresAllTie: scoresAllTie(ranking as readonly unknown[]),
    scoresRise: reading.checkRising && typeof (ranking as readonly unknown[])[0] === 'object' && scoresRise(ids.length, (i) => ((ranking as readonly unknown[])[i] as { score: number }).score),
    ...(reading.needsDocuments ? { documents: ids as readonly string[] } : {}),
    ...(reading.topDepth > 0 ? { shown: shownRanking(ids as readonly string[], query, index, reading.topDepth) } : {}),
  };
  releaseIndex(index);
  return found;
}
