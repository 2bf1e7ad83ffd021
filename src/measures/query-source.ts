// A query as an evaluator hands it to the catalogue (a QuerySource), and the sources derived from it: the
// dense ranking of grades, the condensed list (judged documents only), and the ranking a token budget cuts.
import type { TieGroup } from '../core/ordering.js';
import type { QueryAspects } from '../core/aspects.js';
import { type Hit, judgedOnly, type JudgedRanking, NOT_POOLED, relevantAtLevel, UNJUDGED } from '../metrics/judged-ranking.js';

/** A query as read by an evaluator: its judged retrieved documents and every judged grade. */
export interface QuerySource {
  /** Documents retrieved. */
  readonly length: number;
  /** Every retrieved document the qrels list (negative grades included), in rank order. */
  readonly hits: readonly Hit[];
  /** Every grade of the query's qrels (retrieved or not). */
  readonly grades: readonly number[];
  /** The dense form, when the evaluator has it already (the TREC evaluator does). */
  readonly dense?: JudgedRanking;
  /** Runs of tied scores whose orders are averaged (`ties: 'average'`); absent when there are none. */
  readonly tieGroups?: readonly TieGroup[] | undefined;
  /** The query's id, for messages. */
  readonly qid?: string;
  /** Document ids in rank order, when a measure asked for reads them (`readsDocuments`). */
  readonly documents?: readonly string[] | undefined;
  /** The query's aspects, when the evaluation was given some. */
  readonly aspects?: QueryAspects | undefined;
}

/**
 * How many documents of a ranking a context window of `budget` tokens holds: the documents are taken in
 * rank order while the running sum of their lengths stays within the budget, and no further than `depth`
 * (the system's k). The first document that would pass the budget ends the window, even if a shorter one
 * further down would fit: a context window is filled in rank order, not packed.
 *
 * @example budgetCut(['a', 'b', 'c'], 250, Infinity, (id) => ({ a: 100, b: 120, c: 90 })[id]) // => 2 (100 + 120 ≤ 250 < 310)
 */
export function budgetCut(documents: readonly string[], budget: number, depth: number, tokens: (id: string) => number): number {
  const last = Math.min(documents.length, depth);
  let total = 0;
  for (let i = 0; i < last; i++) {
    total += tokens(documents[i]!);
    if (total > budget) return i;
  }
  return last;
}

/**
 * `source` cut to its first `depth` documents (`documents`: its ids, in rank order), as a budget cuts it: no
 * tie groups (a budget has no tie-averaged form: averagesTies), and no dense form of the whole ranking.
 */
export function truncate(source: QuerySource, documents: readonly string[], depth: number): QuerySource {
  const hits = depth === source.length ? source.hits : source.hits.filter(([rank]) => rank <= depth);
  const { dense: _whole, ...rest } = source;
  return { ...rest, length: depth, hits, documents: documents.slice(0, depth), tieGroups: undefined };
}

/** The grade at every rank, from the judged documents' ranks. */
export function denseFromHits(source: QuerySource, level: number): JudgedRanking {
  const rel = new Float64Array(source.length).fill(NOT_POOLED);
  let unjudged = 0;
  for (const [rank, grade] of source.hits) {
    if (grade < 0) {
      rel[rank - 1] = UNJUDGED;
      unjudged++;
    } else rel[rank - 1] = grade;
  }
  const counts = new Map<number, number>();
  for (const grade of source.grades) if (grade >= 0) counts.set(grade, (counts.get(grade) ?? 0) + 1);
  const levels = [...counts.keys()].sort((a, b) => a - b);
  const levelCounts = levels.map((grade) => counts.get(grade)!);
  let relevantRetrieved = 0;
  for (const [, grade] of source.hits) if (grade >= 0 && grade >= level) relevantRetrieved++;
  const relevant = relevantAtLevel({ levels, levelCounts }, level);
  return { retrieved: source.length, rel, levels, levelCounts, relevant, relevantRetrieved, notPooled: source.length - source.hits.length, unjudged };
}

/**
 * The condensed list as a source: the graded documents only, ranked 1, 2, … in their order. A tie group
 * keeps its graded members, still tied: every order of a group orders its graded members uniformly too.
 */
export function condense(source: QuerySource, query: JudgedRanking): QuerySource {
  const hits: Hit[] = [];
  const groups = source.tieGroups ?? [];
  const tieGroups: TieGroup[] = [];
  let group = 0;
  let groupStart = 0;
  for (const [rank, grade] of source.hits) {
    if (grade < 0) continue;
    while (group < groups.length && groups[group]!.start + groups[group]!.size <= rank) closeGroup();
    const inGroup = group < groups.length && groups[group]!.start <= rank;
    if (inGroup && groupStart === 0) groupStart = hits.length + 1;
    hits.push([hits.length + 1, grade]);
  }
  while (group < groups.length) closeGroup();
  function closeGroup(): void {
    if (groupStart !== 0 && hits.length + 1 - groupStart > 1) tieGroups.push({ start: groupStart, size: hits.length + 1 - groupStart });
    groupStart = 0;
    group++;
  }
  const condensed: QuerySource = { length: hits.length, hits, grades: source.grades, dense: judgedOnly(query) };
  return tieGroups.length === 0 ? condensed : { ...condensed, tieGroups };
}
