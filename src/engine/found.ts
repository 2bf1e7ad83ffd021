// One query as the scorer takes it: its judgments (JudgedQuery), and what a reader found in its ranking
// (FoundQuery), from ids in memory or from a run file's bytes.
import type { Judgments } from '../core/judgments.js';
import { rankOf, type IdIndex } from '../core/id-index.js';
import type { TieGroup } from '../core/ordering.js';
import type { Hit } from '../metrics/judged-ranking.js';
import type { QueryAspects } from '../core/aspects.js';

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
  /** What a view of its top needs (explainTop), when the scorer keeps what it found (the report). */
  readonly shown?: ShownRanking;
  /** Every document id in rank order, when a measure reads them (`RunScorer.needsDocuments`). */
  readonly documents?: readonly string[];
}

/** The top ids of a ranking (rank order, `shownDepth` of them) and the rank of each judged document it retrieved. */
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
export const EMPTY_RANKING: FoundQuery = { length: 0, hits: [], tieGroups: undefined, holdsQueryId: false, scoresAllTie: false, documents: [] };
