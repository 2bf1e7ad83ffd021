// The formulas of trec_eval's preference measures, over a query's preference counts (preference-counts.ts):
// how many of the judged preferences a ranking fulfils, as a count, as a ratio of all preferences (simp),
// averaged over document pairs (pair) or over judgment groups (avgjg, avgjg_Rnonrel), each over a choice of
// preferences (Scope). Their names are trec_eval's, in measures/trec-table.ts, each bound to its formula.
import { chainTally, type ClassesShape, type GroupCounts, type OrderShape, type PreferenceCounts } from './preference-counts.js';

/**
 * Which preferences a measure counts: `all`, every preference (one whose documents are both unranked is
 * possible, never fulfilled); `ret`, those whose two documents are both ranked; `imp`, those with at least
 * one ranked (the implied ones too).
 */
export type PreferenceScope = 'all' | 'ret' | 'imp';

/** A group's fulfilled and possible preferences in `scope`. */
function inScope(group: GroupCounts, scope: PreferenceScope): { fulfilled: number; possible: number } {
  if (scope === 'ret') return { fulfilled: group.fulfilledRet, possible: group.possibleRet };
  const fulfilled = group.fulfilledRet + group.fulfilledImp;
  const possible = group.possibleRet + group.possibleImp;
  return scope === 'imp' ? { fulfilled, possible } : { fulfilled, possible: possible + group.notOccurring };
}

/**
 * The preferences fulfilled and possible in `scope`, summed over the groups (trec_eval's prefs_num_prefs_ful
 * is `all`'s fulfilled, prefs_num_prefs_ful_ret `ret`'s, prefs_num_prefs_poss `all`'s possible). A pair
 * preferred by two groups counts twice.
 * @example one group preferring d1 > d2, ranking [d2, d1]: { fulfilled: 0, possible: 1 }
 */
export function preferenceTotals(counts: PreferenceCounts, scope: PreferenceScope): { fulfilled: number; possible: number } {
  let fulfilled = 0;
  let possible = 0;
  for (const group of counts.groups) {
    const { fulfilled: f, possible: p } = inScope(group, scope);
    fulfilled += f;
    possible += p;
  }
  return { fulfilled, possible };
}

/**
 * Preferences fulfilled over preferences possible, all groups pooled (trec_eval's prefs_simp, _ret, _imp):
 * Σ fulfilled / Σ possible. A pair preferred by two groups counts twice; one the groups disagree on counts
 * once fulfilled and once not, so conflicts keep the best value below 1.
 * Edge rule: 0 when no preference is possible.
 * @example one group preferring d1 > d2, ranking [d2, d1]: 0 / 1 = 0
 */
export function preferenceRatio(counts: PreferenceCounts, scope: PreferenceScope): number {
  const { fulfilled, possible } = preferenceTotals(counts, scope);
  return possible === 0 ? 0 : fulfilled / possible;
}

/**
 * The mean over document pairs of the share of the groups' preferences on the pair that the ranking
 * fulfils (trec_eval's prefs_pair, _ret, _imp): for a pair preferred a > b by x groups and b > a by y,
 * the pair scores x / (x + y) with a above b. A pair of two unranked documents scores 0 (`all` only).
 * Edge rule: 0 when no pair is judged in `scope`.
 * @example three groups prefer d1 > d2, two prefer d2 > d1, ranking [d1, d2]: 3 / 5
 */
export function pairPreferenceRatio(counts: PreferenceCounts, scope: PreferenceScope): number {
  return pairPreferenceRatios(counts)[scope];
}

/** prefs_pair in its three scopes, from the pair sums (summed as trec_eval sums them, see PairSums). */
function pairPreferenceRatios({ pairSums }: PreferenceCounts): Record<PreferenceScope, number> {
  const { ranked, rankedSum, implied, sum, pairCount } = pairSums;
  const ratio = (total: number, count: number): number => (count === 0 ? 0 : total / count);
  return { ret: ratio(rankedSum, ranked), imp: ratio(sum, ranked + implied), all: ratio(sum, pairCount) };
}

/**
 * The ratio of fulfilled to possible preferences in each judgment group, averaged over the groups
 * (trec_eval's prefs_avgjg, _ret, _imp): every group (every user) weighs the same, however many
 * preferences it holds. A group with no possible preference adds 0 but still counts in the mean.
 * Edge rule: 0 when no group fulfils a preference.
 * @example group A fulfils 1 of 2, group B 3 of 3: (1/2 + 3/3) / 2
 */
export function groupPreferenceRatio(counts: PreferenceCounts, scope: PreferenceScope): number {
  let sum = 0;
  for (const group of counts.groups) {
    const { fulfilled, possible } = inScope(group, scope);
    if (possible !== 0) sum += fulfilled / possible;
  }
  return sum > 0 ? sum / counts.groups.length : 0;
}

/**
 * prefs_avgjg with the non-relevant documents of each group brought to R, its relevant ones (trec_eval's
 * prefs_avgjg_Rnonrel; with `ret`, prefs_avgjg_Rnonrel_ret: R and N counted among the ranked documents).
 * With N non-relevant ≤ R, the group gains R − N fulfilled preferences per ranked relevant document and
 * R − N possible ones per relevant document; with N > R, only the first R non-relevant documents in
 * document-id order (ranked first, then unranked by id) are kept and the group is counted again. Akin to
 * bpref for a group of two levels, 1 and 0.
 * trec_eval's conventions, kept: a one-sub-group group's kept non-relevant documents are the first R of
 * its lowest level (whatever that level), paired with every level including that one (a document with
 * itself counts as possible); in `ret`, R − N possible preferences are added per relevant document (ranked
 * or not), and a several-sub-group group keeps its non-relevant documents up to the (R + 1)th with R the
 * relevant documents of the whole group. A group whose counts come to 0 / 0 makes the query's value 0.
 * Edge rule: 0 when the sum over groups is not above 0.
 * @example one group, d1 at 1 and d2, d3 at 0, ranking [d1, d2, d3]: R = 1 < N = 2, d3 dropped; d1 > d2
 *   fulfilled, d2 and d3 against the kept d2 possible: 1 / 3
 */
export function groupPreferenceRatioRnonrel(counts: PreferenceCounts, scope: 'all' | 'ret'): number {
  let sum = 0;
  for (const group of counts.groups) {
    const R = scope === 'ret' ? group.relRet : group.rel;
    const N = scope === 'ret' ? group.nonrelRet : group.nonrel;
    let fulfilled: number;
    let possible: number;
    if (R >= N) {
      ({ fulfilled, possible } = inScope(group, scope));
      fulfilled += group.relRet * (R - N);
      possible += group.rel * (R - N);
    } else {
      ({ fulfilled, possible } = group.shape.kind === 'classes' ? recountClasses(group.shape, counts, R, scope) : recountOrder(group.shape, group.rel, counts, scope));
    }
    sum += fulfilled / possible;
  }
  return sum > 0 ? sum / counts.groups.length : 0;
}

/** An id above every document's: what trec_eval's reads past a query's level ids are taken to find. */
const PAST_THE_POOL = 0x7fffffff;

/** A one-sub-group group counted again with its lowest level cut to its first `kept` documents (read on through the pool, as trec_eval reads). */
function recountClasses({ classes }: ClassesShape, counts: PreferenceCounts, kept: number, scope: 'all' | 'ret'): { fulfilled: number; possible: number } {
  const { pool, judgedRet } = counts;
  const last = classes[classes.length - 1]!;
  // trec_eval reads the first `kept` ids from the lowest level's start on, past it into the next groups'
  // ids, and past the query's own into memory it does not define: there, an id above every document.
  const lowest = new Int32Array(kept).fill(PAST_THE_POOL);
  lowest.set(pool.subarray(last.start, Math.min(last.start + kept, pool.length)));
  // In `ret`, each list is read up to its first unranked document.
  const ranked = (ids: Int32Array): Int32Array => {
    if (scope === 'all') return ids;
    let end = 0;
    while (end < ids.length && ids[end]! < judgedRet) end++;
    return ids.subarray(0, end);
  };
  const slices = classes.map(({ start, size }) => ranked(pool.subarray(start, start + size)));
  // Each level with the later ones but the lowest, then every level (the lowest too) with the kept ones.
  const tallies = [chainTally(slices.slice(0, -1), judgedRet), chainTally([Int32Array.from(slices.flatMap((slice) => [...slice])), ranked(lowest)], judgedRet)];
  let fulfilled = 0;
  let possible = 0;
  for (const tally of tallies) {
    fulfilled += tally.fulfilledRet + tally.fulfilledImp;
    possible += tally.fulfilledRet + tally.unfulfilledRet + tally.fulfilledImp + tally.unfulfilledImp + tally.notOccurring;
  }
  return { fulfilled, possible };
}

/** A several-sub-group group counted again without its non-relevant documents past the (R + 1)th by id. */
function recountOrder({ docs, levels, above }: OrderShape, rel: number, counts: PreferenceCounts, scope: 'all' | 'ret'): { fulfilled: number; possible: number } {
  const { judged, judgedRet } = counts;
  const end = scope === 'ret' ? judgedRet : judged;
  let firstDropped = end;
  let seen = 0;
  for (const doc of docs) {
    if (doc >= end) break;
    if (levels.get(doc) === 0 && ++seen === rel + 1) {
      firstDropped = doc;
      break;
    }
  }
  const dropped = (doc: number): boolean => doc >= firstDropped && levels.get(doc) === 0;
  let fulfilled = 0;
  let possible = 0;
  for (const a of docs) {
    if (dropped(a) || (scope === 'ret' && a >= judgedRet)) continue;
    for (const b of above.get(a)!) {
      if (dropped(b) || (scope === 'ret' && b >= judgedRet)) continue;
      if (a < judgedRet && a < b) fulfilled++;
      else possible++;
    }
  }
  return { fulfilled, possible: possible + fulfilled };
}
