// countPreferences without a table of pairs: its counts equal a plain count over trec_eval's n × n table
// (kept here, as form_prefs_counts and m_prefs_pair.c count) on random queries; chainTally equals the pairs
// enumerated; trec_eval's 16-bit pair counts; a query too large for a table of pairs.
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { evaluatePreferences } from '../../src/entries/preferences.js';
import type { PreferenceLine } from '../../src/core/types.js';
import { chainTally, countPreferences, type PairSums, type PairTally } from '../../src/metrics/preference-counts.js';

/** Where a preference of a to b falls, as form_prefs_counts sorts it. */
function tallyOf(pairs: readonly (readonly [number, number])[], judgedRet: number): PairTally {
  const tally = { fulfilledRet: 0, unfulfilledRet: 0, fulfilledImp: 0, unfulfilledImp: 0, notOccurring: 0 };
  for (const [a, b] of pairs) {
    if (a < judgedRet && b < judgedRet) tally[a < b ? 'fulfilledRet' : 'unfulfilledRet']++;
    else if (a < judgedRet) tally.fulfilledImp++;
    else if (b < judgedRet) tally.unfulfilledImp++;
    else tally.notOccurring++;
  }
  return tally;
}

/** The plain count: every group's preferences enumerated into an n × n table of 16-bit counts, read as m_prefs_pair.c reads it. */
function denseCounts(ranked: readonly string[], lines: readonly PreferenceLine[]): { groups: PairTally[]; pairSums: PairSums } {
  const judgedDocs = new Set(lines.map((line) => line.doc));
  const order = [...ranked.filter((doc) => judgedDocs.has(doc)), ...[...judgedDocs].filter((doc) => !ranked.includes(doc)).sort()];
  const id = new Map(order.map((doc, i) => [doc, i]));
  const n = order.length;
  const judgedRet = ranked.filter((doc) => judgedDocs.has(doc)).length;
  const table = new Uint16Array(n * n);
  const groups: PairTally[] = [];
  for (const name of [...new Set(lines.map((line) => line.group))].sort()) {
    const group = lines.filter((line) => line.group === name);
    const pairs: [number, number][] = [];
    if (new Set(group.map((line) => line.subgroup)).size === 1) {
      for (const x of group) for (const y of group) if (x.level > y.level) pairs.push([id.get(x.doc)!, id.get(y.doc)!]);
    } else {
      const prefers = Array.from({ length: n }, () => new Array<boolean>(n).fill(false));
      for (const x of group) for (const y of group) if (x.subgroup === y.subgroup && x.level > y.level) prefers[id.get(x.doc)!]![id.get(y.doc)!] = true;
      for (let k = 0; k < n; k++) for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (prefers[i]![k] && prefers[k]![j]) prefers[i]![j] = true;
      for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (prefers[i]![j]) pairs.push([i, j]);
    }
    for (const [a, b] of pairs) table[a * n + b] = table[a * n + b]! + 1;
    groups.push(tallyOf(pairs, judgedRet));
  }
  let ranked2 = 0;
  let implied = 0;
  let pairCount = 0;
  let sum = 0;
  const visit = (a: number, b: number): boolean => {
    const forward = table[a * n + b]!;
    const backward = table[b * n + a]!;
    if (forward === 0 && backward === 0) return false;
    sum += forward / (forward + backward);
    return true;
  };
  for (let a = 0; a < judgedRet; a++) for (let b = a + 1; b < judgedRet; b++) if (visit(a, b)) ranked2++;
  const rankedSum = sum;
  for (let a = 0; a < judgedRet; a++) for (let b = judgedRet; b < n; b++) if (visit(a, b)) implied++;
  pairCount = ranked2 + implied;
  for (let a = judgedRet; a < n; a++) for (let b = a + 1; b < n; b++) if (table[a * n + b] || table[b * n + a]) pairCount++;
  return { groups, pairSums: { ranked: ranked2, rankedSum, implied, sum, pairCount } };
}

const DOCS = ['d0', 'd1', 'd2', 'd3', 'd4', 'd5', 'd6', 'd7'];

/** One sub-group: documents at levels 0 … 3, some listed two or three times at their level. */
const oneSubgroup = fc.array(fc.record({ doc: fc.constantFrom(...DOCS), level: fc.integer({ min: 0, max: 3 }), times: fc.integer({ min: 1, max: 3 }) }), { minLength: 1, maxLength: 8 }).map((picks) => {
  const levels = new Map(picks.map(({ doc, level }) => [doc, level]));
  return picks.flatMap(({ doc, times }) => Array.from({ length: times }, () => ({ subgroup: 's', doc, level: levels.get(doc)! })));
});

/**
 * Several sub-groups, without contradiction: each document has one hidden level (0 non-relevant), which each
 * sub-group coarsens its own way (0 stays 0), so every preference agrees with the hidden order.
 */
const severalSubgroups = fc
  .record({
    hidden: fc.array(fc.integer({ min: 0, max: 4 }), { minLength: DOCS.length, maxLength: DOCS.length }),
    subgroups: fc.array(fc.record({ step: fc.integer({ min: 1, max: 3 }), docs: fc.array(fc.constantFrom(...DOCS), { minLength: 1, maxLength: 8 }) }), { minLength: 2, maxLength: 3 }),
  })
  .map(({ hidden, subgroups }) =>
    subgroups.flatMap(({ step, docs }, s) =>
      docs.map((doc) => {
        const level = hidden[DOCS.indexOf(doc)]!;
        return { subgroup: `s${s}`, doc, level: level === 0 ? 0 : 1 + Math.floor((level - 1) / step) };
      }),
    ),
  );

/** A query: one to four groups of either kind, and a ranking of some judged documents and some unjudged ones, in a random order. */
const query = fc
  .record({
    groups: fc.array(fc.oneof(oneSubgroup, severalSubgroups), { minLength: 1, maxLength: 4 }),
    ranking: fc.shuffledSubarray([...DOCS, 'x1', 'x2']),
  })
  .map(({ groups, ranking }) => ({ ranking, lines: groups.flatMap((group, g) => group.map((line) => ({ group: `g${g}`, ...line }))) }));

describe('countPreferences', () => {
  test.prop([query], { numRuns: 500 })('its counts and pair sums are those of the plain n × n table of pairs', ({ ranking, lines }) => {
    const counts = countPreferences('q', ranking, lines);
    if ('error' in counts) throw counts.error;
    const dense = denseCounts(ranking, lines);
    expect(counts.pairSums).toEqual(dense.pairSums);
    expect(
      counts.groups.map((group) => ({
        fulfilledRet: group.fulfilledRet,
        unfulfilledRet: group.possibleRet - group.fulfilledRet,
        fulfilledImp: group.fulfilledImp,
        unfulfilledImp: group.possibleImp - group.fulfilledImp,
        notOccurring: group.notOccurring,
      })),
    ).toEqual(dense.groups);
  });

  test('a pair preferred 65536 times counts 0, as trec_eval keeps it in 16 bits, and is no pair', () => {
    // Group a lists d1 65536 times above d2; group b prefers d3 to d4. trec_eval 9.0.8 (-R prefs -m all_prefs)
    // prints prefs_pair 1.0000 (the d3, d4 pair alone) and prefs_simp 1.0000 (65537 / 65537).
    const lines: PreferenceLine[] = [
      ...Array.from({ length: 0x10000 }, () => ({ group: 'a', subgroup: 's', doc: 'd1', level: 1 })),
      { group: 'a', subgroup: 's', doc: 'd2', level: 0 },
      { group: 'b', subgroup: 's', doc: 'd3', level: 1 },
      { group: 'b', subgroup: 's', doc: 'd4', level: 0 },
    ];
    const scores = evaluatePreferences(['d1', 'd2', 'd3', 'd4'], { a: { s: lines.slice(0, -2) }, b: { s: lines.slice(-2) } });
    expect([scores.prefs_pair, scores.prefs_pair_ret, scores.prefs_simp]).toEqual([1 / 1, 1 / 1, (0x10000 + 1) / (0x10000 + 1)]);
    const counts = countPreferences('q', ['d1', 'd2', 'd3', 'd4'], lines);
    if ('error' in counts) throw counts.error;
    expect(counts.pairSums).toEqual({ ranked: 1, rankedSum: 1, implied: 0, sum: 1, pairCount: 1 });
  });

  test('100,000 judged documents in one group, more than a table of pairs holds, counted per level', () => {
    // Relevant r0 … r49999 ranked at even places, non-relevant n0 … n49999 at odd ones: the relevant document
    // at place 2i is above the non-relevant documents i … 49999.
    const half = 50_000;
    const lines: PreferenceLine[] = [];
    const ranking: string[] = [];
    for (let i = 0; i < half; i++) {
      lines.push({ group: 'g', subgroup: 's', doc: `r${i}`, level: 1 }, { group: 'g', subgroup: 's', doc: `n${i}`, level: 0 });
      ranking.push(`r${i}`, `n${i}`);
    }
    const counts = countPreferences('q', ranking, lines);
    if ('error' in counts) throw counts.error;
    const fulfilled = (half * (half + 1)) / 2;
    expect(counts.groups[0]).toMatchObject({ fulfilledRet: fulfilled, possibleRet: half * half, possibleImp: 0, notOccurring: 0 });
    expect(counts.pairSums).toEqual({ ranked: half * half, rankedSum: fulfilled, implied: 0, sum: fulfilled, pairCount: half * half });
  });
});

describe('chainTally', () => {
  const chain = fc.record({
    classes: fc.array(fc.array(fc.oneof(fc.integer({ min: 0, max: 9 }), fc.constant(0x7fffffff)), { maxLength: 6 }), { maxLength: 5 }),
    judgedRet: fc.integer({ min: 0, max: 10 }),
  });

  test.prop([chain])('tallies the pairs of each item with every item of the later classes as enumerating them does', ({ classes, judgedRet }) => {
    const pairs: [number, number][] = [];
    classes.forEach((upper, c) => {
      for (const lower of classes.slice(c + 1)) for (const a of upper) for (const b of lower) pairs.push([a, b]);
    });
    expect(chainTally(classes, judgedRet)).toEqual(tallyOf(pairs, judgedRet));
  });
});

describe("a contradiction's error is about the query, at the document, the judgment group its key", () => {
  const line = (subgroup: string, doc: string, level: number): PreferenceLine => ({ group: 'g', subgroup, doc, level });
  const errorOf = (judged: PreferenceLine[]): unknown => {
    const counts = countPreferences('q1', ['d1', 'd2'], judged);
    return 'error' in counts ? counts.error : undefined;
  };

  test.each([
    // A cycle has its own code (rankeval trec's abort, 134), at a document of the cycle.
    ['a cycle', [line('s1', 'd1', 2), line('s1', 'd2', 1), line('s2', 'd2', 2), line('s2', 'd1', 1)], 'preference_cycle', { document: 'd1' }],
    ['two levels of one sub-group', [line('s', 'd1', 2), line('s', 'd2', 0), line('s', 'd1', 1)], 'invalid_qrels', { document: 'd1' }],
    ['0 and above 0', [line('s1', 'd1', 2), line('s1', 'd2', 1), line('s2', 'd1', 0), line('s2', 'd3', 1)], 'invalid_qrels', { document: 'd1' }],
  ])('%s', (_, judged, code, at) => {
    expect(errorOf(judged)).toMatchObject({ code, subject: { kind: 'query', query: 'q1' }, at, facts: { key: 'g' } });
  });
});
