import { describe, expect, it } from 'vitest';
import { explainRanking } from '../../src/analysis/explain.js';
import { latencyOf } from '../../src/analysis/latency.js';
import { curveCutoffs } from '../../src/report/assemble.js';
import { reportData } from '../../src/report/index.js';
import { compareScores } from '../../src/analysis/compare.js';
import { caught } from '../helpers/caught.js';

// Four judged queries with two relevant documents each (r1, r2); q4 is in a slice apart. base and next rank:
const qrels = new Map(['q1', 'q2', 'q3', 'q4'].map((q) => [q, new Map([[`${q}-r1`, 1], [`${q}-r2`, 1]])]));
const base = new Map([
  ['q1', ['q1-r1', 'x', 'q1-r2']], // relevant at 1 and 3
  ['q2', ['x', 'y', 'z', 'q2-r1']], // relevant at 4
  ['q3', ['q3-r1', 'q3-r2']], // relevant at 1 and 2
  // q4 not answered
]);
const next = new Map([
  ['q1', ['x', 'y', 'q1-r1']], // relevant at 3: worse than base
  ['q2', ['q2-r1', 'q2-r2']], // relevant at 1 and 2: better
  ['q3', ['q3-r1', 'q3-r2']], // the same
  ['q4', ['q4-r2', 'w', 'v', 'u', 'q4-r1']], // relevant at 1 and 5: better
]);
const slices = new Map([
  ['q1', ['en']],
  ['q2', ['en']],
  ['q3', ['en', 'ru']],
  ['q4', ['ru']],
]);
const input = { qrels, slices, runs: new Map([['base', base], ['next', next]]) };

/** recall@k and precision@k of one ranking, counted here without the library. */
function byHand(ranking: readonly string[] | undefined, relevant: ReadonlyMap<string, number>, k: number) {
  const found = (ranking ?? []).slice(0, k).filter((id) => relevant.has(id)).length;
  return { recall: found / relevant.size, precision: found / k };
}

describe('curveCutoffs', () => {
  it.each([
    [1, [1]],
    [4, [1, 2, 3, 4]],
    [10, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]],
    [37, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 15, 20, 30, 37]],
    [1000, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 15, 20, 30, 50, 70, 100, 150, 200, 300, 500, 700, 1000]],
  ])('depth %i: every k to 10, then 1, 1.5, 2, 3, 5, 7 per decade, and the depth', (depth, cutoffs) => {
    expect(curveCutoffs(depth)).toEqual(cutoffs);
  });
});

describe('reportData', () => {
  const data = reportData(input, { measures: ['recall@3', 'mrr'] });

  it('curves: mean recall@k and precision@k over all judged queries, for k = 1 … the longest ranking', () => {
    expect(data.depth).toBe(5);
    for (const [run, rankings] of [['base', base], ['next', next]] as const) {
      for (const k of [1, 2, 3, 4, 5]) {
        const perQuery = [...qrels].map(([qid, relevant]) => byHand(rankings.get(qid), relevant, k));
        const point = (metric: string) => data.curves.find((entry) => entry.run === run && entry.metric === metric && entry.k === k)!.value;
        expect(point('recall')).toBeCloseTo(perQuery.reduce((sum, q) => sum + q.recall, 0) / 4, 12);
        expect(point('precision')).toBeCloseTo(perQuery.reduce((sum, q) => sum + q.precision, 0) / 4, 12);
      }
    }
  });

  it('bars: each run’s mean with its 95 % t interval, mean ± t(0.975, 3) · s / √4', () => {
    // base recall@3 per query: 1, 0, 1, 0.
    const scores = [1, 0, 1, 0];
    const mean = 0.5;
    const s = Math.sqrt(scores.reduce((sum, x) => sum + (x - mean) ** 2, 0) / 3);
    const halfWidth = 3.182446305284263 * (s / 2); // R: qt(0.975, 3)
    const bar = data.bars.find((entry) => entry.run === 'base' && entry.measure === 'recall@3')!;
    expect(bar.mean).toBe(mean);
    expect(bar.low).toBeCloseTo(mean - halfWidth, 12);
    expect(bar.high).toBeCloseTo(mean + halfWidth, 12);
    expect(data.bars.map((entry) => `${entry.measure} ${entry.run}`)).toEqual(['recall@3 base', 'recall@3 next', 'mrr base', 'mrr next']);
  });

  it('differences: candidate − baseline per query, sorted largest first, with the outcome', () => {
    // mrr: base 1, 1/4, 1, 0; next 1/3, 1, 1, 1.
    expect(data.deltas.find((series) => series.measure === 'mrr')!.deltas).toEqual([
      { query: 'q4', delta: 1, outcome: 'win' },
      { query: 'q2', delta: 1 - 1 / 4, outcome: 'win' },
      { query: 'q3', delta: 0, outcome: 'tie' },
      { query: 'q1', delta: 1 / 3 - 1, outcome: 'loss' },
    ]);
    expect(data.deltas.map((series) => [series.candidate, series.measure])).toEqual([
      ['next', 'recall@3'],
      ['next', 'mrr'],
    ]);
  });

  it('slices: the mean per slice over the queries in it', () => {
    const slice = (tag: string, run: string) => data.slices.find((entry) => entry.measure === 'mrr' && entry.tag === tag && entry.run === run)!;
    expect(slice('en', 'base')).toEqual({ measure: 'mrr', tag: 'en', run: 'base', mean: (1 + 1 / 4 + 1) / 3, queries: 3 });
    expect(slice('ru', 'next')).toEqual({ measure: 'mrr', tag: 'ru', run: 'next', mean: (1 + 1) / 2, queries: 2 });
  });

  it('losses: the queries the candidate lost most on each measure, with both rankings explained', () => {
    // recall@3: base 1, 0, 1, 0; next 1/2, 1, 1, 1/2 — only q1 is lost. mrr: base 1, 1/4, 1, 0; next 1/3, 1, 1, 1 — q1 again.
    expect(data.losses.map(({ measure, candidate, queries }) => [measure, candidate, queries.map(({ query, delta }) => [query, delta])])).toEqual([
      ['recall@3', 'next', [['q1', 1 / 2 - 1]]],
      ['mrr', 'next', [['q1', 1 / 3 - 1]]],
    ]);
    const [lost] = data.losses[0]!.queries;
    expect(data.losses[0]).toMatchObject({ measure: 'recall@3', candidate: 'next' });
    expect(lost).toMatchObject({ query: 'q1', delta: 1 / 2 - 1, tags: ['en'], baseline: { score: 1 }, candidate: { score: 1 / 2 } });
    expect(lost!.candidate.missed).toEqual([{ id: 'q1-r2', grade: 1, rank: null }]);
    expect(lost!.baseline.top.map((document) => document.relevant)).toEqual([true, false, true]);
  });

  it("losses under scoreOrder: 'ascending': each ranking shown lowest score first, as it was scored", () => {
    // The same runs as distances: rank r scores r / 10, so the lowest comes first.
    const distances = (run: ReadonlyMap<string, string[]>) => new Map([...run].map(([qid, ids]) => [qid, ids.map((id, r) => ({ id, score: (r + 1) / 10 }))]));
    const ascending = reportData({ ...input, runs: new Map([['base', distances(base)], ['next', distances(next)]]) }, { measures: ['recall@3', 'mrr'], scoreOrder: 'ascending' });
    expect(ascending.losses).toEqual(data.losses);
    const [lost] = ascending.losses[0]!.queries;
    expect(lost!.candidate.top.map(({ id }) => id)).toEqual(['x', 'y', 'q1-r1']);
  });

  it('carries the comparison and its warnings (base does not answer q4)', () => {
    expect(data.comparison!.rows).toHaveLength(4);
    // mrr reads whole rankings: base's x (q1) and x, y, z (q2) of its 3 + 4 + 2 documents, next's x, y (q1) and w, v, u (q4) of 3 + 2 + 2 + 5.
    expect(data.warnings).toEqual([
      'run "base": 1 judged query has no ranking in the run and scores 0: q4',
      `run "base": ${1 + 3} of the ${3 + 4 + 2} documents retrieved by the run (44.4 %) are not in the qrels and count as not relevant, in 2 queries: q2 (3), q1 (1) (judged_retrieved gives the share judged per query)`,
      `run "next": ${2 + 3} of the ${3 + 2 + 2 + 5} documents retrieved by the run (41.7 %) are not in the qrels and count as not relevant, in 2 queries: q4 (3), q1 (2) (judged_retrieved gives the share judged per query)`,
    ]);
    expect(data).toMatchObject({ runs: ['base', 'next'], baseline: 'base', queries: 4, level: 0.95, intervalMethod: 't' });
  });

  it('orders runs baseline first, and makes a report of one run without comparison', () => {
    expect(reportData(input, { measures: ['mrr'], baseline: 'next' }).runs).toEqual(['next', 'base']);
    const single = reportData({ qrels, runs: new Map([['base', base]]) }, { measures: ['mrr'] });
    expect(single).toMatchObject({ comparison: null, deltas: [], losses: [], slices: [], warnings: ['run "base": 1 judged query has no ranking in the run and scores 0: q4', data.warnings[1]] });
    expect(single.bars).toHaveLength(1);
  });

  it('reads plain objects as it reads Maps: runs, rankings, qrels, slices and questions', () => {
    const object = <T>(map: ReadonlyMap<string, T>) => Object.fromEntries(map);
    const plain = {
      qrels: Object.fromEntries([...qrels].map(([qid, relevant]) => [qid, object(relevant)])),
      slices: object(slices),
      questions: { q1: 'Which one?' },
      runs: { base: object(base), next: object(next) },
    };
    const fromObjects = reportData(plain, { measures: ['recall@3', 'mrr'] });
    expect(fromObjects).toEqual(reportData({ ...input, questions: new Map([['q1', 'Which one?']]) }, { measures: ['recall@3', 'mrr'] }));
    expect(fromObjects.losses[0]!.queries[0]).toMatchObject({ query: 'q1', question: 'Which one?', tags: ['en'] });
    // A slice may be given as one label, as evaluateRun's may.
    expect(reportData({ ...plain, slices: { q1: 'en', q2: 'en', q3: ['en', 'ru'], q4: 'ru' } }, { measures: ['recall@3', 'mrr'] })).toEqual(fromObjects);
  });

  it('takes `tags`, the deprecated name of `slices`, as the slices', () => {
    const { slices: given, ...rest } = input;
    expect(reportData({ ...rest, tags: given }, { measures: ['recall@3', 'mrr'] })).toEqual(reportData(input, { measures: ['recall@3', 'mrr'] }));
  });

  it('refuses `slices` and `tags` both given, naming both', () => {
    const both = { ...input, tags: slices };
    const message = 'reportData: expected `slices` and `tags` to be one of them, not both (`tags` is the former name of `slices`), got `object of 2 keys` (object)';
    expect(() => reportData(both, { measures: ['mrr'] })).toThrow(message);
    expect(() => reportData(both, { measures: ['mrr'] })).toThrow(expect.objectContaining({ name: 'RankevalError', code: 'invalid_option' }));
  });

  it.each([
    ['the input', null, /reportData: expected `input` to be an object with `qrels` and `runs`, got `null` \(null\)/, 'invalid_option'],
    ['runs', { qrels, runs: [base, next] }, /reportData: expected `runs` to be a Map or an object of run name → run, got `array of 2` \(array\)/, 'invalid_run'],
    ['a run', { qrels, runs: { base: 'base.txt' } }, /reportData: expected runs\["base"\] to be a Map or an object of query id → ranking, got `"base.txt"` \(string\)/, 'invalid_run'],
    ['qrels', { qrels: 'qrels.txt', runs: { base } }, /reportData: expected `qrels` to be a Map or an object of query id → judgments, got `"qrels.txt"` \(string\)/, 'invalid_qrels'],
    ['slices', { qrels, slices: 7, runs: { base } }, /reportData: expected `slices` to be a Map or an object of query id → value, got `7` \(number\)/, 'invalid_option'],
    ['a slice', { qrels, slices: { q1: [1] }, runs: { base } }, /reportData: expected slices\["q1"\] to be a label or an array of labels, got `array of 1` \(array\)/, 'invalid_option'],
    ['tags (the former name of slices)', { qrels, tags: { q1: [1] }, runs: { base } }, /reportData: expected tags\["q1"\] to be a label or an array of labels, got `array of 1` \(array\)/, 'invalid_option'],
    ['questions', { qrels, questions: ['Why?'], runs: { base } }, /reportData: expected `questions` to be a Map or an object of query id → question, got `array of 1` \(array\)/, 'invalid_option'],
    ['a question', { qrels, questions: { q1: 42 }, runs: { base } }, /reportData: expected questions\["q1"\] to be a string, got `42` \(number\)/, 'invalid_option'],
  ])('refuses %s of the wrong type, naming the value', (_, bad, message, code) => {
    expect(() => reportData(bad as never, { measures: ['mrr'] })).toThrow(message);
    expect(() => reportData(bad as never, { measures: ['mrr'] })).toThrow(expect.objectContaining({ name: 'RankevalError', code }));
  });

  it('losses under a token budget: each run\'s window, its running total and the document that would pass it', () => {
    // q1 judges a (1) and b (2). base ranks a (60) b (70) c (150): 60 + 70 = 130 ≤ 200 < 130 + 150 = 280, so
    // a and b are held (recall 1). next ranks c a b: 150 ≤ 200 < 150 + 60 = 210, only c is held (recall 0).
    const budgetInput = {
      qrels: { q1: { a: 1, b: 2 }, q2: { d: 1 } },
      runs: { base: { q1: ['a', 'b', 'c'], q2: ['d'] }, next: { q1: ['c', 'a', 'b'], q2: ['d'] } },
    };
    const lengths = { a: 60, b: 70, c: 150, d: 10 };
    const [lost] = reportData(budgetInput, { measures: ['recall@budget=200'], lengths }).losses[0]!.queries;
    expect(lost).toMatchObject({ query: 'q1', delta: 0 - 1 });
    expect(lost!.baseline).toEqual({
      top: [
        { rank: 1, id: 'a', grade: 1, relevant: true, tokens: 60, total: 60 },
        { rank: 2, id: 'b', grade: 2, relevant: true, tokens: 70, total: 60 + 70 },
      ],
      missed: [],
      retrieved: 3,
      relevant: 2,
      window: { budget: 200, held: 2, tokens: 60 + 70, next: { rank: 3, id: 'c', grade: null, relevant: false, tokens: 150, total: 60 + 70 + 150 }, beyondSystemK: 0 },
      score: 2 / 2,
    });
    expect(lost!.candidate).toEqual({
      top: [{ rank: 1, id: 'c', grade: null, relevant: false, tokens: 150, total: 150 }],
      // Highest grade first: b (grade 2) at rank 3, then a (grade 1) at rank 2, both beyond the budget.
      missed: [
        { id: 'b', grade: 2, rank: 3 },
        { id: 'a', grade: 1, rank: 2 },
      ],
      retrieved: 3,
      relevant: 2,
      window: { budget: 200, held: 1, tokens: 150, next: { rank: 2, id: 'a', grade: 1, relevant: true, tokens: 60, total: 150 + 60 }, beyondSystemK: 0 },
      score: 0 / 2,
    });
    // The system's k ends both windows at one document: base keeps a (recall 1/2), next keeps c (0), in
    // 'error' mode too: the curves, deeper than k, are scored without it, as rankeval report scores them.
    for (const mode of ['warn', 'error'] as const) {
      const report = reportData(budgetInput, { measures: ['recall@budget=200'], lengths: new Map(Object.entries(lengths)), systemK: { k: 1, mode } });
      const [cut] = report.losses[0]!.queries;
      expect(cut!.baseline).toMatchObject({ score: 1 / 2, window: { held: 1, tokens: 60, next: null, beyondSystemK: 3 - 1 } });
      expect(cut!.candidate).toMatchObject({ score: 0, window: { held: 1, tokens: 150, next: null, beyondSystemK: 3 - 1 } });
      // The curves reach the deepest ranking, 3, beyond k = 1: base's recall@3 is 2/2 (q1) and 1/1 (q2).
      expect(report.curves.find((point) => point.run === 'base' && point.metric === 'recall' && point.k === 3)).toMatchObject({ value: (2 / 2 + 1 / 1) / 2 });
    }
    // A first measure without a budget shows the top of the ranking as before, lengths or not.
    const plain = reportData(budgetInput, { measures: ['recall@1', 'recall@budget=200'], lengths }).losses[0]!.queries[0]!;
    expect(plain.candidate).toEqual({ ...explainRanking(['c', 'a', 'b'], { a: 1, b: 2 }, { depth: 10 }), score: 0 });
  });

  it('shows no section of losses when asked for none', () => {
    expect(reportData(input, { measures: ['recall@3'], losses: 0 }).losses).toEqual([]);
  });

  it('refuses options that are not an object and a count of losses that is not a whole number', () => {
    expect(() => reportData(input, undefined as never)).toThrow(/reportData: expected `options` to be an object with `measures`, got `undefined` \(undefined\)/);
    expect(() => reportData(input, { measures: ['mrr'], losses: -1 })).toThrow(/reportData: expected `losses` to be a non-negative integer, got `-1` \(number\)/);
  });

  it('refuses an option that is not one, naming it and the options there are', () => {
    const known = '`measures`, `noRelevant`, `checks`, `systemK`, `lengths`, `aspects`, `scoreOrder`, `relevanceThreshold`, `gain`, `apDenominator`, `ties`, `test`, `alpha`, `correction`, `permutations`, `seed`, `baseline`, `interval`, `losses`';
    for (const key of ['lossess', 'tset', 'titel', 'title', 'slices']) {
      const message = `reportData: expected every option to be one of ${known}, got \`"${key}"\` (string)`;
      expect(() => reportData(input, { measures: ['mrr'], [key]: 3 } as never)).toThrow(message);
      expect(() => reportData(input, { measures: ['mrr'], [key]: 3 } as never)).toThrow(expect.objectContaining({ name: 'RankevalError', code: 'invalid_option', received: key }));
    }
    expect(() => reportData(input, [] as never)).toThrow(/reportData: expected `options` to be an object with `measures`, got `array of 0` \(array\)/);
  });

  it('refuses a field of the input that is not one, naming it and the fields there are', () => {
    const message = 'reportData: expected every field of `input` to be one of `qrels`, `slices`, `questions`, `runs`, `latency`, `tags`, got `"tgas"` (string)';
    expect(() => reportData({ ...input, tgas: {} } as never, { measures: ['mrr'] })).toThrow(message);
    expect(() => reportData({ ...input, tgas: {} } as never, { measures: ['mrr'] })).toThrow(expect.objectContaining({ name: 'RankevalError', code: 'invalid_option', received: 'tgas' }));
  });

  it('summarises the latency of the runs given it, overall and per tag, and has none without it', () => {
    // next's times: q1 4, q2 10, q3 6, q4 100 (sorted 4 6 10 100).
    const latency = { next: { q1: 4, q2: 10, q3: 6, q4: 100 } };
    const data = reportData({ ...input, latency }, { measures: ['mrr'] });
    expect(data.latency).toEqual([
      { run: 'next', tag: null, queries: 4, mean: 120 / 4, p50: 6 + 0.5 * 4, p90: expect.closeTo(10 + 0.7 * 90, 12), p95: expect.closeTo(10 + 0.85 * 90, 12), p99: expect.closeTo(10 + 0.97 * 90, 12), max: 100 },
      // en: q1 q2 q3 → 4 6 10; ru: q3 q4 → 6 100.
      { run: 'next', tag: 'en', queries: 3, mean: 20 / 3, p50: 6, p90: 6 + 0.8 * 4, p95: 6 + 0.9 * 4, p99: expect.closeTo(6 + 0.98 * 4, 12), max: 10 },
      { run: 'next', tag: 'ru', queries: 2, mean: 53, p50: 53, p90: 6 + 0.9 * 94, p95: 6 + 0.95 * 94, p99: 6 + 0.99 * 94, max: 100 },
    ]);
    expect(reportData(input, { measures: ['mrr'] })).not.toHaveProperty('latency');
    expect(() => reportData({ ...input, latency: { other: {} } }, { measures: ['mrr'] })).toThrow('reportData: expected every run of `latency` to be one of the runs (base, next), got `"other"` (string)');
    expect(() => reportData({ ...input, latency: { base: { q1: -2 } } }, { measures: ['mrr'] })).toThrow(/latency\["base"\]\["q1"\] to be a finite number of milliseconds/);
    // The run, the query and the runs allowed are fields too.
    expect(caught(() => reportData({ ...input, latency: { other: {} } }, { measures: ['mrr'] }))).toMatchObject({ subject: { kind: 'argument', argument: 'input.latency' }, facts: { key: 'other', choices: ['base', 'next'] } });
    expect(caught(() => reportData({ ...input, latency: { base: { q1: -2 } } }, { measures: ['mrr'] }))).toMatchObject({ at: { run: 'base', query: 'q1' }, facts: { limit: 0 } });
  });

  it('reads wins and losses the other way round for a measure where lower is better (miss@k)', () => {
    // miss@3: base 0, 1, 0, 1 (q4 unanswered); next 1/2, 0, 0, 1/2. next − base: +1/2, −1, 0, −1/2.
    const miss = reportData(input, { measures: ['miss@3'], test: 't' });
    expect(miss.deltas[0]!.deltas).toEqual([
      { query: 'q2', delta: 0 - 1, outcome: 'win' },
      { query: 'q4', delta: 1 / 2 - 1, outcome: 'win' },
      { query: 'q3', delta: 0, outcome: 'tie' },
      { query: 'q1', delta: 1 / 2 - 0, outcome: 'loss' },
    ]);
    expect(miss.comparison!.rows[1]).toMatchObject({ wins: 2, ties: 1, losses: 1 });
    expect(miss.losses[0]!.queries.map(({ query, delta }) => [query, delta])).toEqual([['q1', 1 / 2]]);
    // With next as the baseline, base loses q2 (Δ +1) and q4 (Δ +1/2), the larger rise first.
    const reversed = reportData(input, { measures: ['miss@3'], baseline: 'next' });
    expect(reversed.losses[0]!.queries.map(({ query, delta }) => [query, delta])).toEqual([
      ['q2', 1],
      ['q4', 1 - 1 / 2],
    ]);
  });

  it('summarises latency as evaluateRetriever does (latencyOf), over the judged queries only', () => {
    // Times given out of query order, whose float sum depends on the order: latencyOf sums in query-id order,
    // (0.1 + 0.2) + 0.3 = 0.6000000000000001, where the given order, (0.3 + 0.2) + 0.1, would make 0.6.
    // q9 is timed but judged by nobody: it is in no figure, as it is in no mean. q4 is judged, not timed.
    const times = new Map([['q3', 0.3], ['q9', 1000], ['q2', 0.2], ['q1', 0.1]]);
    const data = reportData({ ...input, latency: { next: times } }, { measures: ['mrr'] });
    const judged = new Map([...times].filter(([qid]) => qid !== 'q9'));
    const { perQuery: _perQuery, bySlice, ...overall } = latencyOf(judged, slices);
    expect(data.latency).toEqual([
      { run: 'next', tag: null, ...overall },
      { run: 'next', tag: 'en', ...bySlice.en },
      { run: 'next', tag: 'ru', ...bySlice.ru },
    ]);
    expect(data.latency![0]).toMatchObject({ queries: 3, max: 0.3, mean: (0.1 + 0.2 + 0.3) / 3 });
    expect(data.latency![0]!.mean).not.toBe((0.3 + 0.2 + 0.1) / 3);
    // A run timed on no judged query has no row.
    expect(reportData({ ...input, latency: { next: { q9: 5 } } }, { measures: ['mrr'] })).not.toHaveProperty('latency');
  });

  it('orders the latency of slices as latencyOf does, in UTF-8 order, number-like labels included', () => {
    const numbered = new Map([['q1', ['b']], ['q2', ['2024']], ['q3', ['a', '10']], ['q4', ['2024']]]);
    const data = reportData({ ...input, slices: numbered, latency: { base: { q1: 1, q2: 2, q3: 3, q4: 4 } } }, { measures: ['mrr'] });
    expect(data.latency!.map((row) => row.tag)).toEqual([null, '10', '2024', 'a', 'b']);
  });

  it('refuses no runs and an unknown baseline', () => {
    expect(() => reportData({ qrels, runs: new Map() }, { measures: ['mrr'] })).toThrow(/expected `runs` to be at least one run/);
    expect(() => reportData(input, { measures: ['mrr'], baseline: 'nope' })).toThrow(/expected `baseline` to be one of the run names \(base, next\)/);
  });
});

describe('reportData from per-query scores', () => {
  // Three topics; a scores 0.5, 1, 0 and b 1, 0.25, 0.5 on vital_score: b − a is +0.5, −0.75, +0.5.
  const scores = { a: { t1: { vital_score: 0.5 }, t2: { vital_score: 1 }, t3: { vital_score: 0 } }, b: { t1: { vital_score: 1 }, t2: { vital_score: 0.25 }, t3: { vital_score: 0.5 } } };

  it('gives the means, the per-query differences, the topics lost and compareScores’s comparison, and no curve', () => {
    const data = reportData({ scores, questions: { t2: 'Which battery?' } }, { measures: ['vital_score'], test: 'randomization' });
    expect(data).toMatchObject({ runs: ['a', 'b'], baseline: 'a', queries: 3, curves: [], depth: 0, losses: [], slices: [], warnings: [] });
    expect(data.bars.map(({ run, mean }) => [run, mean])).toEqual([
      ['a', (0.5 + 1 + 0) / 3],
      ['b', (1 + 0.25 + 0.5) / 3],
    ]);
    expect(data.deltas[0]!.deltas).toEqual([
      { query: 't1', delta: 0.5, outcome: 'win' },
      { query: 't3', delta: 0.5, outcome: 'win' },
      { query: 't2', delta: -0.75, outcome: 'loss' },
    ]);
    expect(data.scoreLosses).toEqual([{ measure: 'vital_score', candidate: 'b', queries: [{ query: 't2', question: 'Which battery?', tags: [], delta: -0.75, baseline: 1, candidate: 0.25 }] }]);
    // Sign flips of (0.5, −0.75, 0.5): |Σ| ≥ 0.25 in all 8 (the smallest, 0.5 − 0.75 + 0.5 or its negation, is 0.25): p = 1.
    expect(data.comparison).toEqual(compareScores(scores, { measures: ['vital_score'], test: 'randomization' }));
    expect(data.comparison!.rows[1]).toMatchObject({ wins: 2, losses: 1, pValue: 1 });
  });

  it('puts the baseline first, reports one run without a comparison, and refuses the options of runs', () => {
    expect(reportData({ scores }, { measures: ['vital_score'], baseline: 'b' }).runs).toEqual(['b', 'a']);
    expect(reportData({ scores: { a: scores.a } }, { measures: ['vital_score'] }).comparison).toBeNull();
    expect(caught(() => reportData({ scores }, { measures: ['vital_score'], ties: 'given' }))).toMatchObject({ code: 'invalid_option', fn: 'reportData', received: 'ties' });
    expect(caught(() => reportData({ scores, qrels: {} } as never, { measures: ['vital_score'] }))).toMatchObject({ code: 'invalid_option', received: 'qrels' });
    expect(caught(() => reportData({ scores: { ...scores, b: { t1: { vital_score: 1 } } } }, { measures: ['vital_score'] }))).toMatchObject({ code: 'invalid_run', at: { run: 'b', query: 't2' } });
  });
});
