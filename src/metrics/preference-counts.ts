// Preference judgments against one ranking: which of the judged preferences (document A over B) the
// ranking fulfils, counted per judgment group as trec_eval's preference measures count them
// (form_prefs_counts), with the pair counts over all groups that the pair measures read.
//
// A judgment group (JG) is one person's view of a query at one time, in sub-groups: inside a sub-group a
// document with a higher level is preferred to one with a lower level. With one sub-group a JG is a total
// preorder (its levels are equivalence classes); with several it is a partial order, closed transitively
// across its sub-groups, which must then have no cycle. Level 0 means non-relevant; above 0, relevant.
import { compareUtf8 } from '../core/ordering.js';
import { RankevalError } from '../core/errors.js';

/** One judged document of a sub-group: higher levels are preferred; 0 is non-relevant by convention. */
export interface PreferenceJudgment {
  readonly doc: string;
  readonly level: number;
}

/** A query's preferences: judgment group → sub-group → its judged documents. */
export type QueryPreferences = Readonly<Record<string, Readonly<Record<string, readonly PreferenceJudgment[]>>>>;

/** Query id → its preferences, as parsePreferences reads them. */
export type Preferences = Readonly<Record<string, QueryPreferences>>;

/** One line of a query's preferences, flattened. */
export interface PreferenceLine {
  readonly group: string;
  readonly subgroup: string;
  readonly doc: string;
  readonly level: number;
}

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
  /** pairs[a · judged + b]: how many groups prefer a to b (16 bits, as trec_eval keeps it). */
  readonly pairs: Uint16Array;
  /** How many pairs of documents some group has a preference on, either way. */
  readonly pairCount: number;
  /** The document ids of every one-sub-group JG's levels, back to back in group order. */
  readonly pool: Int32Array;
}

/** Why a query's preferences cannot be counted: the judgments contradict themselves, or the ranking repeats a document. */
export interface PreferenceFailure {
  readonly kind: 'two_levels' | 'zero_and_nonzero' | 'cycle' | 'repeated_document';
  readonly error: RankevalError;
}

/** The `expected` of a preference-cycle error: what tells it apart (trec_eval aborts on it). */
export const ACYCLIC_PREFERENCES = 'a judgment group whose preferences have no cycle';

/** Whether `error` is a preference cycle in a judgment group (trec_eval aborts there, status 134). */
export const isPreferenceCycle = (error: unknown): boolean => error instanceof RankevalError && error.expected === ACYCLIC_PREFERENCES;

/**
 * Counts a query's preferences against `ranked` (document ids in rank order, each once), as trec_eval's
 * form_prefs_counts does: groups in byte order of their ids; a one-sub-group JG by its levels (every pair of
 * documents at different levels a preference, a document listed twice at one level counted twice); a
 * several-sub-group JG by the transitive closure of its sub-groups' preferences. Contradictions are
 * returned, not thrown: a document at two levels of a one-sub-group JG, at level 0 and above 0 in one JG, a
 * cycle of preferences in one JG.
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
  const tally: Tally = { pairs: new Uint16Array(judged * judged), judged, judgedRet, pairCount: 0, fulfilledRet: 0, unfulfilledRet: 0, fulfilledImp: 0, unfulfilledImp: 0, notOccurring: 0 };
  const pool: number[] = [];
  const groups: GroupCounts[] = [];
  const docOf = (id: number): string => [...ids].find(([, other]) => other === id)![0];
  for (const name of [...byGroup.keys()].sort(compareUtf8)) {
    const group = byGroup.get(name)!;
    group.sort((a, b) => compareUtf8(a.subgroup, b.subgroup) || (a.level > b.level ? -1 : a.level < b.level ? 1 : 0) || a.id - b.id);
    const oneSubgroup = group.every((line) => line.subgroup === group[0]!.subgroup);
    const counted = oneSubgroup ? countClasses(group, tally, pool) : countOrder(group, tally);
    if (typeof counted === 'number') return failure(qid, name, counted, group, docOf);
    if ('kind' in counted && counted.kind === 'cycle') return failure(qid, name, -1, group, docOf, counted.pair);
    groups.push(counted as GroupCounts);
  }
  return { judged, judgedRet, groups, pairs: tally.pairs, pairCount: tally.pairCount, pool: Int32Array.from(pool) };
}

/** The query's table of pairs, and the counts of the group being counted: what `record` adds to. */
interface Tally {
  readonly pairs: Uint16Array;
  readonly judged: number;
  readonly judgedRet: number;
  pairCount: number;
  fulfilledRet: number;
  unfulfilledRet: number;
  fulfilledImp: number;
  unfulfilledImp: number;
  notOccurring: number;
}

/** Records a group's preference of document a to b (ids): in the pair table, and where it falls. */
function record(tally: Tally, a: number, b: number): void {
  const { pairs, judged, judgedRet } = tally;
  const at = a * judged + b;
  if (pairs[at] === 0 && pairs[b * judged + a] === 0) tally.pairCount++;
  pairs[at] = pairs[at]! + 1;
  if (a < judgedRet) {
    if (b >= judgedRet) tally.fulfilledImp++;
    else if (a < b) tally.fulfilledRet++;
    else tally.unfulfilledRet++;
  } else if (b < judgedRet) tally.unfulfilledImp++;
  else tally.notOccurring++;
}

/** The group counts of what `tally` recorded since its counts were last taken, which are reset. */
function takeCounts(tally: Tally): Pick<GroupCounts, 'fulfilledRet' | 'possibleRet' | 'fulfilledImp' | 'possibleImp' | 'notOccurring'> {
  const counts = {
    fulfilledRet: tally.fulfilledRet,
    possibleRet: tally.fulfilledRet + tally.unfulfilledRet,
    fulfilledImp: tally.fulfilledImp,
    possibleImp: tally.fulfilledImp + tally.unfulfilledImp,
    notOccurring: tally.notOccurring,
  };
  tally.fulfilledRet = tally.unfulfilledRet = tally.fulfilledImp = tally.unfulfilledImp = tally.notOccurring = 0;
  return counts;
}

type Line = { readonly subgroup: string; readonly doc: string; readonly id: number; readonly level: number };

/** A one-sub-group JG: its levels as classes; the id of a document found at two levels, if one is. */
function countClasses(group: readonly Line[], tally: Tally, pool: number[]): GroupCounts | number {
  const { judgedRet } = tally;
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
  classes.forEach((upper, c) => {
    let ranked = 0;
    while (ranked < upper.size && pool[upper.start + ranked]! < judgedRet) ranked++;
    if (upper.level > 0) {
      rel += upper.size;
      relRet += ranked;
    } else {
      nonrel += upper.size;
      nonrelRet += ranked;
    }
    for (const lower of classes.slice(c + 1)) {
      for (let i = upper.start; i < upper.start + upper.size; i++) {
        for (let j = lower.start; j < lower.start + lower.size; j++) {
          const a = pool[i]!;
          const b = pool[j]!;
          record(tally, a, b);
        }
      }
    }
  });
  return {
    ...takeCounts(tally),
    rel,
    relRet,
    nonrel,
    nonrelRet,
    shape: { kind: 'classes', classes },
  };
}

/**
 * A several-sub-group JG: the preferences of each sub-group, closed transitively. Returns the id of a
 * document at level 0 and above 0, or a cycle's two documents.
 */
function countOrder(group: readonly Line[], tally: Tally): GroupCounts | number | { kind: 'cycle'; pair: [number, number] } {
  const { judgedRet } = tally;
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

  for (const a of docs) {
    for (const b of above.get(a)!) {
      record(tally, a, b);
    }
  }
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
  return {
    ...takeCounts(tally),
    rel,
    relRet,
    nonrel,
    nonrelRet,
    shape: { kind: 'order', docs, levels, above },
  };
}

/** The contradiction found in group `name`, as an error naming the query, the group and the documents. */
function failure(qid: string, name: string, id: number, group: readonly Line[], docOf: (id: number) => string, pair?: [number, number]): PreferenceFailure {
  const where = `query ${JSON.stringify(qid)}, judgment group ${JSON.stringify(name)}`;
  if (pair !== undefined) {
    const [a, b] = pair.map(docOf) as [string, string];
    const problem = `${where}: the preferences form a cycle: ${JSON.stringify(a)} is preferred to ${JSON.stringify(b)} and ${JSON.stringify(b)} to ${JSON.stringify(a)}`;
    return { kind: 'cycle', error: new RankevalError({ code: 'invalid_qrels', problem, expected: ACYCLIC_PREFERENCES, received: name }) };
  }
  const doc = docOf(id);
  const found = group.filter((line) => line.id === id);
  const levels = [...new Set(found.map((line) => line.level))].join(' and ');
  if (group.every((line) => line.subgroup === group[0]!.subgroup)) {
    const problem = `${where}: document ${JSON.stringify(doc)} is at two levels (${levels}) of its one sub-group ${JSON.stringify(group[0]!.subgroup)}`;
    return { kind: 'two_levels', error: new RankevalError({ code: 'invalid_qrels', problem, expected: 'one level per document in a sub-group', received: doc }) };
  }
  const problem = `${where}: document ${JSON.stringify(doc)} is non-relevant (level 0) in one sub-group and relevant (above 0) in another (levels ${levels})`;
  return { kind: 'zero_and_nonzero', error: new RankevalError({ code: 'invalid_qrels', problem, expected: 'a document at level 0 in every sub-group of a judgment group, or in none', received: doc }) };
}
