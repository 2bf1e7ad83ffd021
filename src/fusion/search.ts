// The cross-validated search on setting indices: each fold's setting chosen on the other folds' queries
// alone, then scored on its own; and the in-sample choice over every query.
import { compareUtf8 } from '../core/ordering.js';
import { seededRandom } from '../stats/random.js';
import { meanOf } from '../stats/mean.js';

export interface SearchPlan {
  /** The judged queries, in UTF-8 byte order. */
  readonly queryIds: readonly string[];
  /** How many settings there are (0 … settings − 1). */
  readonly settings: number;
  readonly folds: number;
  readonly seed: number;
  readonly higherIsBetter: boolean;
  /** The mean measure of a setting over the given queries: the only figure a choice is made by. */
  readonly objective: (setting: number, queryIds: readonly string[]) => number;
  /** Each given query's measure under a setting already chosen. */
  readonly heldOut: (setting: number, queryIds: readonly string[]) => number[];
}

export interface SearchResult {
  readonly best: number;
  readonly inSample: number;
  readonly inSampleScores: number[];
  readonly crossValidated: number;
  readonly byFold: { queries: string[]; chosen: number; training: number; heldOut: number }[];
}

/** Whether `score` is better than `than` for a measure where higher (or lower) is better. */
export function isBetter(score: number, than: number, higher: boolean): boolean {
  return higher ? score > than : score < than;
}

/**
 * The search and its cross-validation: each fold's setting is chosen by `objective` over the training
 * queries alone, then scored on the fold's own queries through `heldOut`. Of equal means the later setting
 * is chosen (as ranx's `>=` keeps it). With one fold, the in-sample figure stands for the cross-validated one.
 */
export function crossValidatedSearch(plan: SearchPlan): SearchResult {
  const { queryIds, settings, folds, seed, higherIsBetter: higher, objective, heldOut } = plan;
  const scoresOn = (queries: readonly string[]) => Array.from({ length: settings }, (_, setting) => objective(setting, queries));
  const choose = (scores: readonly number[]) => {
    let chosen = 0;
    scores.forEach((score, setting) => {
      if (score === scores[chosen] || isBetter(score, scores[chosen]!, higher)) chosen = setting;
    });
    return { chosen, score: scores[chosen]! };
  };
  const byFold: SearchResult['byFold'] = [];
  const heldOutScores = new Map<string, number>();
  if (folds > 1) {
    for (const queries of splitIntoFolds(queryIds, folds, seed)) {
      const held = new Set(queries);
      const training = queryIds.filter((qid) => !held.has(qid));
      const { chosen, score } = choose(scoresOn(training));
      const scores = heldOut(chosen, queries);
      queries.forEach((qid, i) => heldOutScores.set(qid, scores[i]!));
      byFold.push({ queries, chosen, training: score, heldOut: meanOf(scores) });
    }
  }
  const inSampleScores = scoresOn(queryIds);
  const { chosen: best, score: inSample } = choose(inSampleScores);
  return { best, inSample, inSampleScores, crossValidated: folds > 1 ? meanOf(queryIds.map((qid) => heldOutScores.get(qid)!)) : inSample, byFold };
}

/** The queries shuffled with `seed` and dealt into `folds` folds, each fold's ids in UTF-8 byte order. */
export function splitIntoFolds(queryIds: readonly string[], folds: number, seed: number): string[][] {
  const shuffled = [...queryIds];
  const random = seededRandom(seed);
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = random.below(i + 1);
    [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
  }
  const dealt: string[][] = Array.from({ length: folds }, () => []);
  shuffled.forEach((qid, i) => dealt[i % folds]!.push(qid));
  return dealt.map((fold) => fold.sort(compareUtf8));
}
