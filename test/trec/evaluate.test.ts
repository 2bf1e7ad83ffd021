import { describe, expect, test } from 'vitest';
import { createTrecEvaluation, type TrecEvalOptions } from '../../src/trec/evaluate.js';
import { groupLines, oracleCases } from '../helpers/stream-runs.js';
import { createRunReader, parseQrels } from '../../src/formats/trec-bytes.js';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

/** trec_eval's options for `-q -m MEASURE…` (with -J when `judgedOnly`). */
const trecOptions = (measures: readonly string[], judgedOnly = false): TrecEvalOptions => ({
  relFormat: 'qrels',
  perQuery: true,
  complete: false,
  relevanceLevel: 1,
  maxDocs: 1000,
  numDocsInColl: 0,
  judgedOnly,
  summary: true,
  measures,
  version: 9,
});

/** `trec_eval -q -m MEASURE… qrels run` on in-memory files: measure → qid → printed value. */
function trecEval(qrels: string, run: string, measures: readonly string[], judgedOnly = false): Map<string, Map<string, string>> {
  const evaluation = createTrecEvaluation(parseQrels(bytes(qrels), 'qrels'), 'run', trecOptions(measures, judgedOnly));
  const reader = createRunReader('run', (block) => evaluation.addBlock(block));
  reader.push(bytes(run), true);
  const values = new Map<string, Map<string, string>>();
  for (const line of evaluation.finish(reader.runId()).trimEnd().split('\n')) {
    const [name, qid, value] = line.split('\t').map((field) => field.trim()) as [string, string, string];
    if (!values.has(name)) values.set(name, new Map());
    values.get(name)!.set(qid, value);
  }
  return values;
}

const GAIN_MEASURES = ['ndcg', 'G', 'ndcg_rel', 'Rndcg'];

describe('gain measures with large grades', () => {
  // trec_eval lists every level from 0 to the largest grade; building that list was O(grade²) here
  // (grade 10⁵ took 27 s, 10⁷ never finished). The table now has one entry per distinct grade.
  test(
    'a grade of 10⁷ scores as any single relevant document at rank 1',
    () => {
      const values = trecEval('q1 0 d1 10000000\n', 'q1 Q0 d1 1 1 r\n', GAIN_MEASURES);
      for (const name of GAIN_MEASURES) expect(values.get(name)?.get('q1'), name).toBe('1.0000');
    },
    60_000,
  );

  test(
    'a grade of 10⁵ among small ones: DCG over the ideal DCG',
    () => {
      const values = trecEval('q1 0 d1 100000\nq1 0 d2 1\nq1 0 d3 0\n', 'q1 Q0 d2 1 3 r\nq1 Q0 d1 2 2 r\nq1 Q0 d3 3 1 r\n', ['ndcg']);
      const dcg = 1 / Math.log2(2) + 100000 / Math.log2(3);
      const idealDcg = 100000 / Math.log2(2) + 1 / Math.log2(3);
      expect(values.get('ndcg')?.get('q1')).toBe((dcg / idealDcg).toFixed(4));
    },
    60_000,
  );

  test('gain parameters still pick the gain of a level and scale rbp over every level 0 … max grade', () => {
    // Levels 0–4 exist in trec_eval's table (gains 0, 10, 2, 3, 4) though only grades 1 and 4 are judged,
    // so rbp scales gains by (gain − 0) / (10 − 0).
    const values = trecEval('q1 0 d1 1\nq1 0 d2 4\n', 'q1 Q0 d2 1 2 r\nq1 Q0 d1 2 1 r\n', ['ndcg.1=10', 'rbp.1=10']);
    const dcg = 4 / Math.log2(2) + 10 / Math.log2(3);
    const idealDcg = 10 / Math.log2(2) + 4 / Math.log2(3);
    expect(values.get('ndcg_1=10')?.get('q1')).toBe((dcg / idealDcg).toFixed(4));
    expect(values.get('rbp_1=10')?.get('q1')).toBe(((1 - 0.9) * (4 / 10 + (10 / 10) * 0.9)).toFixed(4));
  });
});

describe('-J: judged documents only', () => {
  // d9 is absent from the qrels and dx has a negative grade: the condensed list is d1 d2 (both move up).
  const qrels = 'q1 0 d1 0\nq1 0 d2 1\nq1 0 dx -1\nq1 0 d3 1\n';
  const run = 'q1 Q0 d9 1 4 r\nq1 Q0 dx 2 3 r\nq1 Q0 d1 3 2 r\nq1 Q0 d2 4 1 r\n';

  test('scores the ranking without the ungraded documents, R unchanged', () => {
    const whole = trecEval(qrels, run, ['P.2', 'map', 'num_ret', 'num_rel']);
    const condensed = trecEval(qrels, run, ['P.2', 'map', 'num_ret', 'num_rel'], true);
    expect(whole.get('P_2')?.get('q1')).toBe((0 / 2).toFixed(4));
    expect(condensed.get('P_2')?.get('q1')).toBe((1 / 2).toFixed(4));
    expect(whole.get('map')?.get('q1')).toBe((1 / 4 / 2).toFixed(4));
    expect(condensed.get('map')?.get('q1')).toBe((1 / 2 / 2).toFixed(4));
    expect([condensed.get('num_ret')?.get('q1'), condensed.get('num_rel')?.get('q1')]).toEqual(['2', '2']);
  });
});

describe('two evaluations at once (no state is shared between calls)', () => {
  /** The output of each run, or its error's message, with the runs' lines fed to their readers in turns. */
  function together(cases: readonly { qrels: string; run: string }[], measures: readonly string[]): string[] {
    const outcomes: string[] = cases.map(() => '');
    const evaluations = cases.map(({ qrels }) => createTrecEvaluation(parseQrels(bytes(qrels), 'qrels'), 'run', trecOptions(measures)));
    const readers = evaluations.map((evaluation) => createRunReader('run', (block) => evaluation.addBlock(block)));
    const lines = cases.map(({ run }) => groupLines(run).split(/(?<=\n)/));
    const failed = cases.map(() => false);
    const attempt = (side: number, step: () => string | void): void => {
      if (failed[side]) return;
      try {
        const output = step();
        if (output !== undefined) outcomes[side] = output;
      } catch (error) {
        failed[side] = true;
        outcomes[side] = (error as Error).message;
      }
    };
    for (let i = 0; i < Math.max(...lines.map((own) => own.length)); i++) {
      lines.forEach((own, side) => i < own.length && attempt(side, () => readers[side]!.push(bytes(own[i]!), false)));
    }
    readers.forEach((reader, side) => attempt(side, () => reader.push(new Uint8Array(0), true)));
    readers.forEach((reader, side) => attempt(side, () => evaluations[side]!.finish(reader.runId())));
    return outcomes;
  }
  const cases = oracleCases();
  const pairs = cases.slice(0, -1).map((item, i) => [item, cases[i + 1]!] as const);

  test.each(pairs.map((pair) => [`${pair[0].name} with ${pair[1].name}`, pair] as const))('%s: each run scores as it does alone, read line by line in turns', (_name, pair) => {
    for (const measures of [[], ['all_trec']]) {
      expect(together(pair, measures)).toStrictEqual(pair.map((item) => together([item], measures)[0]));
    }
  });
});
