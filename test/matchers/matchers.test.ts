import { describe, expect, it } from 'vitest';
import '../../src/vitest.js';
import { rankevalMatchers } from '../../src/matchers/index.js';
import { failureOf, idealDcg, qrels, ranking, reranked } from '../helpers/examples.js';
import { errorOf } from '../helpers/files.js';
import { caught } from '../helpers/caught.js';

const example = [...ranking]; // G x T y z; T grade 2, G and F grade 1, F not retrieved

describe('metric matchers pass at or above the threshold', () => {
  it('recall@k, precision@k, ndcg@k and reciprocal rank', () => {
    expect(example).toHaveRecallAtK(qrels, 5, 2 / 3);
    expect(example).toHavePrecisionAtK(qrels, 3, 2 / 3);
    expect(example).toHaveNdcgAtK(qrels, 5, (1 + 2 / Math.log2(4)) / idealDcg);
    expect([...reranked]).toHaveReciprocalRank(qrels, 1);
    expect(example).not.toHaveRecallAtK(qrels, 1, 0.5);
    expect(example).not.toHaveReciprocalRank(qrels, 1, { relevanceThreshold: 2 });
  });

  it('toRankFirst and toRetrieve', () => {
    expect(example).toRankFirst('G');
    expect(example).not.toRankFirst('T');
    expect(example).toRetrieve(['T', 'G'], { within: 3 });
    expect(example).toRetrieve(['z']);
    expect(example).not.toRetrieve(['T'], { within: 2 });
  });

  it('toMeetGates on a run', () => {
    const run = { q1: example, q2: ['d4'] };
    const golden = { q1: qrels, q2: ['d4'] };
    // recall@5: (2/3 + 1) / 2; mrr@10: (1 + 1) / 2
    expect(run).toMeetGates(golden, { 'recall@5': (2 / 3 + 1) / 2, 'mrr@10': 1 });
    expect(run).not.toMeetGates(golden, { 'recall@1': 0.9 });
    // miss@5, where lower is better: a maximum. (1 − 2/3 + 1 − 1) / 2.
    expect(run).toMeetGates(golden, { 'miss@5': (1 - 2 / 3 + 0) / 2 });
    expect(run).not.toMeetGates(golden, { 'miss@5': 0.1 });
    // And with evaluateRun's options: tokens@1 reads lengths, and is a maximum too.
    expect(run).toMeetGates(golden, { 'tokens@1': 30 }, { lengths: { G: 30, d4: 10 } });
  });

  it('a failure view follows the tie rule: under ties given, a budget holds the array\'s first documents', () => {
    const message = failureOf(() =>
      expect([{ id: 'x', score: 1 }, { id: 'a', score: 2 }]).toHaveMeasure({ a: 1 }, 'recall@budget=55', { atLeast: 1, ties: 'given', lengths: { x: 50, a: 20 } }),
    );
    expect(message).toContain('got 0.0000');
    // x (50 tokens) fills the window; a (20 more) would pass 55: it is the missed relevant document.
    expect(message).not.toContain('missed relevant within 55 tokens: none');
  });

  it('toMeetGates lists the worst queries of a maximum gate as the highest', () => {
    const run = { q1: ['a', 'x'], q2: ['x', 'y'], q3: ['y', 'z'], q4: ['d'] };
    const golden = { q1: ['a'], q2: ['b'], q3: ['c'], q4: ['d'] };
    const message = failureOf(() => expect(run).toMeetGates(golden, { 'miss@1': 0.1 }));
    expect(message).toContain('FAILED  miss@1 = 0.5000, above 0.1');
    expect(message.slice(message.indexOf('worst queries on miss@1:')).split('\n').slice(1, 3).map((line) => line.trim().split(/\s+/).slice(0, 2).join(' '))).toEqual(['q2 1.0000', 'q3 1.0000']);
  });
});

describe('failure messages show the metric, the threshold, the ranking and what was missed', () => {
  it('toHaveRecallAtK', () => {
    expect(failureOf(() => expect(example).toHaveRecallAtK(qrels, 5, 0.8))).toMatchInlineSnapshot(`
      "expected recall@5 ≥ 0.8, got 0.6667 (2 of 3 relevant in the top 5)

      top 5 of the ranking (✓ relevant, grade - unjudged):
        rank  grade     id
           1      1  ✓  G
           2      -     x
           3      2  ✓  T
           4      -     y
           5      -     z
        missed relevant (1 of 3): F (grade 1, not retrieved)"
    `);
  });

  it('toHavePrecisionAtK, negated', () => {
    expect(failureOf(() => expect(example).not.toHavePrecisionAtK(qrels, 3, 0.5))).toMatchInlineSnapshot(`
      "expected precision@3 < 0.5, got 0.6667 (2 relevant in the top 3, divided by 3)

      top 3 of the ranking (✓ relevant, grade - unjudged):
        rank  grade     id
           1      1  ✓  G
           2      -     x
           3      2  ✓  T
        missed relevant (1 of 3): F (grade 1, not retrieved)"
    `);
  });

  it('toHaveNdcgAtK', () => {
    expect(failureOf(() => expect(example).toHaveNdcgAtK(qrels, 2, 0.9))).toMatchInlineSnapshot(`
      "expected ndcg@2 ≥ 0.9, got 0.3801 (DCG 1.0000 of an ideal 2.6309)

      top 2 of the ranking (✓ relevant, grade - unjudged):
        rank  grade     id
           1      1  ✓  G
           2      -     x
        missed relevant (2 of 3): T (grade 2, at rank 3), F (grade 1, not retrieved)"
    `);
  });

  it('toHaveReciprocalRank', () => {
    expect(failureOf(() => expect(['x', 'y', 'G']).toHaveReciprocalRank(qrels, 0.5))).toMatchInlineSnapshot(`
      "expected reciprocal rank ≥ 0.5, got 0.3333 (first relevant document at rank 3)

      top of the ranking (✓ relevant, grade - unjudged):
        rank  grade     id
           1      -     x
           2      -     y
           3      1  ✓  G
        missed relevant (2 of 3): T (grade 2, not retrieved), F (grade 1, not retrieved)"
    `);
    expect(failureOf(() => expect(['x']).toHaveReciprocalRank(qrels, 0.1))).toMatch(/got 0\.0000 \(no relevant document retrieved\)/);
  });

  it('toRankFirst', () => {
    expect(failureOf(() => expect(example).toRankFirst('T'))).toMatchInlineSnapshot(`
      "expected "T" to rank first, but it is at rank 3
        top: 1. G  2. x  3. T  4. y  5. z"
    `);
    expect(failureOf(() => expect([]).toRankFirst('T'))).toBe('expected "T" to rank first, but it was not retrieved\n  top: (the ranking is empty)');
    expect(failureOf(() => expect(example).not.toRankFirst('G'))).toBe('expected "G" not to rank first, but it does\n  top: 1. G  2. x  3. T  4. y  5. z');
  });

  it('toRetrieve', () => {
    expect(failureOf(() => expect(example).toRetrieve(['T', 'G', 'F'], { within: 2 }))).toMatchInlineSnapshot(`
      "expected all of 3 ids within the top 2; missing (2 of 3): F (not retrieved), T (at rank 3)

      top of the ranking (✓ wanted):
        rank     id
           1  ✓  G
           2     x
        missing (2 of 3): F (not retrieved), T (at rank 3)"
    `);
    expect(failureOf(() => expect(example).not.toRetrieve(['G']))).toMatch(/^expected not all of 1 ids in the ranking, but all are there/);
  });

  it('toMeetGates names each gate and the worst queries of the failed ones', () => {
    const run = { q1: example, q2: ['d9', 'd4'], q3: [] };
    const golden = { q1: qrels, q2: ['d4'], q3: ['d5'] };
    expect(failureOf(() => expect(run).toMeetGates(golden, { 'recall@5': 0.9, 'mrr@10': 0.5 }))).toMatchInlineSnapshot(`
      "expected the run to meet 2 gates over 3 queries; 1 failed:
        FAILED  recall@5 = 0.5556, below 0.9
        passed  mrr@10 = 0.5000, at or above 0.5

      worst queries on recall@5:
        q3  0.0000  missed relevant (1 of 1): d5 (grade 1, not retrieved)
        q1  0.6667  missed relevant (1 of 3): F (grade 1, not retrieved)
        q2  1.0000  missed relevant: none (all 1 shown)"
    `);
    // A judged query named `constructor` that the run lacks is an empty ranking, not Object.prototype.constructor.
    expect(failureOf(() => expect({ q1: example }).toMeetGates(Object.fromEntries([['q1', qrels], ['constructor', ['d5']]]), { 'recall@5': 0.9 }))).toMatch(
      /worst queries on recall@5:\n {2}constructor {2}0\.0000 {2}missed relevant \(1 of 1\): d5 \(grade 1, not retrieved\)/,
    );
    expect(failureOf(() => expect(new Map([['q1', example]])).not.toMeetGates(new Map([['q1', qrels]]), { P: 0 }))).toMatch(
      /^expected the run to fail a gate, but it meets all 1 over 1 queries:\n {2}passed {2}P = 0\.4000, at or above 0/,
    );
  });
});

describe('bad matcher arguments are typed errors, not silent passes', () => {
  it.each([
    [() => expect(example).toHaveRecallAtK(qrels, 0, 0.5), /toHaveRecallAtK: expected `k` to be a positive integer/],
    [() => expect(example).toHaveRecallAtK(qrels, 5, Number.NaN), /toHaveRecallAtK: expected the threshold to be a number/],
    [() => expect(example).toRetrieve('G' as unknown as string[]), /toRetrieve: expected the ids to be an array of string ids/],
    [() => expect({ q1: example }).toMeetGates({ q1: qrels }, {}), /toMeetGates: expected the gates to be an object of measure/],
    // @ts-expect-error Type 'number' is not assignable to type '"unknown measure: bleu"': refused at run time too.
    [() => expect({ q1: example }).toMeetGates({ q1: qrels }, { bleu: 1 }), /^toMeetGates: unknown measure `bleu`/],
    [() => expect({ q1: example }).toMeetGates({ q1: qrels }, { 'recall@0': 1 }), /^toMeetGates: measure `recall@0`: expected the cutoff after `@` to be a positive integer/],
    // Checked at run time: it read "expected 5 to rank first".
    [() => expect(example).toRankFirst(5 as unknown as string), /^toRankFirst: expected the id to be a string, got `5`/],
    // toRetrieve takes no qrels: it said "the qrels hold no relevant document".
    [() => expect(example).toRetrieve([]), /^toRetrieve: expected the ids to be a list of at least one id/],
    // It passed, saying "all of 2 ids … (all 1 shown)".
    [() => expect(example).toRetrieve(['G', 'G']), /^toRetrieve: expected every id to be listed once, got `"G"`/],
    // eslint-disable-next-line no-sparse-arrays
    [() => expect(example).toRetrieve(['G', , 'T'] as string[]), /^toRetrieve: expected id 2 of the ids to be a string, got `undefined`/],
    [() => expect('G x T').toHaveRecallAtK(qrels, 5, 0.5), /expected the ranking to be an array/],
    // Options that are not options: named by the matcher, with the ones it knows.
    [() => expect(example).toHaveNdcgAtK(qrels, 5, 0.5, { gains: 'exponential' } as never), /^toHaveNdcgAtK: expected every option to be one of `relevanceThreshold`, `gain`, `apDenominator`, `ties`, got `"gains"`/],
    [() => expect(example).toHaveReciprocalRank(qrels, 0.5, { threshold: 2 } as never), /^toHaveReciprocalRank: expected every option to be one of/],
    [() => expect(example).toRetrieve(['G'], { k: 3 } as never), /^toRetrieve: expected every option to be one of `within`, got `"k"`/],
    [() => expect({ q1: example }).toMeetGates({ q1: qrels }, { P: 0 }, { measures: ['P@1'] } as never), /^toMeetGates: expected every option to be one of .*`noRelevant`, `systemK`, `lengths`, `aspects`, got `"measures"`/],
    [() => expect(['a', 'b', 'a']).toRankFirst('a'), /duplicate document id `"a"`/],
  ])('%#', (assertion, message) => {
    expect(assertion).toThrow(message);
  });
});

describe("bad matcher arguments say what they are about as fields", () => {
  it.each([
    [() => expect(example).toRetrieve(['G', 'G']), { subject: { kind: 'argument', argument: 'ids' }, facts: { index: 1 } }],
    [() => expect(example).toRetrieve([]), { subject: { kind: 'argument', argument: 'ids' }, facts: { limit: 1, count: 0 } }],
    [() => expect(example).toRankFirst(5 as unknown as string), { subject: { kind: 'argument', argument: 'id' } }],
    [() => expect(example).toHaveRecallAtK(qrels, 5, Number.NaN), { subject: { kind: 'argument', argument: 'min' } }],
  ])('%#', (assertion, fields) => {
    expect(caught(assertion)).toMatchObject(fields);
  });
});

describe('a matcher names itself and the likely fix for a call left without await or a golden set for its qrels', () => {
  const run = { q1: example, q2: ['d4'] };
  const judged = new Map([['q1', new Map(Object.entries(qrels))], ['q2', new Map([['d4', 1]])]]);
  // As readGoldenSet returns it: the qrels beside the questions, tags and format.
  const golden = { format: 'jsonl', qrels: judged, tags: new Map(), questions: new Map() };
  const later = <T>(value: T): Promise<T> => Promise.resolve(value);
  const AWAIT = 'got a Promise: did you forget `await`?';
  const RANKING = 'an array of ids or of {id, score} objects';
  const JUDGMENTS = 'judgments (query id → document id → grade)';
  const ONE_QUERY = "the ranking's query's judgments (document id → grade)";
  const GOLDEN = 'got a golden set (format, qrels, tags, questions): pass';

  it.each([
    // It read "explainRanking: expected the ranking to be … got `[object Promise]`".
    ['toRankFirst', () => expect(later(example)).toRankFirst('G'), 'invalid_ranking', 'received', `toRankFirst: expected the ranking given to expect() to be ${RANKING}, ${AWAIT}`],
    ['toRetrieve', () => expect(later(example)).toRetrieve(['G']), 'invalid_ranking', 'received', `toRetrieve: expected the ranking given to expect() to be ${RANKING}, ${AWAIT}`],
    ['toHaveRecallAtK', () => expect(later(example)).toHaveRecallAtK(qrels, 5, 0.5), 'invalid_ranking', 'received', `toHaveRecallAtK: expected the ranking given to expect() to be ${RANKING}, ${AWAIT}`],
    ['toHaveReciprocalRank', () => expect(example).toHaveReciprocalRank(later(qrels) as never, 0.5), 'invalid_qrels', 'qrels', `toHaveReciprocalRank: expected \`qrels\` to be ${ONE_QUERY}, ${AWAIT}`],
    // It failed as an empty run ("0 queries"), never naming the Promise.
    ['toMeetGates', () => expect(later(run)).toMeetGates(judged, { 'recall@5': 0.5 }), 'invalid_run', 'received', `toMeetGates: expected the run given to expect() to be query id → ranking, ${AWAIT}`],
    ['toNotRegressFrom', () => expect(run).toNotRegressFrom(later(run) as never, judged, { measures: ['P@1'] }), 'invalid_run', 'baseline', `toNotRegressFrom: expected the baseline to be a run (query id → ranking), ${AWAIT}`],
    ['toHaveMeasure', () => expect(run).toHaveMeasure(later(judged) as never, 'P@1', { atLeast: 0 }), 'invalid_qrels', 'qrels', `toHaveMeasure: expected \`qrels\` to be ${JUDGMENTS}, ${AWAIT}`],
    ['toHaveMeasure', () => expect(later(run)).toHaveMeasure(judged, 'P@1', { atLeast: 0 }), 'invalid_run', 'received', `toHaveMeasure: expected the ranking or run given to expect() to be a ranking (an array) or a run (query id → ranking), ${AWAIT}`],
    ['toRankFirst', () => expect(example).toRankFirst(later('G') as never), 'invalid_option', 'id', `toRankFirst: expected \`id\` to be a value, not a Promise, ${AWAIT}`],
    // It read "evaluateRun: expected qrels["format"] to be a Map, …".
    ['toMeetGates', () => expect(run).toMeetGates(golden as never, { 'recall@5': 0.5 }), 'invalid_qrels', 'qrels', `toMeetGates: expected \`qrels\` to be ${JUDGMENTS}, ${GOLDEN} \`golden.qrels\``],
    ['toNotRegressFrom', () => expect(run).toNotRegressFrom(run, golden as never, { measures: ['P@1'] }), 'invalid_qrels', 'qrels', `toNotRegressFrom: expected \`qrels\` to be ${JUDGMENTS}, ${GOLDEN} \`golden.qrels\``],
    ['toHaveMeasure', () => expect(run).toHaveMeasure(golden as never, 'P@1', { atLeast: 0 }), 'invalid_qrels', 'qrels', `toHaveMeasure: expected \`qrels\` to be ${JUDGMENTS}, ${GOLDEN} \`golden.qrels\``],
    // It read "evaluate: expected the grade of "format" in the qrels to be a finite number".
    ['toHaveNdcgAtK', () => expect(example).toHaveNdcgAtK(golden as never, 5, 0.5), 'invalid_qrels', 'qrels', `toHaveNdcgAtK: expected \`qrels\` to be ${ONE_QUERY}, ${GOLDEN} its query's judgments: \`golden.qrels.get(queryId)\``],
    ['toHaveMeasure', () => expect(example).toHaveMeasure(golden as never, 'P@1', { atLeast: 0 }), 'invalid_qrels', 'qrels', `toHaveMeasure: expected \`qrels\` to be ${ONE_QUERY}, ${GOLDEN} its query's judgments: \`golden.qrels.get(queryId)\``],
  ] as const)('%s: %#', (matcher, assertion, code, argument, message) => {
    const error = errorOf(assertion);
    expect(error).toMatchObject({ name: 'RankevalError', code, fn: matcher, subject: { kind: 'argument', argument } });
    expect((error as Error).message).toBe(message);
  });

  it('says an error of a function the matcher calls by the matcher', () => {
    // It read "evaluate: expected the ranking to be …" and "explainRanking: expected the ranking to be …".
    expect(errorOf(() => expect('G x T').toHaveNdcgAtK(qrels, 5, 0.5))).toMatchObject({ code: 'invalid_ranking', fn: 'toHaveNdcgAtK', message: expect.stringMatching(/^toHaveNdcgAtK: expected the ranking to be an array/) });
    expect(errorOf(() => expect({ length: 1 }).toRankFirst('G'))).toMatchObject({ code: 'invalid_ranking', fn: 'toRankFirst', message: expect.stringMatching(/^toRankFirst: expected the ranking to be an array/) });
  });

  it('leaves a value whose `then` or keys cannot be read to the library, which names it by the matcher', () => {
    const unreadable = { get then(): never { throw new Error('no then') } };
    expect(errorOf(() => expect(unreadable).toRankFirst('G'))).toMatchObject({ code: 'invalid_ranking', message: expect.stringMatching(/^toRankFirst: expected the ranking to be an array/) });
    // A revoked Proxy cannot be looked at for a golden set's keys: the library's reading names it.
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(errorOf(() => expect(run).toMeetGates(proxy, { 'P@1': 0 }))).toMatchObject({ code: 'invalid_qrels', message: expect.stringMatching(/^toMeetGates: reading `qrels` threw TypeError/) });
  });

  it('takes judgments with a document or a query named qrels: no golden set without its other keys', () => {
    expect(example).toHaveRecallAtK({ qrels: 1, T: 2, G: 1, F: 1 }, 5, 0.5);
    expect({ qrels: example }).toMeetGates({ qrels }, { 'recall@5': 0.5 });
  });
});

it('works as a plain object for jest’s expect.extend: a matcher is a function of (received, …args) with isNot in this', () => {
  const result = rankevalMatchers.toHaveRecallAtK.call({ isNot: false }, example, qrels, 5, 0.5);
  expect(result.pass).toBe(true);
  expect(result.message()).toMatch(/^expected recall@5 ≥ 0\.5, got 0\.6667/);
});
