import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { evaluateRun, isRankevalError, mergeEvaluations, type EvaluateRunOptions, type RunEvaluation } from '../../src/index.js';
import type { Ranking } from '../../src/core/types.js';
import { errorOf } from '../helpers/files.js';

/**
 * The same result: equal values (numbers by Object.is, so means to the bit), keys in the same order, and
 * the same objects without prototype. (toStrictEqual cannot say it: it reads a query id `constructor` as
 * the object's constructor.)
 */
function expectSame(actual: unknown, expected: unknown): void {
  expect(actual).toEqual(expected);
  expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));
  expect(withoutPrototype(actual)).toEqual(withoutPrototype(expected));
}

/** The paths of the objects without prototype in a value. */
function withoutPrototype(value: unknown, path = '', found: string[] = []): string[] {
  if (typeof value !== 'object' || value === null) return found;
  if (Object.getPrototypeOf(value) === null) found.push(path);
  for (const [key, item] of Object.entries(value)) withoutPrototype(item, `${path}[${JSON.stringify(key)}]`, found);
  return found;
}

describe('mergeEvaluations', () => {
  // q1 and q2 answered in the first shard, q3 judged but unanswered in the second, q9 ranked but unjudged.
  const options = { measures: ['P@2', 'recall@5', 'num_ret'], slices: { q1: 'en', q2: ['ru', 'en'], q3: 'en' } } as const;
  const first = evaluateRun({ q1: ['a', 'x'], q2: ['x', 'b', 'c'] }, { q1: { a: 1, z: 1 }, q2: { b: 1 } }, options);
  const second = evaluateRun({ q9: ['d'] }, { q3: { c: 1 } }, options);

  test('two shards merge into the means, lists and slices of the whole', () => {
    const merged = mergeEvaluations([first, second]);
    expect(merged.mean).toEqual({ 'P@2': (1 / 2 + 1 / 2 + 0) / 3, 'recall@5': (1 / 2 + 1 + 0) / 3, num_ret: 2 + 3 + 0 });
    expect(merged.queries).toBe(3);
    expect(merged.perQuery).toEqual({ q1: { 'P@2': 1 / 2, 'recall@5': 1 / 2, num_ret: 2 }, q2: { 'P@2': 1 / 2, 'recall@5': 1, num_ret: 3 }, q3: { 'P@2': 0, 'recall@5': 0, num_ret: 0 } });
    expect(merged.unansweredQueries).toEqual(['q3']);
    expect(merged.unjudgedQueries).toEqual(['q9']);
    expect(merged.bySlice).toEqual({
      en: { mean: { 'P@2': (1 / 2 + 1 / 2 + 0) / 3, 'recall@5': (1 / 2 + 1 + 0) / 3, num_ret: 2 + 3 + 0 }, queries: 3 },
      ru: { mean: { 'P@2': 1 / 2, 'recall@5': 1, num_ret: 3 }, queries: 1 },
    });
    // The deepest ranking scored has 3 documents: recall@5 looks beyond it, in the merged result as in the first part.
    expect(merged.warnings.map((warning) => warning.code)).toEqual(['unanswered_queries', 'unjudged_queries', 'unjudged_documents', 'cutoff_beyond_run']);
    // num_ret reads whole rankings: q1's x (1 of 2, first part) and q2's x and c (2 of 3, second part), added up.
    expect(merged.warnings[2]).toMatchObject({ unjudged: 1 + 2, retrieved: 2 + 3, share: 3 / 5, depth: null, count: 2, worst: [{ query: 'q2', unjudged: 2 }, { query: 'q1', unjudged: 1 }] });
    expectSame(merged, evaluateRun({ q1: ['a', 'x'], q2: ['x', 'b', 'c'], q9: ['d'] }, { q1: { a: 1, z: 1 }, q2: { b: 1 }, q3: { c: 1 } }, options));
  });

  test("adds up the parts' unjudged documents within the deepest cutoff: each query's from the part that answers it", () => {
    const cut = { measures: ['P@2', 'ndcg@3'] };
    // Shard 1: q1 retrieves x (unjudged) and a; shard 2: q2 retrieves y, z (unjudged) and b; q3 judged in both, answered in neither.
    const one = evaluateRun({ q1: ['x', 'a'] }, { q1: { a: 1 }, q3: { c: 1 } }, cut);
    const two = evaluateRun({ q2: ['y', 'z', 'b', 'w'] }, { q2: { b: 1 }, q3: { c: 1 } }, cut);
    const merged = mergeEvaluations([two, one]);
    expect(merged.mergeable.unjudgedDocuments).toEqual({ depth: 3, retrieved: 2 + 3, byQuery: { q1: 1, q2: 2 } });
    expect(merged.warnings.find((warning) => warning.code === 'unjudged_documents')).toMatchObject({ unjudged: 1 + 2, share: 3 / 5, queries: ['q2', 'q1'] });
    expectSame(merged, evaluateRun({ q1: ['x', 'a'], q2: ['y', 'z', 'b', 'w'] }, { q1: { a: 1 }, q2: { b: 1 }, q3: { c: 1 } }, cut));
  });

  test('a part read back from JSON merges as the part itself', () => {
    const fromJson = (part: RunEvaluation): RunEvaluation => JSON.parse(JSON.stringify(part)) as RunEvaluation;
    expectSame(mergeEvaluations([fromJson(second), fromJson(first)]), mergeEvaluations([first, second]));
  });

  test('one part merges into itself', () => {
    expectSame(mergeEvaluations([first]), first);
  });

  test('a query answered in two parts is refused, naming the query and both parts', () => {
    const again = evaluateRun({ q2: ['b'] }, { q2: { b: 1 } }, options);
    const error = errorOf(() => mergeEvaluations([first, second, again]));
    expect(isRankevalError(error) && error.code).toBe('incompatible_evaluations');
    expect((error as Error).message).toBe('mergeEvaluations: query `"q2"` (string) is answered in part 0 and in part 2: one query\'s ranking went to two shards (split the run by query id)');
  });

  test('a query ranked in one part and judged in another (run and golden set split apart) is refused', () => {
    const ranked = evaluateRun({ q1: ['a'], q3: ['c'] }, { q1: { a: 1 } }, options);
    const judged = evaluateRun({ q2: ['b'] }, { q2: { b: 1 }, q3: { c: 1 } }, options);
    expect(() => mergeEvaluations([ranked, judged])).toThrow(
      'mergeEvaluations: query `"q3"` (string) is ranked in part 0, which does not judge it, and judged in part 1, which has no ranking for it: split the run and the golden set by the same query ids',
    );
  });

  test('a query no part answers must be scored alike in every part that judges it (the same golden set)', () => {
    const withQ3 = (judged: Record<string, number>) => evaluateRun({ q1: ['a'] }, { q1: { a: 1 }, q3: judged }, options);
    const other = evaluateRun({ q2: ['b'] }, { q2: { b: 1 }, q3: { c: 1, d: 1 } }, options);
    expect(mergeEvaluations([withQ3({ c: 1, d: 1 }), other]).unansweredQueries).toEqual(['q3']);
    expect(() => mergeEvaluations([withQ3({ c: 1 }), other])).not.toThrow(); // P@2, recall@5 and num_ret are 0 either way
    const labelled = evaluateRun({ q1: ['a'] }, { q1: { a: 1 }, q3: { c: 1, d: 1 } }, { ...options, slices: { q3: 'ru' } });
    expect(() => mergeEvaluations([labelled, other])).toThrow(
      'mergeEvaluations: query `"q3"` (string), unanswered in part 0 and in part 1, is scored or labelled differently in them: their golden sets judge it differently',
    );
  });

  test('parts of other measures, conventions or checks are refused, naming the first difference', () => {
    const other = (overrides: Partial<EvaluateRunOptions>) => evaluateRun({ q9: ['d'] }, { q3: { c: 1 } }, { ...options, ...overrides });
    expect(() => mergeEvaluations([first, other({ measures: ['recall@5', 'P@2', 'num_ret'] })])).toThrow(
      'mergeEvaluations: part 0 has the measures P@2, recall@5, num_ret and part 1 recall@5, P@2, num_ret: evaluate every shard with the same measures, in the same order',
    );
    expect(() => mergeEvaluations([first, other({ ties: 'given' })])).toThrow('mergeEvaluations: conventions["ties"] is "trec" in part 0 and "given" in part 1: evaluate every shard with the same options');
    expect(() => mergeEvaluations([first, other({ checks: { allScoresTied: 'off' } })])).toThrow(
      'mergeEvaluations: mergeable.checks["allScoresTied"] is "warn" in part 0 and "off" in part 1: evaluate every shard with the same options',
    );
    const error = errorOf(() => mergeEvaluations([first, other({ relevanceThreshold: 2 })]));
    expect(isRankevalError(error) && error.code).toBe('incompatible_evaluations');
  });

  test('a part without perQuery or mergeable (JSON written without -q) is refused, saying how to write one', () => {
    const { perQuery: _, ...withoutRows } = first;
    const error = errorOf(() => mergeEvaluations([second, withoutRows as RunEvaluation]));
    expect(isRankevalError(error) && error.code).toBe('invalid_evaluation');
    expect((error as Error).message).toBe(
      "mergeEvaluations: part 1 has no `perQuery`, without which it cannot be merged; a part is evaluateRun's whole result, or the JSON of `rankeval eval -q --format json`",
    );
    const { mergeable: __, ...withoutMergeable } = first;
    expect(() => mergeEvaluations([withoutMergeable as RunEvaluation])).toThrow('mergeEvaluations: part 0 has no `mergeable`');
  });

  test('a malformed part is refused, naming the part and the field', () => {
    const broken = JSON.parse(JSON.stringify(second)) as { perQuery: Record<string, Record<string, unknown>> };
    broken.perQuery['q3']!['P@2'] = '0';
    expect(() => mergeEvaluations([first, broken as unknown as RunEvaluation])).toThrow(
      'mergeEvaluations: expected `perQuery["q3"]["P@2"]` of part 1 to be a finite number, got `"0"` (string)',
    );
    const miscounted = { ...second, queries: 2 };
    expect(() => mergeEvaluations([miscounted])).toThrow('mergeEvaluations: expected `queries` of part 0 to be the number of queries in `perQuery` (1), got `2` (number)');
    const badMode = { ...second, mergeable: { ...second.mergeable, checks: { ...second.mergeable.checks, queryInRanking: 'loud' } } };
    expect(() => mergeEvaluations([badMode as never])).toThrow("mergeEvaluations: expected `mergeable.checks.queryInRanking` of part 0 to be 'error', 'warn' or 'off', got `\"loud\"` (string)");
    expect(() => mergeEvaluations([])).toThrow('mergeEvaluations: expected `parts` to be a non-empty array of evaluateRun results, got `array of 0` (array)');
  });
});

// ------------------------------------------------------------------------------------------ properties

/** Query ids: Object.prototype's names among them, an integer-like id (it comes first among an object's keys), and ids that are document ids too. */
const QUERY_IDS = ['q1', 'q2', 'q3', 'q4', 'q5', 'q6', '__proto__', 'constructor', '10', '2'];
const DOCUMENTS = [...Array.from({ length: 12 }, (_, i) => `d${i}`), 'q1', '__proto__', '2'];
const TAGS = ['en', 'ru', '__proto__'];
// Means, a geometric mean and a sum; trec_eval names of one and of several values; cutoffs beyond the rankings.
const MEASURES = ['ndcg@10', 'P.5,10', 'map', 'gm_map', 'num_ret', 'recall@25', 'mrr@3', 'ndcg_cut.10', 'R-prec'];

const documentId = fc.constantFrom(...DOCUMENTS);
/** A ranking of ids, or of scored documents whose scores tie often (all of them, sometimes). */
const ranking: fc.Arbitrary<Ranking> = fc.oneof(
  fc.uniqueArray(documentId, { maxLength: 20 }),
  fc.uniqueArray(fc.record({ id: documentId, score: fc.integer({ min: 0, max: 2 }) }), { selector: (document) => document.id, maxLength: 20 }),
);
const judgments = fc.dictionary(documentId, fc.integer({ min: -1, max: 3 }), { maxKeys: 8 });

interface Query {
  readonly ranking: Ranking | undefined;
  readonly judgments: Record<string, number> | undefined;
  readonly tags: string[];
}

/**
 * A run and a golden set with tags, split into `shards` parts by query. Every shard holds an "anchor" query,
 * answered and with a relevant document, so that each shard has a query to average; somewhere there is a
 * judged query the run does not answer and a query of the run nobody judged.
 */
const splitRun = fc
  .record({
    shards: fc.integer({ min: 1, max: 4 }),
    queries: fc.dictionary(
      fc.constantFrom(...QUERY_IDS),
      fc.record({ ranking: fc.option(ranking, { nil: undefined }), judgments: fc.option(judgments, { nil: undefined }), tags: fc.subarray(TAGS) }),
      { maxKeys: QUERY_IDS.length },
    ),
    anchors: fc.array(fc.tuple(ranking, documentId, fc.integer({ min: 1, max: 3 }), fc.subarray(TAGS)), { minLength: 4, maxLength: 4 }),
    unanswered: fc.tuple(judgments, documentId, fc.subarray(TAGS)),
    unjudged: ranking,
    assignment: fc.array(fc.nat(3), { minLength: QUERY_IDS.length + 2, maxLength: QUERY_IDS.length + 2 }),
    order: fc.array(fc.nat(100), { minLength: 4, maxLength: 4 }),
    options: fc.record({
      ties: fc.constantFrom('trec' as const, 'given' as const),
      noRelevant: fc.constantFrom('zero' as const, 'skip' as const),
      checks: fc.constantFrom('warn' as const, 'off' as const),
    }),
  })
  .map(({ shards, queries, anchors, unanswered, unjudged, assignment, order, options }) => {
    const all = new Map<string, Query & { shard: number }>();
    Object.entries(queries).forEach(([qid, query], i) => all.set(qid, { ...query, shard: assignment[i]! % shards }));
    all.set('judged, unanswered', { ranking: undefined, judgments: { ...unanswered[0], [unanswered[1]]: 1 }, tags: unanswered[2], shard: assignment.at(-2)! % shards });
    all.set('unjudged', { ranking: unjudged, judgments: undefined, tags: [], shard: assignment.at(-1)! % shards });
    for (let shard = 0; shard < shards; shard++) {
      const [anchorRanking, relevant, grade, tags] = anchors[shard]!;
      all.set(`anchor ${shard}`, { ranking: anchorRanking.length > 0 ? anchorRanking : [relevant], judgments: { [relevant]: grade }, tags, shard });
    }
    // The shards' results in a random order.
    const shardOrder = Array.from({ length: shards }, (_, i) => i).sort((a, b) => order[a]! - order[b]! || a - b);
    return { all, shards, shardOrder, options };
  });

type Split = ReturnType<(typeof splitRun)['generate']>['value'];

/** The run, golden set and tags of the queries `keep` selects (by query and its shard), as evaluateRun takes them. */
function select(all: Split['all'], keepRanking: (shard: number) => boolean, keepJudgments: (shard: number) => boolean) {
  const run = new Map<string, Ranking>();
  const qrels = new Map<string, Record<string, number>>();
  const slices = new Map<string, string[]>();
  for (const [qid, query] of all) {
    if (query.ranking !== undefined && keepRanking(query.shard)) run.set(qid, query.ranking);
    if (query.judgments !== undefined && keepJudgments(query.shard)) {
      qrels.set(qid, query.judgments);
      slices.set(qid, query.tags);
    }
  }
  return { run, qrels, slices };
}

function evaluate({ run, qrels, slices }: ReturnType<typeof select>, options: Split['options']): RunEvaluation {
  return evaluateRun(run, qrels, { measures: MEASURES, slices, ...options });
}

describe('mergeEvaluations laws', () => {
  test.prop([splitRun])('run and golden set split by query: the merged shards are the whole, whatever their order', ({ all, shardOrder, options }) => {
    const whole = evaluate(
      select(all, () => true, () => true),
      options,
    );
    const parts = shardOrder.map((shard) => evaluate(select(all, (s) => s === shard, (s) => s === shard), options));
    expectSame(mergeEvaluations(parts), whole);
  });

  test.prop([splitRun])('only the run split, the whole golden set with each shard: the merged shards are the whole', ({ all, shardOrder, options }) => {
    const whole = evaluate(
      select(all, () => true, () => true),
      options,
    );
    const parts = shardOrder.map((shard) => evaluate(select(all, (s) => s === shard, () => true), options));
    expectSame(mergeEvaluations(parts), whole);
  });

  test.prop([splitRun])('only the golden set split, the whole run with each shard: the merged shards are the whole', ({ all, shardOrder, options }) => {
    const whole = evaluate(
      select(all, () => true, () => true),
      options,
    );
    const parts = shardOrder.map((shard) => evaluate(select(all, () => true, (s) => s === shard), options));
    expectSame(mergeEvaluations(parts), whole);
  });

  test.prop([splitRun, fc.nat()])('merging is associative: shards merged in two groups, then merged, are the whole', ({ all, shards, shardOrder, options }, cut) => {
    const whole = evaluate(
      select(all, () => true, () => true),
      options,
    );
    const parts = shardOrder.map((shard) => evaluate(select(all, (s) => s === shard, (s) => s === shard), options));
    const at = 1 + (cut % Math.max(shards - 1, 1));
    const groups = shards === 1 ? [parts] : [parts.slice(0, at), parts.slice(at)];
    expectSame(mergeEvaluations(groups.map((group) => mergeEvaluations(group))), whole);
  });

  test.prop([splitRun])('parts read back from their JSON merge into the whole', ({ all, shardOrder, options }) => {
    const whole = evaluate(
      select(all, () => true, () => true),
      options,
    );
    const parts = shardOrder.map((shard) => JSON.parse(JSON.stringify(evaluate(select(all, (s) => s === shard, (s) => s === shard), options))) as RunEvaluation);
    expectSame(mergeEvaluations(parts), whole);
  });
});

// ------------------------------------------------------------------------------------------ impossible parts

describe('mergeEvaluations refuses a part no evaluateRun could have written, naming the part, the query and the measure', () => {
  // q1, q2 answered; q3 judged, unanswered; q4 answered, without relevant document (scored, noRelevant 'zero'); q9 unjudged.
  const options = { measures: ['P@1', 'ndcg@10', 'dcg@10', 'mrr@5', 'success@3', 'num_ret'], slices: { q1: 'en', q2: ['en', 'ru'] } } as const;
  const part = evaluateRun({ q1: ['a', 'x'], q2: ['x', 'b'], q4: ['e'], q9: ['d'] }, { q1: { a: 1 }, q2: { b: 2 }, q3: { c: 1 }, q4: { e: 0 } }, options);
  const other = evaluateRun({ q5: ['f'] }, { q5: { f: 1 } }, options);
  type Part = { -readonly [K in keyof RunEvaluation]: RunEvaluation[K] } & Record<string, unknown>;
  /** The part's JSON, edited. */
  const edited = (change: (part: Part) => void, from: RunEvaluation = part): RunEvaluation => {
    const copy = JSON.parse(JSON.stringify(from)) as Part;
    change(copy);
    return copy;
  };
  /** The refusal of `[other, edited]`: its code and message. */
  const refusal = (value: RunEvaluation): { code: unknown; message: string } => {
    const error = errorOf(() => mergeEvaluations([other, value]));
    return { code: isRankevalError(error) ? error.code : error, message: (error as Error).message };
  };
  const invalid = (message: string) => ({ code: 'invalid_evaluation', message: `mergeEvaluations: ${message}` });

  test('the parts as evaluateRun wrote them merge (and so does their JSON)', () => {
    expect(mergeEvaluations([other, part]).queries).toBe(5);
    expect(mergeEvaluations([other, edited(() => {})]).queries).toBe(5);
  });

  test("a score order in the conventions that the part's mergeable facts do not give, or that no evaluateRun writes", () => {
    expect(refusal(edited((p) => ((p.conventions as { scoreOrder: string }).scoreOrder = 'ascending')))).toEqual(
      invalid("expected `mergeable.scoreOrder` of part 1 to be the conventions' ('ascending'), got `undefined` (undefined)"),
    );
    expect(refusal(edited((p) => ((p.conventions as { scoreOrder: string }).scoreOrder = 'up'))).message).toBe(
      "mergeEvaluations: expected `conventions` of part 1 to be evaluateRun's conventions, got `object of 11 keys` (object)",
    );
    const ascending = evaluateRun({ q1: [{ id: 'a', score: 1 }] }, { q1: { a: 1 } }, { measures: ['P@1'], scoreOrder: 'ascending' });
    const otherAscending = evaluateRun({ q5: [{ id: 'f', score: 1 }] }, { q5: { f: 1 } }, { measures: ['P@1'], scoreOrder: 'ascending' });
    expect(mergeEvaluations([ascending, otherAscending]).conventions.scoreOrder).toBe('ascending');
  });

  test('a value outside the measure’s range: a P@1 of 42, an NDCG of −5 or of 1e308, a negative DCG', () => {
    expect(refusal(edited((p) => (p.perQuery['q1']!['P@1'] = 42)))).toEqual(
      invalid('expected `perQuery["q1"]["P@1"]` of part 1 to be a value P@1 can take (a multiple of 1/1 in [0, 1]), got `42` (number)'),
    );
    expect(refusal(edited((p) => (p.perQuery['q2']!['ndcg@10'] = -5)))).toEqual(
      invalid('expected `perQuery["q2"]["ndcg@10"]` of part 1 to be a value ndcg@10 can take (a number in [0, 1]), got `-5` (number)'),
    );
    expect(refusal(edited((p) => (p.perQuery['q2']!['ndcg@10'] = 1e308)))).toEqual(
      invalid('expected `perQuery["q2"]["ndcg@10"]` of part 1 to be a value ndcg@10 can take (a number in [0, 1]), got `1e+308` (number)'),
    );
    expect(refusal(edited((p) => (p.perQuery['q1']!['dcg@10'] = -1)))).toEqual(
      invalid('expected `perQuery["q1"]["dcg@10"]` of part 1 to be a value dcg@10 can take (a finite number ≥ 0), got `-1` (number)'),
    );
  });

  test('a value between the measure’s possible values: 0.123456 for P@1, 0.4 for RR, 0.5 for success, 2.5 documents retrieved', () => {
    expect(refusal(edited((p) => (p.perQuery['q1']!['P@1'] = 0.123456)))).toEqual(
      invalid('expected `perQuery["q1"]["P@1"]` of part 1 to be a value P@1 can take (a multiple of 1/1 in [0, 1]), got `0.123456` (number)'),
    );
    expect(refusal(edited((p) => (p.perQuery['q1']!['mrr@5'] = 0.4))).message).toBe(
      'mergeEvaluations: expected `perQuery["q1"]["mrr@5"]` of part 1 to be a value mrr@5 can take (0 or 1/r for a rank r ≤ 5), got `0.4` (number)',
    );
    expect(refusal(edited((p) => (p.perQuery['q1']!['mrr@5'] = 1 / 6))).message).toMatch(/got `0\.1666666666666666\d` \(number\)$/);
    expect(refusal(edited((p) => (p.perQuery['q2']!['success@3'] = 0.5))).message).toBe(
      'mergeEvaluations: expected `perQuery["q2"]["success@3"]` of part 1 to be a value success@3 can take (0 or 1), got `0.5` (number)',
    );
    expect(refusal(edited((p) => (p.perQuery['q2']!['num_ret'] = 2.5))).message).toBe(
      'mergeEvaluations: expected `perQuery["q2"]["num_ret"]` of part 1 to be a value num_ret can take (an integer in [0, 9007199254740991]), got `2.5` (number)',
    );
  });

  test('a query without relevant document scored otherwise than its measure scores one: P@1 of 1', () => {
    expect(part.noRelevantQueries).toEqual(['q4']);
    expect(refusal(edited((p) => (p.perQuery['q4']!['P@1'] = 1)))).toEqual(
      invalid('expected `perQuery["q4"]["P@1"]` of part 1 to be 0, as P@1 scores a query without relevant document, got `1` (number) (the query is in `noRelevantQueries`)'),
    );
    // NDCG is not fixed there: a grade under the threshold still has gain (the mean, then, is what is wrong).
    expect(refusal(edited((p) => (p.perQuery['q4']!['ndcg@10'] = 0.5))).message).toMatch(/^mergeEvaluations: expected `mean\["ndcg@10"\]` of part 1 to be the mean of its `perQuery` values/);
  });

  test('an unanswered query scored otherwise than an empty ranking scores: P@1 of 1, judged@k other than 1', () => {
    expect(part.unansweredQueries).toEqual(['q3']);
    expect(refusal(edited((p) => (p.perQuery['q3']!['P@1'] = 1)))).toEqual(
      invalid('expected `perQuery["q3"]["P@1"]` of part 1 to be 0, as P@1 scores an empty ranking, got `1` (number) (the query is in `unansweredQueries`: the run does not answer it)'),
    );
    const judged = evaluateRun({ q1: ['a'] }, { q1: { a: 1 }, q3: { c: 1 } }, { measures: ['judged@5', 'num_rel'] });
    expect(judged.perQuery['q3']).toEqual({ 'judged@5': 1, num_rel: 1 });
    expect(errorOf(() => mergeEvaluations([edited((p) => (p.perQuery['q3']!['judged@5'] = 0.8), judged)]))).toMatchObject({
      message: 'mergeEvaluations: expected `perQuery["q3"]["judged@5"]` of part 0 to be 1, as judged@5 scores an empty ranking, got `0.8` (number) (the query is in `unansweredQueries`: the run does not answer it)',
    });
    // num_rel of an empty ranking is the judgments' (what is wrong, then, is the sum).
    expect(errorOf(() => mergeEvaluations([edited((p) => (p.perQuery['q3']!['num_rel'] = 2), judged)]))).toMatchObject({
      message: 'mergeEvaluations: expected `mean["num_rel"]` of part 0 to be the sum of its `perQuery` values (3), got `2` (number)',
    });
  });

  test('a query scored and listed unjudged, or listed twice; no-relevant queries against the noRelevant rule', () => {
    expect(refusal(edited((p) => p.unjudgedQueries.push('q1')))).toEqual(
      invalid('expected `unjudgedQueries` of part 1 to be queries the part does not judge, got `"q1"` (string), which `perQuery` scores'),
    );
    expect(refusal(edited((p) => p.unansweredQueries.push('q3'))).message).toBe(
      'mergeEvaluations: expected `unansweredQueries` of part 1 to be query ids each listed once, got `"q3"` (string), listed twice',
    );
    const skipped = evaluateRun({ q1: ['a'] }, { q1: { a: 1 }, q4: { e: 0 } }, { ...options, noRelevant: 'skip' });
    const skippedOther = evaluateRun({ q5: ['f'] }, { q5: { f: 1 } }, { ...options, noRelevant: 'skip' });
    const scoredAnyway = edited((p) => {
      p.perQuery['q4'] = { ...p.perQuery['q1']! };
      p.queries = 2;
    }, skipped);
    expect(errorOf(() => mergeEvaluations([skippedOther, scoredAnyway]))).toMatchObject({
      code: 'invalid_evaluation',
      message: "mergeEvaluations: expected `noRelevantQueries` of part 1 to be queries left out of `perQuery` under `noRelevant: 'skip'`, got `\"q4\"` (string), which `perQuery` scores",
    });
    expect(refusal(edited((p) => delete p.perQuery['q4'])).message).toBe(
      "mergeEvaluations: expected `queries` of part 1 to be the number of queries in `perQuery` (3), got `4` (number)",
    );
    expect(
      refusal(
        edited((p) => {
          delete p.perQuery['q4'];
          p.queries = 3;
        }),
      ).message,
    ).toBe("mergeEvaluations: expected `noRelevantQueries` of part 1 to be scored queries under `noRelevant: 'zero'`, got `\"q4\"` (string), which `perQuery` does not score");
    const erroring = evaluateRun({ q1: ['a'] }, { q1: { a: 1 } }, { ...options, noRelevant: 'error' });
    expect(errorOf(() => mergeEvaluations([edited((p) => p.noRelevantQueries.push('q1'), erroring)]))).toMatchObject({
      message: "mergeEvaluations: expected `noRelevantQueries` of part 0 to be empty under `noRelevant: 'error'` (evaluateRun refuses such a query), got `\"q1\"` (string)",
    });
  });

  test('a mean that is not the mean of the part’s rows (overall or per tag)', () => {
    expect(refusal(edited((p) => (p.mean['P@1'] = 0.7)))).toEqual(invalid('expected `mean["P@1"]` of part 1 to be the mean of its `perQuery` values (0.25), got `0.7` (number)'));
    expect(refusal(edited((p) => (p.mean['num_ret'] = 3))).message).toBe(
      'mergeEvaluations: expected `mean["num_ret"]` of part 1 to be the sum of its `perQuery` values (5), got `3` (number)',
    );
    expect(refusal(edited((p) => (p.bySlice['ru']!.mean['P@1'] = 1))).message).toBe(
      'mergeEvaluations: expected `bySlice["ru"].mean["P@1"]` of part 1 to be the mean of the values of its queries (0), got `1` (number)',
    );
    expect(refusal(edited((p) => (p.bySlice['en']!.queries = 3))).message).toBe(
      'mergeEvaluations: expected `bySlice["en"].queries` of part 1 to be the number of queries with the label in `mergeable.slices` (2), got `3` (number)',
    );
    expect(refusal(edited((p) => delete p.bySlice['ru'])).message).toBe(
      'mergeEvaluations: expected `bySlice` of part 1 to be the labels of `mergeable.slices`, each with the means of its queries, got `"ru"` (string), which it leaves out',
    );
  });

  test('mergeable facts that disagree with the rows: tags, queries holding their id, tied queries, the deepest ranking, beyondSystemK', () => {
    expect(refusal(edited((p) => (p.mergeable.slices['q9'] = ['en']))).message).toBe(
      'mergeEvaluations: expected `mergeable.slices` of part 1 to be the labels of scored queries (in `perQuery`), got `"q9"` (string), which `perQuery` does not score',
    );
    expect(refusal(edited((p) => (p.mergeable.slices['q1'] = []))).message).toBe(
      'mergeEvaluations: expected `mergeable.slices["q1"]` of part 1 to be a non-empty array of labels (a query without any is not listed), got `array of 0` (array)',
    );
    expect(refusal(edited((p) => p.mergeable.queriesInRanking.push('q3'))).message).toBe(
      'mergeEvaluations: expected `mergeable.queriesInRanking` of part 1 to be queries scored on a ranking (in `perQuery`, not unanswered), got `"q3"` (string)',
    );
    const given = evaluateRun({ q1: ['a'] }, { q1: { a: 1 } }, { ...options, ties: 'given' });
    expect(errorOf(() => mergeEvaluations([edited((p) => p.mergeable.tiedQueries.push('q1'), given)]))).toMatchObject({
      message: "mergeEvaluations: expected `mergeable.tiedQueries` of part 0 to be empty under `ties: 'given'` (scores order nothing), got `\"q1\"` (string)",
    });
    const unanswered = evaluateRun({ q9: ['a'] }, { q1: { a: 1 } }, options);
    expect(errorOf(() => mergeEvaluations([edited((p) => (p.mergeable.deepestRanking = 5), unanswered)]))).toMatchObject({
      message: 'mergeEvaluations: expected `mergeable.deepestRanking` of part 0 to be 0, as no query is scored on a ranking, got `5` (number)',
    });
    const cut = evaluateRun({ q1: ['a'] }, { q1: { a: 1 } }, { ...options, systemK: { k: 3, mode: 'warn' } });
    expect(cut.mergeable.beyondSystemK).toEqual({ k: 3, measures: ['ndcg@10', 'dcg@10', 'mrr@5', 'num_ret'] });
    expect(errorOf(() => mergeEvaluations([edited((p) => (p.mergeable.beyondSystemK = { k: 3, measures: ['ndcg@10'] }), cut)]))).toMatchObject({
      message: 'mergeEvaluations: expected `mergeable.beyondSystemK` of part 0 to be `{"k":3,"measures":["ndcg@10","dcg@10","mrr@5","num_ret"]}`, got `{"k":3,"measures":["ndcg@10"]}`',
    });
    expect(errorOf(() => mergeEvaluations([edited((p) => (p.mergeable.beyondSystemK = { k: 3, measures: ['ndcg@10'] }))]))).toMatchObject({
      message: 'mergeEvaluations: expected `mergeable.beyondSystemK` of part 0 to be absent (no measure reads beyond `systemK`), got `{"k":3,"measures":["ndcg@10"]}`',
    });
  });

  test('the rarer contradictions: an unjudged query listed as without relevant document, a tag listed twice or of no query, stray aspects, no row at all', () => {
    const skipped = evaluateRun({ q1: ['a'] }, { q1: { a: 1 }, q4: { e: 0 } }, { ...options, noRelevant: 'skip' });
    expect(errorOf(() => mergeEvaluations([edited((p) => p.unjudgedQueries.push('q4'), skipped)]))).toMatchObject({
      message: 'mergeEvaluations: expected `unjudgedQueries` of part 0 to be queries the part does not judge, got `"q4"` (string), which `noRelevantQueries` lists as judged',
    });
    expect(refusal(edited((p) => (p.mergeable.slices['q2'] = ['en', 'en']))).message).toBe(
      'mergeEvaluations: expected `mergeable.slices["q2"]` of part 1 to be labels each given once, got `"en"` (string), given twice',
    );
    expect(refusal(edited((p) => (p.bySlice['fr'] = p.bySlice['ru']!))).message).toBe(
      'mergeEvaluations: expected `bySlice` of part 1 to be the labels of `mergeable.slices`, each with the means of its queries, got `"fr"` (string), which no query has',
    );
    expect(refusal(edited((p) => (p.bySlice = [] as never))).message).toBe('mergeEvaluations: expected `bySlice` of part 1 to be an object of label → means, got `array of 0` (array)');
    expect(refusal(edited((p) => (p.bySlice['ru'] = { mean: 1 } as never))).message).toBe(
      'mergeEvaluations: expected `bySlice["ru"]` of part 1 to be an object { mean, queries }, got `{"mean":1}` (object)',
    );
    // Written without --by-tag, a part has no bySlice: nothing to check there.
    expect(mergeEvaluations([other, edited((p) => Reflect.deleteProperty(p, 'bySlice'))]).queries).toBe(5);
    expect(refusal(edited((p) => p.mergeable.tiedQueries.push('q1', 'q1'))).message).toBe(
      'mergeEvaluations: expected `mergeable.tiedQueries` of part 1 to be query ids each listed once, got `"q1"` (string), listed twice',
    );
    expect(refusal(edited((p) => (p.mergeable.withoutAspects = ['q1']))).message).toBe(
      'mergeEvaluations: expected `mergeable.withoutAspects` of part 1 to be absent without an aspect measure, got `array of 1` (array)',
    );
    expect(refusal(edited((p) => (p.mergeable.withoutAspects = ['q9']))).message).toBe(
      'mergeEvaluations: expected `mergeable.withoutAspects` of part 1 to be scored queries (in `perQuery`), got `"q9"` (string)',
    );
    expect(refusal(edited((p) => (p.mean = { ...p.mean, 'ndgc@10': 0.5 }))).message).toBe(
      'mergeEvaluations: expected `mean` of part 1 to be keyed by measure names of one value each, got `"ndgc@10"` (string)',
    );
    expect(refusal(edited((p) => p.unansweredQueries.push('q9'))).message).toBe(
      'mergeEvaluations: expected `unansweredQueries` of part 1 to be judged queries (each scored, or without relevant document), got `"q9"` (string)',
    );
    expect(refusal(edited((p) => delete (p.conventions.aggregation as Record<string, unknown>)['P@1'])).message).toMatch(
      /^mergeEvaluations: expected `conventions\.aggregation` of part 1 to be an object of the measures of `mean` \(in its order\) → their aggregate, got /,
    );
    const empty = edited((p) => {
      p.perQuery = {};
      p.queries = 0;
      p.unansweredQueries = [];
      p.noRelevantQueries = [];
    });
    expect(refusal(empty).message).toBe('mergeEvaluations: expected `perQuery` of part 1 to be at least one scored query (evaluateRun scores one or refuses the run), got `{}` (object)');
  });

  test("an aggregation other than the measure's, and a check in 'error' mode whose condition holds", () => {
    expect(refusal(edited((p) => (p.conventions.aggregation['num_ret'] = 'mean'))).message).toBe(
      "mergeEvaluations: expected `conventions.aggregation[\"num_ret\"]` of part 1 to be 'sum', as num_ret is aggregated, got `\"mean\"` (string)",
    );
    const strictPart = evaluateRun({ q1: ['a', 'b', 'c', 'd', 'e'] }, { q1: { a: 1 } }, { measures: ['P@5'], checks: 'error' });
    expect(errorOf(() => mergeEvaluations([edited((p) => p.mergeable.queriesInRanking.push('q1'), strictPart)]))).toMatchObject({
      code: 'invalid_evaluation',
      message: "mergeEvaluations: expected `mergeable.queriesInRanking` of part 0 to be empty, as its check is in 'error' mode, got `\"q1\"` (string)",
    });
    expect(errorOf(() => mergeEvaluations([edited((p) => p.mergeable.tiedQueries.push('q1'), strictPart)]))).toMatchObject({
      message: "mergeEvaluations: expected `mergeable.tiedQueries` of part 0 to be empty, as its check is in 'error' mode, got `\"q1\"` (string)",
    });
    expect(errorOf(() => mergeEvaluations([edited((p) => (p.mergeable.deepestRanking = 4), strictPart)]))).toMatchObject({
      message: "mergeEvaluations: expected `mergeable.deepestRanking` of part 0 to be at least the cutoff of P@5 (5), as the cutoffBeyondRun check is in 'error' mode, got `4` (number)",
    });
  });

  test('a part whose fields are not of the types evaluateRun writes is refused as invalid_evaluation, naming the field', () => {
    const edits: [(p: Part) => void, string][] = [
      [(p) => (p.mergeable.systemK = 0), 'mergeable.systemK'],
      [(p) => (p.mergeable.withoutAspects = 'q1' as never), 'mergeable.withoutAspects'],
      [(p) => (p.mergeable.beyondSystemK = { k: 3, measures: 'P@1' } as never), 'mergeable.beyondSystemK'],
      [(p) => (p.mergeable.deepestRanking = -1), 'mergeable.deepestRanking'],
      [(p) => (p.mergeable.queriesInRanking = 'q1' as never), 'mergeable.queriesInRanking'],
      [(p) => (p.mergeable.tiedQueries = [1] as never), 'mergeable.tiedQueries'],
      [(p) => (p.mergeable.checks = {} as never), 'mergeable.checks'],
      [(p) => (p.mergeable.slices = [] as never), 'mergeable.slices'],
      [(p) => (p.mergeable.slices['q1'] = 'en' as never), 'mergeable.slices["q1"]'],
      [(p) => (p.conventions = 'trec' as never), 'conventions'],
      [(p) => (p.conventions.aggregation['P@1'] = 'median' as never), 'conventions.aggregation["P@1"]'],
      [(p) => (p.mergeable = 'x' as never), 'mergeable'],
      [(p) => (p.mergeable.unjudgedDocuments = { depth: 0, retrieved: 1, byQuery: {} }), 'mergeable.unjudgedDocuments'],
      [(p) => (p.mergeable.unjudgedDocuments = { depth: null, retrieved: 1, byQuery: { q1: 0.5 } }), 'mergeable.unjudgedDocuments.byQuery["q1"]'],
      [(p) => (p.mergeable.unjudgedDocuments = { depth: 5, retrieved: 1, byQuery: { q1: 2 } }), 'mergeable.unjudgedDocuments.retrieved'],
    ];
    for (const [change, field] of edits) {
      const error = errorOf(() => mergeEvaluations([other, edited(change)]));
      expect({ code: isRankevalError(error) && error.code, message: (error as Error).message }).toMatchObject({ code: 'invalid_evaluation', message: expect.stringContaining(`expected \`${field}\` of part 1 to be`) });
    }
    const cut = evaluateRun({ q1: ['a'] }, { q1: { a: 1 } }, { ...options, systemK: { k: 3, mode: 'warn' } });
    expect(errorOf(() => mergeEvaluations([edited((p) => delete p.mergeable.beyondSystemK, cut)]))).toMatchObject({
      message: 'mergeEvaluations: expected `mergeable.beyondSystemK` of part 0 to be `{"k":3,"measures":["ndcg@10","dcg@10","mrr@5","num_ret"]}`, got nothing',
    });
  });

  test('values near the largest number are merged without overflow: dcg of 1.6e308 per query has a finite mean', () => {
    // Linear gain: grade 1e308 at ranks 1 and 2 gives DCG 1e308 + 1e308 / log2(3) ≈ 1.63e308, a finite sum of gains.
    const judged = { a: 1e308, b: 1e308 };
    const run = { q1: ['a', 'b'], q2: ['a', 'b'], q3: ['a', 'b'] };
    const qrels = { q1: judged, q2: judged, q3: judged };
    const whole = evaluateRun(run, qrels, { measures: ['dcg@10'] });
    expect(whole.mean['dcg@10']).toBe(1e308 + 1e308 / Math.log2(3));
    const parts = (['q1', 'q2', 'q3'] as const).map((qid) => evaluateRun({ [qid]: run[qid] }, { [qid]: judged }, { measures: ['dcg@10'] }));
    expectSame(mergeEvaluations(parts), whole);
  });
});
