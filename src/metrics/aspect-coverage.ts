// The aspects of a query as the diversity measures read them: which aspects each document covers at a
// relevance level, how many of them the top k covers, and the checks of the arguments those measures share.
import { readQueryAspects, type QueryAspects } from '../core/aspects.js';
import { argument, fail } from '../core/errors.js';
import { whileReading } from '../core/boundary.js';
import { isRelevant } from '../core/judgments.js';

/**
 * The aspects of one query at a relevance level: how many aspects some document covers (grade ≥ level, and
 * ≥ 0, as every measure reads a grade), and, per covering document, which of them it covers (positions in the
 * aspects' order). Aspects no document covers are left out, as ndeval leaves out subtopics with no positive
 * judgment: they could never be found, so they would only lower every ranking's score alike.
 */
export interface AspectCoverage {
  readonly count: number;
  readonly covers: ReadonlyMap<string, readonly number[]>;
}

export function coverageOf(given: QueryAspects, level: number, fn: string): AspectCoverage {
  const aspects = readQueryAspects(given, fn);
  const covers = new Map<string, number[]>();
  let count = 0;
  for (const judged of aspects.values()) {
    let covered = false;
    for (const [id, grade] of judged) {
      if (!isRelevant(grade, level)) continue;
      covered = true;
      const list = covers.get(id);
      if (list === undefined) covers.set(id, [count]);
      else list.push(count);
    }
    if (covered) count++;
  }
  return { count, covers };
}

/** A ranking of ids is an array (a revoked Proxy is named: whileReading). */
export function checkIds(ranking: unknown, fn: string): void {
  if (!whileReading(fn, 'invalid_ranking', 'the ranking', () => Array.isArray(ranking))) fail('invalid_ranking', fn, 'the ranking', 'an array of document ids', ranking, argument('ranking'));
}

/** The number of ranks a cutoff reads in a ranking of `length` documents (Infinity: all of them). */
export const depthOf = (k: number, length: number): number => Math.min(k, length);

export function checkLevel(level: unknown, fn: string): number {
  if (typeof level !== 'number' || !Number.isFinite(level)) fail('invalid_option', fn, 'the relevance level', 'a finite number', level, argument('level'));
  return level;
}

export function checkAlpha(alpha: unknown, fn: string): number {
  if (typeof alpha !== 'number' || !(alpha >= 0 && alpha <= 1)) fail('invalid_option', fn, { kind: 'option', option: 'alpha' }, 'a number from 0 to 1', alpha);
  return alpha;
}

/** The aspects covered in the top k of the ranking, as a count. */
export function coveredAt(ranking: readonly string[], coverage: AspectCoverage, k: number): number {
  const seen = new Uint8Array(coverage.count);
  let covered = 0;
  const depth = depthOf(k, ranking.length);
  for (let rank = 0; rank < depth && covered < coverage.count; rank++) {
    for (const aspect of coverage.covers.get(ranking[rank]!) ?? []) {
      if (seen[aspect] === 0) {
        seen[aspect] = 1;
        covered++;
      }
    }
  }
  return covered;
}
