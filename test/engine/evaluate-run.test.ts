// The scoring core's per-document measures: token budgets, tokens@k and miss@k with `lengths`, and the
// system's k (`systemK`), through evaluateRun, evaluateRunStream (bytes) and mergeEvaluations.
import { describe, expect, test } from 'vitest';
import { evaluateRun, mergeEvaluations, type Ranking } from '../../src/index.js';
import { evaluateRunStream } from '../../src/engine/stream.js';

// q1 judges a (1), c (2), e (1) and ranks a b c d e; q2 judges x and ranks y x. The running sums of the
// lengths down q1's ranking are 100, 400, 600, 650, 1050; down q2's, 600, 610. q3 is judged, not answered.
const qrels = { q1: { a: 1, c: 2, e: 1 }, q2: { x: 1 }, q3: { z: 1 } };
const run = { q1: ['a', 'b', 'c', 'd', 'e'], q2: ['y', 'x'] };
const lengths = { a: 100, b: 300, c: 200, d: 50, e: 400, y: 600, x: 10, z: 5 };
// Linear gains: c (2), a and e (1) at ranks 1, 2, 3.
const idealQ1 = 2 / Math.log2(2) + 1 / Math.log2(3) + 1 / Math.log2(4);

const catching = (fn: () => unknown): { code?: string; message: string } => {
  try {
    fn();
  } catch (error) {
    return error as { code?: string; message: string };
  }
  throw new Error('expected an error');
};

describe('token budgets, tokens@k and miss@k (the worked example)', () => {
  const measures = [
    'recall@budget=500',
    'P@budget=500',
    'ndcg@budget=500',
    'recall@budget=650',
    'P@budget=650',
    'map@budget=650',
    'dcg@budget=650',
    'context_precision@budget=650',
    'miss@budget=650',
    'tokens@3',
    'tokens@budget=500',
    'miss@2',
  ] as const;
  const result = evaluateRun(run, qrels, { measures, lengths });

  test('q1: 500 tokens hold a and b, 650 hold a b c d; P divides by the documents the window holds', () => {
    expect(result.perQuery.q1).toEqual({
      'recall@budget=500': 1 / 3,
      'P@budget=500': 1 / 2,
      // The ideal is of every judged document, not of those that fit.
      'ndcg@budget=500': 1 / Math.log2(2) / idealQ1,
      'recall@budget=650': 2 / 3,
      'P@budget=650': 2 / 4,
      'map@budget=650': (1 / 1 + 2 / 3) / 3,
      'dcg@budget=650': 1 / Math.log2(2) + 2 / Math.log2(4),
      'context_precision@budget=650': (1 / 1 + 2 / 3) / 2,
      'miss@budget=650': 1 - 2 / 3,
      'tokens@3': 100 + 300 + 200,
      'tokens@budget=500': 100 + 300,
      'miss@2': 1 - 1 / 3,
    });
  });

  test('q2: its first document alone (600) is over 500 tokens: the window is empty; 650 hold both', () => {
    const q2 = result.perQuery.q2!;
    expect([q2['recall@budget=500'], q2['P@budget=500'], q2['ndcg@budget=500'], q2['tokens@budget=500']]).toEqual([0, 0, 0, 0]);
    expect([q2['recall@budget=650'], q2['P@budget=650'], q2['tokens@3']]).toEqual([1, 1 / 2, 600 + 10]);
  });

  test('an unanswered judged query holds no document: every budget measure 0, tokens 0, miss 1', () => {
    const q3 = result.perQuery.q3!;
    expect(q3['recall@budget=500']).toBe(0);
    expect(q3['tokens@3']).toBe(0);
    expect(q3['miss@2']).toBe(1);
    expect(result.unansweredQueries).toEqual(['q3']);
  });

  test('tokens@k and the budget measures are averaged like any measure', () => {
    expect(result.mean['tokens@3']).toBe((600 + 610 + 0) / 3);
    expect(result.mean['recall@budget=650']).toBe((2 / 3 + 1 + 0) / 3);
  });

  test('miss@k is 1 − recall@k, and 0 for a query without relevant documents', () => {
    const scores = evaluateRun({ q1: run.q1, q4: ['a'] }, { q1: qrels.q1, q4: { a: 0 } }, { measures: ['miss@2', 'recall@2'] }).perQuery;
    expect(scores.q1).toEqual({ 'miss@2': 1 - 1 / 3, 'recall@2': 1 / 3 });
    expect(scores.q4).toEqual({ 'miss@2': 0, 'recall@2': 0 });
  });

  test('lengths may be a Map', () => {
    const fromMap = evaluateRun(run, qrels, { measures, lengths: new Map(Object.entries(lengths)) });
    expect(fromMap.perQuery).toEqual(result.perQuery);
  });

  test('only the documents the window reaches need a length', () => {
    // q1 with 500 tokens reads a, b, c (c ends the window); d and e need none.
    const scores = evaluateRun({ q1: run.q1 }, { q1: qrels.q1 }, { measures: ['recall@budget=500'], lengths: { a: 100, b: 300, c: 200 } });
    expect(scores.mean['recall@budget=500']).toBe(1 / 3);
  });
});

describe('lengths: refusals', () => {
  test('a budget or tokens@k without `lengths` is refused, naming the measure', () => {
    for (const measure of ['recall@budget=500', 'tokens@3']) {
      const error = catching(() => evaluateRun(run, qrels, { measures: ['recall@5', measure] }));
      expect(error.code).toBe('invalid_option');
      expect(error.message).toContain(`${measure} reads document lengths: give \`lengths\``);
    }
  });

  test('a retrieved document without a length is refused, naming the document and its query', () => {
    const error = catching(() => evaluateRun(run, qrels, { measures: ['tokens@3'], lengths: { a: 100, b: 300 } }));
    expect(error.code).toBe('invalid_option');
    expect(error.message).toContain('`lengths` gives no length for document "c" (query "q1")');
  });

  test.each([
    ['a negative length', { ...lengths, a: -1 }, '`lengths["a"]`'],
    ['NaN', { ...lengths, b: Number.NaN }, '`lengths["b"]`'],
    ['Infinity', { ...lengths, c: Number.POSITIVE_INFINITY }, '`lengths["c"]`'],
    ['a string', { ...lengths, d: '50' }, '`lengths["d"]`'],
    ['an array', [100, 300], '`lengths`'],
  ])('%s is refused, naming the entry', (_, given, named) => {
    const error = catching(() => evaluateRun(run, qrels, { measures: ['tokens@3'], lengths: given as never }));
    expect(error.code).toBe('invalid_option');
    expect(error.message).toContain(`expected ${named} to be`);
  });

  test("ties: 'average' is refused for a budget and for tokens@k (the cut depends on the order inside a tie)", () => {
    for (const measure of ['recall@budget=500', 'tokens@3']) {
      const error = catching(() => evaluateRun(run, qrels, { measures: [measure], lengths, ties: 'average' }));
      expect(error.code).toBe('invalid_option');
      expect(error.message).toContain(`for ${measure} (it has no tie-averaged form)`);
    }
    // miss@k has one, as recall@k.
    expect(evaluateRun(run, qrels, { measures: ['miss@3'], ties: 'average' }).mean['miss@3']).toBe((1 - 2 / 3 + 0 + 1) / 3);
  });
});

describe('systemK: the results the system passes on', () => {
  test('a measure cut deeper, or not cut, is refused, naming the measures and k', () => {
    const error = catching(() => evaluateRun(run, qrels, { measures: ['recall@2', 'recall@10', 'ndcg'], systemK: 2 }));
    expect(error.code).toBe('beyond_system_k');
    expect(error.message).toBe(
      'evaluateRun: recall@10, ndcg: measured beyond the 2 results the system passes on (systemK = 2); measuring recall@10 while the model is given 2 chunks measures the wrong thing',
    );
  });

  test('measures within k, num_rel and idcg (which do not read the ranking) and token budgets pass', () => {
    const result = evaluateRun(run, qrels, { measures: ['recall@2', 'num_rel', 'idcg', 'recall@budget=650', 'tokens@2'], systemK: 2, lengths });
    expect(result.warnings.filter((warning) => warning.code === 'beyond_system_k')).toEqual([]);
    expect(result.mergeable.beyondSystemK).toBeUndefined();
  });

  test('a budget is cut at k too: 650 tokens hold a b c d, but the system passes on 2', () => {
    const result = evaluateRun(run, qrels, { measures: ['recall@budget=650', 'P@budget=650', 'tokens@budget=650'], systemK: 2, lengths });
    expect(result.perQuery.q1).toEqual({ 'recall@budget=650': 1 / 3, 'P@budget=650': 1 / 2, 'tokens@budget=650': 100 + 300 });
    // q2 holds both of its documents either way.
    expect(result.perQuery.q2).toEqual({ 'recall@budget=650': 1, 'P@budget=650': 1 / 2, 'tokens@budget=650': 600 + 10 });
  });

  test("with mode 'warn' the measures are scored, with a warning `beyond_system_k`", () => {
    const result = evaluateRun(run, qrels, { measures: ['recall@2', 'recall@10'], systemK: { k: 2, mode: 'warn' } });
    expect(result.mean['recall@10']).toBe((1 + 1 + 0) / 3);
    expect(result.warnings).toContainEqual({
      code: 'beyond_system_k',
      message: 'recall@10: measured beyond the 2 results the system passes on (systemK = 2); measuring recall@10 while the model is given 2 chunks measures the wrong thing',
      count: 1,
    });
    expect(result.mergeable.beyondSystemK).toEqual({ k: 2, measures: ['recall@10'] });
  });

  test.each([
    [0, '`systemK`'],
    [-1, '`systemK`'],
    [2.5, '`systemK`'],
    ['2', '`systemK`'],
    [null, '`systemK`'],
    [[2], '`systemK`'],
    [{ k: 0 }, '`systemK.k`'],
    [{ mode: 'warn' }, '`systemK.k`'],
    [{ k: 2, mode: 'off' }, '`systemK.mode`'],
    [{ k: 2, depth: 3 }, 'every key of `systemK`'],
  ])('systemK %j is refused, naming %s', (systemK, named) => {
    const error = catching(() => evaluateRun(run, qrels, { measures: ['recall@2'], systemK: systemK as never }));
    expect(error.code).toBe('invalid_option');
    expect(error.message).toContain(`expected ${named} to be`);
  });

  test('mergeEvaluations of two shards scored with systemK in warn mode keeps the warning', () => {
    const options = { measures: ['recall@2', 'recall@10'], systemK: { k: 2, mode: 'warn' as const } };
    const whole = evaluateRun(run, qrels, options);
    const merged = mergeEvaluations([
      evaluateRun({ q1: run.q1 }, { q1: qrels.q1, q3: qrels.q3 }, options),
      evaluateRun({ q2: run.q2 }, { q2: qrels.q2 }, options),
    ]);
    expect(merged.mean).toEqual(whole.mean);
    expect(merged.warnings.filter((warning) => warning.code === 'beyond_system_k')).toEqual(whole.warnings.filter((warning) => warning.code === 'beyond_system_k'));
    expect(merged.mergeable.beyondSystemK).toEqual({ k: 2, measures: ['recall@10'] });
  });

  test('mergeEvaluations refuses shards scored with and without systemK', () => {
    const measures = ['recall@2', 'recall@10'];
    const error = catching(() =>
      mergeEvaluations([evaluateRun({ q1: run.q1 }, { q1: qrels.q1 }, { measures, systemK: { k: 2, mode: 'warn' } }), evaluateRun({ q2: run.q2 }, { q2: qrels.q2 }, { measures })]),
    );
    expect(error.code).toBe('incompatible_evaluations');
    expect(error.message).toContain('mergeable.beyondSystemK');
  });

  test('mergeEvaluations refuses shards cut at different system k, even when no measure reads beyond either', () => {
    // Budgets are cut at systemK: recall@budget=1000 is another number at k = 1 than at k = 5.
    const measures = ['recall@budget=1000'];
    const error = catching(() =>
      mergeEvaluations([evaluateRun({ q1: run.q1 }, { q1: qrels.q1 }, { measures, lengths, systemK: 1 }), evaluateRun({ q2: run.q2 }, { q2: qrels.q2 }, { measures, lengths, systemK: 5 })]),
    );
    expect(error.code).toBe('incompatible_evaluations');
    expect(error.message).toContain('mergeable.systemK is 1');
    const unset = catching(() =>
      mergeEvaluations([evaluateRun({ q1: run.q1 }, { q1: qrels.q1 }, { measures, lengths, systemK: 1 }), evaluateRun({ q2: run.q2 }, { q2: qrels.q2 }, { measures, lengths })]),
    );
    expect(unset.message).toContain('and nothing in');
  });
});

describe('aspect measures and the judged queries without aspects', () => {
  const aspectRun = { q1: ['a', 'b'], q2: ['c'], q3: ['d'] };
  const aspectQrels = { q1: { a: 1, b: 1 }, q2: { c: 1 }, q3: { d: 1 } };
  const aspects = { q1: { first: ['a'], second: ['b'] }, q2: { only: ['c'] } };

  test('score 0 on the aspect measures and are named in a warning, which mergeEvaluations keeps', () => {
    const result = evaluateRun(aspectRun, aspectQrels, { measures: ['aspect_recall@2', 'recall@2'], aspects });
    expect(result.perQuery['q3']).toEqual({ 'aspect_recall@2': 0, 'recall@2': 1 });
    expect(result.mean['aspect_recall@2']).toBe((1 + 1 + 0) / 3);
    expect(result.warnings).toEqual([
      {
        code: 'without_aspects',
        message:
          '1 judged query has no aspects and scores 0 on the aspect measures, which lowers their means: q3 (give it aspects, or score the questions with aspects as a golden set of their own)',
        queries: ['q3'],
        count: 1,
      },
    ]);
    const merged = mergeEvaluations([
      evaluateRun({ q1: aspectRun.q1 }, { q1: aspectQrels.q1, q3: aspectQrels.q3 }, { measures: ['aspect_recall@2', 'recall@2'], aspects }),
      evaluateRun({ q2: aspectRun.q2 }, { q2: aspectQrels.q2 }, { measures: ['aspect_recall@2', 'recall@2'], aspects }),
    ]);
    // q3 is judged in the first part, which does not answer it.
    expect(merged.warnings.map((warning) => warning.code)).toEqual(['unanswered_queries', 'without_aspects']);
  });

  test('no warning without aspect measures, or when every judged query has aspects', () => {
    expect(evaluateRun(aspectRun, aspectQrels, { measures: ['recall@2'], aspects }).warnings).toEqual([]);
    expect(evaluateRun({ q1: aspectRun.q1 }, { q1: aspectQrels.q1 }, { measures: ['all_aspects@2'], aspects }).warnings).toEqual([]);
  });

  test('an aspect measure without the aspects option is refused, naming it', () => {
    expect(() => evaluateRun(aspectRun, aspectQrels, { measures: ['alpha_ndcg@5'] })).toThrow('evaluateRun: alpha_ndcg@5 reads aspects: give `aspects` (query id → aspect → judgments)');
  });
});

describe('evaluateRunStream decodes the ids of a TREC run for the measures that read them', () => {
  // Non-ASCII ids and a tie (q1's b and b2 both score 7: TREC's rule puts b2 first, by id descending).
  const scored: Record<string, { id: string; score: number }[]> = {
    q1: [
      { id: 'a', score: 9 },
      { id: 'b', score: 7 },
      { id: 'b2', score: 7 },
      { id: 'ç', score: 5 },
      { id: 'd', score: 4 },
      { id: 'e', score: 3 },
    ],
    'q☃': [
      { id: 'y', score: 2 },
      { id: 'x', score: 1 },
    ],
    // Deeper than the 20 ids the report shows (SHOWN_DEPTH): every id is decoded, not only those.
    q4: Array.from({ length: 25 }, (_, i) => ({ id: `p${i + 1}`, score: 25 - i })),
  };
  const judged = { q1: { a: 1, ç: 2, e: 1 }, 'q☃': { x: 1 }, q3: { z: 1 }, q4: { p25: 1 } };
  const tokens = { a: 100, b: 300, b2: 20, ç: 200, d: 50, e: 400, y: 600, x: 10, ...Object.fromEntries(scored.q4!.map(({ id }) => [id, 20])) };
  const trecText = Object.entries(scored)
    .flatMap(([qid, results]) => results.map(({ id, score }, i) => `${qid} Q0 ${id} ${i + 1} ${score} run\n`))
    .join('');
  const measures = ['tokens@2', 'tokens@budget=500', 'recall@budget=500', 'P@budget=650', 'ndcg@budget=650', 'miss@budget=650', 'recall@2'];

  test.each([
    ['without systemK', { measures: [...measures, 'tokens@3', 'recall@budget=2000'] }],
    ['with systemK 2', { measures, systemK: 2 }],
    ["with systemK 2 in 'warn' mode", { measures: [...measures, 'tokens@3'], systemK: { k: 2, mode: 'warn' as const } }],
  ])('gives exactly what evaluateRun gives, %s', async (_, given) => {
    const options = { ...given, lengths: tokens };
    const inMemory = evaluateRun(scored as Record<string, Ranking>, judged, options);
    const streamed = await evaluateRunStream(trecText, judged, { ...options, format: 'trec' });
    expect(streamed).toEqual(inMemory);
    // The tie is broken as TREC breaks it: b2 (20 tokens) before b (300).
    expect(inMemory.perQuery.q1!['tokens@2']).toBe(100 + 20);
    expect(inMemory.perQuery.q4!['recall@budget=500']).toBe(Object.keys(given).includes('systemK') ? 0 : 1); // 25 × 20 = 500 ≤ 500
  });
});

// docs/measures.md, "The system's k and token budgets": its example, with the numbers it shows.
test("the measures guide's worked example of budgets, tokens@k, miss@k and systemK", () => {
  const readmeQrels = { q1: { a: 1, c: 2, e: 1 }, q2: { x: 1 } };
  const readmeRun = { q1: ['a', 'b', 'c', 'd', 'e'], q2: ['y', 'x'] };
  const readmeLengths = { a: 100, b: 300, c: 200, d: 50, e: 400, y: 600, x: 10 };
  const result = evaluateRun(readmeRun, readmeQrels, { measures: ['recall@budget=500', 'P@budget=500', 'tokens@3', 'miss@2'], lengths: readmeLengths, systemK: 3 });
  expect(result.perQuery.q1).toEqual({ 'recall@budget=500': 1 / 3, 'P@budget=500': 1 / 2, 'tokens@3': 100 + 300 + 200, 'miss@2': 1 - 1 / 3 });
  expect(result.perQuery.q2).toEqual({ 'recall@budget=500': 0, 'P@budget=500': 0, 'tokens@3': 600 + 10, 'miss@2': 1 - 1 });
  expect(Object.entries(result.mean).map(([name, value]) => [name, Number(value.toFixed(4))])).toEqual([
    ['recall@budget=500', 0.1667],
    ['P@budget=500', 0.25],
    ['tokens@3', 605],
    ['miss@2', 0.3333],
  ]);
  expect(() => evaluateRun(readmeRun, readmeQrels, { measures: ['recall@10'], systemK: 3 })).toThrow(
    'evaluateRun: recall@10: measured beyond the 3 results the system passes on',
  );
});

describe('scoreOrder: distances, a lower score first', () => {
  // A vector store's distances, nearest first: q1's nearest is x (0.05), q2's e (0.1); both are the relevant ones.
  const run = {
    q1: [
      { id: 'x', score: 0.05 },
      { id: 'd3', score: 0.4 },
      { id: 'd1', score: 0.9 },
    ],
    q2: [
      { id: 'e', score: 0.1 },
      { id: 'f', score: 0.3 },
      { id: 'g', score: 0.7 },
    ],
  };
  // Every document judged: the warnings are about the order alone.
  const qrels = { q1: { x: 1, d3: 0, d1: 0 }, q2: { e: 1, f: 0, g: 0 } };
  const measures = ['mrr@10'];

  test('unset, scores rank highest first, and the rankings whose scores rise are named', () => {
    const result = evaluateRun(run, qrels, { measures, checks: 'off' });
    // Read as similarities, the nearest document of each comes last, at rank 3.
    expect(result.mean['mrr@10']).toBe((1 / 3 + 1 / 3) / 2);
    expect(result.warnings).toEqual([
      {
        code: 'ascending_scores',
        message:
          "2 rankings list their scores rising, as distances are listed, and are ranked highest score first: q1, q2 (if a lower score is better, give scoreOrder: 'ascending'; to rank the highest first without this warning, scoreOrder: 'descending')",
        queries: ['q1', 'q2'],
        count: 2,
      },
    ]);
  });

  test("'ascending' ranks the lowest first, as a whole stream does; 'descending' keeps the default without the warning", () => {
    const ascending = evaluateRun(run, qrels, { measures, checks: 'off', scoreOrder: 'ascending' });
    expect(ascending.mean['mrr@10']).toBe((1 + 1) / 2);
    expect(ascending.warnings).toEqual([]);
    expect(ascending.mergeable.scoreOrder).toBe('ascending');
    const descending = evaluateRun(run, qrels, { measures, checks: 'off', scoreOrder: 'descending' });
    expect(descending.warnings).toEqual([]);
    expect(descending.mean).toEqual(evaluateRun(run, qrels, { measures, checks: 'off' }).mean);
  });

  test('reverses the order of distinct scores exactly: ascending equals descending on negated scores', () => {
    const negated = Object.fromEntries(Object.entries(run).map(([qid, ranking]) => [qid, ranking.map(({ id, score }) => ({ id, score: -score }))]));
    const options = { measures: ['ndcg@3', 'map', 'P@2'], checks: 'off' } as const;
    expect(evaluateRun(run, qrels, { ...options, scoreOrder: 'ascending' }).perQuery).toEqual(evaluateRun(negated, qrels, options).perQuery);
  });

  test('a run file read as a stream (TREC from its bytes, JSONL query by query) is ranked the same way', async () => {
    const trec = Object.entries(run)
      .flatMap(([qid, ranking]) => ranking.map(({ id, score }, i) => `${qid} Q0 ${id} ${i + 1} ${score} r`))
      .join('\n');
    const jsonl = Object.entries(run)
      .map(([qid, results]) => JSON.stringify({ query_id: qid, results }))
      .join('\n');
    for (const file of [trec, jsonl]) {
      for (const scoreOrder of ['ascending', 'descending'] as const) {
        const streamed = await evaluateRunStream(file, qrels, { measures, checks: 'off', scoreOrder });
        expect(streamed.perQuery).toEqual(evaluateRun(run, qrels, { measures, checks: 'off', scoreOrder }).perQuery);
      }
      expect((await evaluateRunStream(file, qrels, { measures, checks: 'off' })).warnings.map((warning) => warning.code)).toEqual(['ascending_scores']);
    }
  });

  test('refuses another value, naming the option; parts read either way do not merge', () => {
    expect(() => evaluateRun(run, qrels, { measures, scoreOrder: 'up' as never })).toThrow("evaluateRun: expected `scoreOrder` to be 'descending' or 'ascending', got `\"up\"`");
    const a = evaluateRun({ q1: run.q1 }, { q1: qrels.q1 }, { measures, scoreOrder: 'ascending' });
    const b = evaluateRun({ q2: run.q2 }, { q2: qrels.q2 }, { measures });
    expect(() => mergeEvaluations([a, b])).toThrow('mergeEvaluations: conventions["scoreOrder"] is "ascending" in part 0 and "descending" in part 1: evaluate every shard with the same options');
  });
});
