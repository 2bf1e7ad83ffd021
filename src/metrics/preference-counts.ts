// Preference judgments against one ranking: which of the judged preferences (document A over B) the
// ranking fulfils, counted per judgment group as trec_eval's preference measures count them
// (form_prefs_counts), with the sums over pairs of documents that the pair measures read.
//
// A judgment group (JG) is one person's view of a query at one time, in sub-groups: inside a sub-group a
// document with a higher level is preferred to one with a lower level. With one sub-group a JG is a total
// preorder (its levels are equivalence classes); with several it is a partial order, closed transitively
// across its sub-groups, which must then have no cycle. Level 0 means non-relevant; above 0, relevant.
import { compareUtf8 } from '../core/ordering.js';
import { RankevalError } from '../core/errors.js';
import { Fenwick, lowerBound } from '../core/fenwick.js';
import type { PreferenceLine } from '../core/types.js';

/**
 * What one judgment group's preferences come to against the ranking. Preference A > B is *retrieved* when
 * both are ranked (fulfilled when A is above B), *implied* when one is (fulfilled when that one is A), and
 * *not occurring* when neither is (never fulfilled). The possible counts include the fulfilled ones.
 */
export interface GroupCounts {
  readonly fulfilledRet: number;
  readonly possibleRet: number;
  readonly fulfilledImp: number;
  readonly possibleImp: number;
  readonly notOccurring: number;
  /** Documents of the group with a level above 0, and those of them ranked. */
  readonly rel: number;
  readonly relRet: number;
  /** Documents at level 0 (at 0 or below in a one-sub-group group, as trec_eval counts), and those ranked. */
  readonly nonrel: number;
  readonly nonrelRet: number;
  /** How the group holds its preferences, for the measures that count them again (prefs_avgjg_Rnonrel). */
  readonly shape: ClassesShape | OrderShape;
}

/** A one-sub-group JG: its levels, highest first, each a slice of `PreferenceCounts.pool` (document ids by rank). */
export interface ClassesShape {
  readonly kind: 'classes';
  readonly classes: readonly { readonly level: number; readonly start: number; readonly size: number }[];
}

/** A several-sub-group JG: its documents (ids ascending), their levels, and the closed order between them. */
export interface OrderShape {
  readonly kind: 'order';
  readonly docs: readonly number[];
  /** Each document's level, as the last of its lines in (sub-group, level descending) order gives it. */
  readonly levels: ReadonlyMap<number, number>;
  /** Preferred id → the ids it is preferred to (the transitive closure, without the document itself). */
  readonly above: ReadonlyMap<number, readonly number[]>;
}

/**
 * A query's counts. Document ids: the judged documents the ranking holds, 0 … judgedRet − 1 in rank
 * order, then the judged documents it does not hold, in byte order of their ids.
 */
export interface PreferenceCounts {
  readonly judged: number;
  readonly judgedRet: number;
  readonly groups: readonly GroupCounts[];
  /** What the pair measures (prefs_pair, _ret, _imp) read of the pairs some group has a preference on. */
  readonly pairSums: PairSums;
  /** The document ids of every one-sub-group JG's levels, back to back in group order. */
  readonly pool: Int32Array;
}

/**
 * The pairs of documents some group has a preference on, as trec_eval's pair measures read its table of
 * pairs: per ordered pair (a, b) the preferences of a to b over all groups, kept in 16 bits (so a pair
 * whose two counts are both multiples of 65536 is no pair). Pair a, b with a ranked higher (or a ranked,
 * b not) scores forward / (forward + backward).
 */
export interface PairSums {
  /** Pairs of two ranked documents, and their scores summed in trec_eval's order (a, then b, ascending). */
  readonly ranked: number;
  readonly rankedSum: number;
  /** Pairs of a ranked and an unranked document, and `rankedSum` with their scores added in that order. */
  readonly implied: number;
  readonly sum: number;
  /** Every pair, those of two unranked documents included. */
  readonly pairCount: number;
}

/** Why a query's preferences cannot be counted: the judgments contradict themselves, or the ranking repeats a document. */
export interface PreferenceFailure {
  readonly kind: 'two_levels' | 'zero_and_nonzero' | 'cycle' | 'repeated_document';
  readonly error: RankevalError;
}

/**
 * Counts a query's preferences against `ranked` (document ids in rank order, each once), as trec_eval's
 * form_prefs_counts does: groups in byte order of their ids; a one-sub-group JG by its levels (every pair of
 * documents at different levels a preference, a document listed twice at one level counted twice); a
 * several-sub-group JG by the transitive closure of its sub-groups' preferences. Contradictions are
 * returned, not thrown: a document at two levels of a one-sub-group JG, at level 0 and above 0 in one JG, a
 * cycle of preferences in one JG. A one-sub-group JG is counted per level (O(n log n)), never pair by pair.
 * @example countPreferences('q1', ['d2', 'd1'], [{group: 'a', subgroup: 's', doc: 'd1', level: 2}, {group: 'a', subgroup: 's', doc: 'd2', level: 1}])
 * // => one group: possibleRet 1, fulfilledRet 0 (d2 is ranked above d1)
 */
export function countPreferences(qid: string, ranked: readonly string[], lines: readonly PreferenceLine[]): PreferenceCounts | PreferenceFailure {
  const ids = new Map<string, number>();
  for (const line of lines) ids.set(line.doc, -1);
  let judgedRet = 0;
  for (const doc of ranked) if (ids.get(doc) === -1) ids.set(doc, judgedRet++);
  let judged = judgedRet;
  for (const doc of [...ids.keys()].sort(compareUtf8)) if (ids.get(doc) === -1) ids.set(doc, judged++);

  const byGroup = new Map<string, { subgroup: string; doc: string; id: number; level: number }[]>();
  for (const line of lines) {
    let group = byGroup.get(line.group);
    if (group === undefined) byGroup.set(line.group, (group = []));
    group.push({ subgroup: line.subgroup, doc: line.doc, id: ids.get(line.doc)!, level: line.level });
  }
  const pool: number[] = [];
  const groups: GroupCounts[] = [];
  const docOf = (id: number): string => [...ids].find(([, other]) => other === id)![0];
  for (const name of [...byGroup.keys()].sort(compareUtf8)) {
    const group = byGroup.get(name)!;
    group.sort((a, b) => compareUtf8(a.subgroup, b.subgroup) || (a.level > b.level ? -1 : a.level < b.level ? 1 : 0) || a.id - b.id);
    const oneSubgroup = group.every((line) => line.subgroup === group[0]!.subgroup);
    const counted = oneSubgroup ? countClasses(group, judgedRet, pool) : countOrder(group, judgedRet);
    if (typeof counted === 'number') return failure(qid, name, counted, group, docOf);
    if ('kind' in counted && counted.kind === 'cycle') return failure(qid, name, -1, group, docOf, counted.pair);
    groups.push(counted as GroupCounts);
  }
  const poolIds = Int32Array.from(pool);
  return { judged, judgedRet, groups, pairSums: sumPairs(groups, poolIds, judged, judgedRet), pool: poolIds };
}

/**
 * Where preferences of a to b fall: both ranked, a above b (fulfilledRet) or below (unfulfilledRet); a
 * ranked and b not (fulfilledImp), or b and not a (unfulfilledImp); neither ranked (notOccurring).
 */
export interface PairTally {
  fulfilledRet: number;
  unfulfilledRet: number;
  fulfilledImp: number;
  unfulfilledImp: number;
  notOccurring: number;
}

const emptyTally = (): PairTally => ({ fulfilledRet: 0, unfulfilledRet: 0, fulfilledImp: 0, unfulfilledImp: 0, notOccurring: 0 });

/** Adds one preference of document a to b (ids) to `tally`, where it falls. */
function tallyPair(tally: PairTally, a: number, b: number, judgedRet: number): void {
  if (a < judgedRet) {
    if (b >= judgedRet) tally.fulfilledImp++;
    else if (a < b) tally.fulfilledRet++;
    else tally.unfulfilledRet++;
  } else if (b < judgedRet) tally.unfulfilledImp++;
  else tally.notOccurring++;
}

/** `tally` + sign · `other`, field by field, into `tally`. */
function addTally(tally: PairTally, other: PairTally, sign: 1 | -1): void {
  for (const key of Object.keys(tally) as (keyof PairTally)[]) tally[key] += sign * other[key];
}

/**
 * The preferences of a chain of classes, each item preferred to every item of the later classes (ids, an
 * item listed twice counted twice; an item paired with itself falls as a < b does not hold), tallied by
 * where they fall without enumerating them: a Fenwick tree over the ranked ids counts, for each ranked
 * item, the ranked items of the earlier classes above it. O(n log n) for n items.
 * @example chainTally([[0], [2, 1]], 3) // => fulfilledRet 2 (0 is above 1 and 2), the rest 0
 */
export function chainTally(classes: readonly ArrayLike<number>[], judgedRet: number): PairTally {
  const tally = emptyTally();
  const rankedIds: number[] = [];
  for (const items of classes) for (let i = 0; i < items.length; i++) if (items[i]! < judgedRet) rankedIds.push(items[i]!);
  const keys = Int32Array.from(new Set(rankedIds)).sort();
  const tree = new Fenwick(keys.length);
  let ranked = 0;
  let unranked = 0;
  for (const items of classes) {
    for (let i = 0; i < items.length; i++) {
      const b = items[i]!;
      if (b < judgedRet) {
        const above = tree.below(lowerBound(keys, b));
        tally.fulfilledRet += above;
        tally.unfulfilledRet += ranked - above;
        tally.unfulfilledImp += unranked;
      } else {
        tally.fulfilledImp += ranked;
        tally.notOccurring += unranked;
      }
    }
    for (let i = 0; i < items.length; i++) {
      const a = items[i]!;
      if (a >= judgedRet) {
        unranked++;
        continue;
      }
      ranked++;
      tree.add(lowerBound(keys, a));
    }
  }
  return tally;
}

/** A group's counts from the tally of its preferences. */
function groupCountsOf(tally: PairTally): Pick<GroupCounts, 'fulfilledRet' | 'possibleRet' | 'fulfilledImp' | 'possibleImp' | 'notOccurring'> {
  return {
    fulfilledRet: tally.fulfilledRet,
    possibleRet: tally.fulfilledRet + tally.unfulfilledRet,
    fulfilledImp: tally.fulfilledImp,
    possibleImp: tally.fulfilledImp + tally.unfulfilledImp,
    notOccurring: tally.notOccurring,
  };
}

type Line = { readonly subgroup: string; readonly doc: string; readonly id: number; readonly level: number };

/** A one-sub-group JG: its levels as classes; the id of a document found at two levels, if one is. */
function countClasses(group: readonly Line[], judgedRet: number, pool: number[]): GroupCounts | number {
  const classes: { level: number; start: number; size: number }[] = [];
  for (const line of group) {
    const last = classes[classes.length - 1];
    if (last === undefined || last.level !== line.level) classes.push({ level: line.level, start: pool.length, size: 0 });
    classes[classes.length - 1]!.size++;
    pool.push(line.id);
  }
  const levelOf = new Map<number, number>();
  for (const line of group) {
    const seen = levelOf.get(line.id);
    if (seen !== undefined && seen !== line.level) return line.id;
    levelOf.set(line.id, line.level);
  }
  let rel = 0;
  let relRet = 0;
  let nonrel = 0;
  let nonrelRet = 0;
  for (const { level, start, size } of classes) {
    let ranked = 0;
    while (ranked < size && pool[start + ranked]! < judgedRet) ranked++;
    if (level > 0) {
      rel += size;
      relRet += ranked;
    } else {
      nonrel += size;
      nonrelRet += ranked;
    }
  }
  const tally = chainTally(
    classes.map(({ start, size }) => pool.slice(start, start + size)),
    judgedRet,
  );
  return { ...groupCountsOf(tally), rel, relRet, nonrel, nonrelRet, shape: { kind: 'classes', classes } };
}

/**
 * A several-sub-group JG: the preferences of each sub-group, closed transitively. Returns the id of a
 * document at level 0 and above 0, or a cycle's two documents.
 */
function countOrder(group: readonly Line[], judgedRet: number): GroupCounts | number | { kind: 'cycle'; pair: [number, number] } {
  // Levels in line order, checked as they are set: a level 0 after one above 0, or the reverse, contradicts.
  const levels = new Map<number, number>();
  const direct = new Map<number, Set<number>>();
  for (let i = 0; i < group.length; i++) {
    const line = group[i]!;
    const seen = levels.get(line.id);
    if (seen !== undefined && ((seen > 0 && line.level === 0) || (seen === 0 && line.level > 0))) return line.id;
    levels.set(line.id, line.level);
    let j = i + 1;
    while (j < group.length && group[j]!.subgroup === line.subgroup && group[j]!.level === line.level) j++;
    let below = direct.get(line.id);
    if (below === undefined) direct.set(line.id, (below = new Set()));
    for (; j < group.length && group[j]!.subgroup === line.subgroup; j++) below.add(group[j]!.id);
  }
  const docs = [...levels.keys()].sort((a, b) => a - b);
  // The closure: every document reachable from each one (a search per document).
  const above = new Map<number, number[]>();
  const reach = new Map<number, Set<number>>();
  for (const start of docs) {
    const seen = new Set<number>();
    const stack = [...direct.get(start)!];
    while (stack.length > 0) {
      const doc = stack.pop()!;
      if (seen.has(doc)) continue;
      seen.add(doc);
      for (const next of direct.get(doc)!) if (!seen.has(next)) stack.push(next);
    }
    seen.delete(start);
    reach.set(start, seen);
    above.set(start, [...seen].sort((a, b) => a - b));
  }
  for (const a of docs) for (const b of above.get(a)!) if (b > a && reach.get(b)!.has(a)) return { kind: 'cycle', pair: [a, b] };

  const tally = emptyTally();
  for (const a of docs) for (const b of above.get(a)!) tallyPair(tally, a, b, judgedRet);
  let rel = 0;
  let relRet = 0;
  let nonrel = 0;
  let nonrelRet = 0;
  for (const doc of docs) {
    const level = levels.get(doc)!;
    if (level > 0) {
      rel++;
      if (doc < judgedRet) relRet++;
    } else if (level === 0) {
      nonrel++;
      if (doc < judgedRet) nonrelRet++;
    }
  }
  return { ...groupCountsOf(tally), rel, relRet, nonrel, nonrelRet, shape: { kind: 'order', docs, levels, above } };
}

/** trec_eval keeps a pair's count of preferences in 16 bits. */
const PAIR_COUNT_WRAP = 0x10000;

/** A document's place in one group: its level's index (−1 in a several-sub-group group), and how often it is listed there. */
interface Membership {
  readonly group: number;
  readonly cls: number;
  times: number;
}

/**
 * The pair sums (PairSums) without a table of pairs. A document listed once in one group only is *single*:
 * a pair with a single document is that one group's, its count 1 times the other document's lines, and is
 * counted per level with chainTally (over each group's documents once, less its pairs of two shared ones).
 * Pairs of two shared documents are counted one by one over their groups, in trec_eval's order. Only where
 * groups disagree on a pair (a score strictly between 0 and 1) and single documents are ranked is every
 * ranked pair visited again, to sum the scores in trec_eval's order.
 */
function sumPairs(groups: readonly GroupCounts[], pool: Int32Array, judged: number, judgedRet: number): PairSums {
  const memberships: Membership[][] = Array.from({ length: judged }, () => []);
  groups.forEach(({ shape }, group) => {
    if (shape.kind === 'order') {
      for (const doc of shape.docs) memberships[doc]!.push({ group, cls: -1, times: 1 });
      return;
    }
    shape.classes.forEach(({ start, size }, cls) => {
      for (let i = start; i < start + size; i++) {
        const list = memberships[pool[i]!]!;
        const last = list[list.length - 1];
        if (last !== undefined && last.group === group) last.times++;
        else list.push({ group, cls, times: 1 });
      }
    });
  });
  const shared = (doc: number): boolean => memberships[doc]!.length > 1 || memberships[doc]![0]!.times > 1;

  const tally = emptyTally();
  groups.forEach(({ shape }, group) => {
    if (shape.kind === 'order') {
      for (const a of shape.docs) for (const b of shape.above.get(a)!) if (!(shared(a) && shared(b))) tallyPair(tally, a, b, judgedRet);
      return;
    }
    // Each document once; one listed a multiple of 65536 times has no pair with a single document.
    const distinct = shape.classes.map(({ start, size }) => {
      const docs: number[] = [];
      for (let i = start; i < start + size; i++) {
        const doc = pool[i]!;
        if (i > start && pool[i - 1] === doc) continue;
        const times = memberships[doc]!.find((entry) => entry.group === group)!.times;
        if (times % PAIR_COUNT_WRAP !== 0) docs.push(doc);
      }
      return docs;
    });
    addTally(tally, chainTally(distinct, judgedRet), 1);
    addTally(
      tally,
      chainTally(
        distinct.map((docs) => docs.filter(shared)),
        judgedRet,
      ),
      -1,
    );
  });

  // A pair's counts, a to b and b to a (16 bits each), over the groups of both.
  let forward = 0;
  let backward = 0;
  const countPair = (a: number, b: number): void => {
    forward = backward = 0;
    const ma = memberships[a]!;
    const mb = memberships[b]!;
    for (let i = 0, j = 0; i < ma.length && j < mb.length; ) {
      const x = ma[i]!;
      const y = mb[j]!;
      if (x.group !== y.group) {
        if (x.group < y.group) i++;
        else j++;
        continue;
      }
      const { shape } = groups[x.group]!;
      if (shape.kind === 'classes') {
        if (x.cls < y.cls) forward += x.times * y.times;
        else if (x.cls > y.cls) backward += x.times * y.times;
      } else if (includes(shape.above.get(a)!, b)) forward++;
      else if (includes(shape.above.get(b)!, a)) backward++;
      i++;
      j++;
    }
    forward %= PAIR_COUNT_WRAP;
    backward %= PAIR_COUNT_WRAP;
  };

  // The pairs of two shared documents, in trec_eval's order: two ranked ones, a ranked and an unranked one, two unranked ones.
  const sharedDocs: number[] = [];
  for (let doc = 0; doc < judged; doc++) if (shared(doc)) sharedDocs.push(doc);
  const sharedRet = lowerBound(sharedDocs, judgedRet);
  let split = false;
  let sum = 0;
  const add = (a: number, b: number): boolean => {
    countPair(a, b);
    if (forward === 0 && backward === 0) return false;
    if (forward !== 0 && backward !== 0) split = true;
    sum += forward / (forward + backward);
    return true;
  };
  let ranked = 0;
  let implied = 0;
  let unranked = 0;
  for (let i = 0; i < sharedRet; i++) for (let j = i + 1; j < sharedRet; j++) if (add(sharedDocs[i]!, sharedDocs[j]!)) ranked++;
  const sharedRankedSum = sum;
  for (let i = 0; i < sharedRet; i++) for (let j = sharedRet; j < sharedDocs.length; j++) if (add(sharedDocs[i]!, sharedDocs[j]!)) implied++;
  for (let i = sharedRet; i < sharedDocs.length; i++) {
    for (let j = i + 1; j < sharedDocs.length; j++) {
      countPair(sharedDocs[i]!, sharedDocs[j]!);
      if (forward !== 0 || backward !== 0) unranked++;
    }
  }
  const soloRanked = tally.fulfilledRet + tally.unfulfilledRet;
  const soloImplied = tally.fulfilledImp + tally.unfulfilledImp;
  const counts = { ranked: soloRanked + ranked, implied: soloImplied + implied, pairCount: soloRanked + soloImplied + tally.notOccurring + ranked + implied + unranked };
  // Scores of 0 and 1 only: whole numbers, summed exactly in any order.
  if (!split) return { ...counts, rankedSum: tally.fulfilledRet + sharedRankedSum, sum: tally.fulfilledRet + sharedRankedSum + tally.fulfilledImp + (sum - sharedRankedSum) };
  // Scores strictly between 0 and 1 too: summed in trec_eval's order, which rounds as it does; already so
  // when every ranked pair is one of two shared documents, otherwise every ranked pair is visited again.
  if (soloRanked === 0 && soloImplied === 0) return { ...counts, rankedSum: sharedRankedSum, sum };
  sum = 0;
  for (let a = 0; a < judgedRet; a++) for (let b = a + 1; b < judgedRet; b++) add(a, b);
  const rankedSum = sum;
  for (let a = 0; a < judgedRet; a++) for (let b = judgedRet; b < judged; b++) add(a, b);
  return { ...counts, rankedSum, sum };
}

/** Whether the ascending `ids` hold `id`. */
const includes = (ids: readonly number[], id: number): boolean => ids[lowerBound(ids, id)] === id;

/**
 * The contradiction found in group `name`, as an error naming the query, the group and the documents: a
 * cycle is `preference_cycle` (`at` a document of the cycle), the others `invalid_qrels` (`at` the document);
 * the subject is the query, `facts.key` the group, `received` the group (cycle) or the document.
 */
function failure(qid: string, name: string, id: number, group: readonly Line[], docOf: (id: number) => string, pair?: [number, number]): PreferenceFailure {
  const where = `query ${JSON.stringify(qid)}, judgment group ${JSON.stringify(name)}`;
  // The query is the subject, the judgment group the key.
  const about = (document?: string) => ({ subject: { kind: 'query', query: qid } as const, at: document === undefined ? undefined : { document }, facts: { key: name } });
  if (pair !== undefined) {
    const [a, b] = pair.map(docOf) as [string, string];
    const problem = `${where}: the preferences form a cycle: ${JSON.stringify(a)} is preferred to ${JSON.stringify(b)} and ${JSON.stringify(b)} to ${JSON.stringify(a)}`;
    return { kind: 'cycle', error: new RankevalError({ code: 'preference_cycle', ...about(a), problem, expected: 'a judgment group whose preferences have no cycle', received: name }) };
  }
  const doc = docOf(id);
  const found = group.filter((line) => line.id === id);
  const levels = [...new Set(found.map((line) => line.level))].join(' and ');
  if (group.every((line) => line.subgroup === group[0]!.subgroup)) {
    const problem = `${where}: document ${JSON.stringify(doc)} is at two levels (${levels}) of its one sub-group ${JSON.stringify(group[0]!.subgroup)}`;
    return { kind: 'two_levels', error: new RankevalError({ code: 'invalid_qrels', ...about(doc), problem, expected: 'one level per document in a sub-group', received: doc }) };
  }
  const problem = `${where}: document ${JSON.stringify(doc)} is non-relevant (level 0) in one sub-group and relevant (above 0) in another (levels ${levels})`;
  return { kind: 'zero_and_nonzero', error: new RankevalError({ code: 'invalid_qrels', ...about(doc), problem, expected: 'a document at level 0 in every sub-group of a judgment group, or in none', received: doc }) };
}
