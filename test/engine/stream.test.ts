// evaluateRunStream against the library path it replaces for run files: parseRun, each query's ranking as
// the tie rule reads it (rankingsFor), evaluateRun. Every trec oracle case, under the three tie rules, fed
// whole, a byte at a time, in random chunks, with its queries interleaved, and converted to JSONL, CSV and
// JSON; errors (duplicates, bad UTF-8, bad scores, over-long lines) as parseRun gives them.
import fc from 'fast-check';
import { describe, expect, it, test } from 'vitest';
import { createEvaluator } from '../../src/engine/evaluator.js';
import { evaluateRun, parseGoldenSet, parseRun, readRun, type Run, type RunFormat } from '../../src/index.js';
import { averagesTies } from '../../src/measures/catalogue.js';
import { expandMeasure } from '../../src/measures/registry.js';
import { compareUtf8 } from '../../src/core/ordering.js';
import { readJudgments } from '../../src/core/judgments.js';
import { addWarning, scoresRise, settleCheck, type RunWarning } from '../../src/engine/run-checks.js';
import { evaluateRunStream, scoreRun, type RunSource } from '../../src/engine/stream.js';
import { explainRanking, explainTop } from '../../src/analysis/explain.js';
import type { Qrels, Ranking, Ties } from '../../src/core/types.js';
import { byteChunks, reusedBufferChunks } from '../helpers/files.js';
import { groupLines, interleaves, oracleCases, rankingsFor, shuffleLines, toCsv, toJson, toJsonl } from '../helpers/stream-runs.js';
import type { EvaluateRunOptions } from '../../src/engine/run-options.js';
import type { RunEvaluation } from '../../src/engine/run-result.js';
import { createRunScorer } from '../../src/engine/scorer.js';
import { keepFound } from '../../src/engine/found.js';

const FILE = 'run';
/** The warnings about the queries and their documents, which come before the checks' in a result. */
const QUERY_WARNINGS: readonly string[] = ['unanswered_queries', 'unjudged_queries', 'no_relevant_queries', 'unjudged_documents'];

/** Measures with cutoffs, grade thresholds (`rel=`), judged-only forms and set measures. */
const MEASURES = [
  'ndcg@10',
  'ndcg',
  'map',
  'map@100',
  'P@5',
  'P(rel=2)@5',
  'recall@100',
  'mrr@10',
  'R-prec',
  'bpref',
  'success@1',
  'f1@10',
  'ap(judged_only=true)',
  'P(judged_only=True)@10',
  'ndcg(judged_only=true)@10',
  'num_ret',
  'num_rel_ret',
];
/** The measures that have a tie-averaged form (`ties: 'average'` refuses the others). */
const AVERAGED = MEASURES.filter((name) => expandMeasure(name).every(({ measure }) => averagesTies(measure.definition, measure.params)));

/** Labels for the slices: every query in `all`, and a label by the parity of its id's length. */
function slicesOf(qrels: ReadonlyMap<string, unknown>): Map<string, string[]> {
  return new Map([...qrels.keys()].map((qid) => [qid, ['all', qid.length % 2 === 0 ? 'even' : 'odd']]));
}

/** The option sets every case is scored under. */
function optionSets(qrels: ReadonlyMap<string, unknown>): [string, EvaluateRunOptions][] {
  return [
    ['ties trec', { measures: MEASURES, ties: 'trec' }],
    ['ties given, -l 2, no-relevant skip', { measures: MEASURES, ties: 'given', relevanceThreshold: 2, noRelevant: 'skip' }],
    ['ties average, slices', { measures: AVERAGED, ties: 'average', slices: slicesOf(qrels) }],
    ['ties trec, -l 0, exponential gain, slices', { measures: MEASURES, relevanceThreshold: 0, gain: 'exponential', slices: slicesOf(qrels) }],
  ];
}

type Outcome = { result: RunEvaluation } | { error: { code: unknown; message: string; received: unknown; subject: unknown } };

/** An error as the two paths can share it: the function's name in front of the message left out. */
function errorOutcome(error: unknown): Outcome {
  const { code, message, received, subject } = error as { code?: unknown; message: string; received?: unknown; subject?: unknown };
  if (code === undefined) throw error;
  return { error: { code, message: message.replace(/^(evaluateRun|evaluateRunStream|createEvaluator): /, ''), received, subject } };
}

/**
 * The path before runs were scored as read: parseRun, rankingsFor, evaluateRun, and (under 'trec', where the rankings are
 * ids) the all-ties check made on the file's scores, as the old `rankeval eval` made it (run.tiedQueries
 * of the scored queries).
 */
function before(content: string | Uint8Array, qrels: ReadonlyMap<string, Qrels>, options: EvaluateRunOptions, format?: RunFormat): Outcome {
  let run: Run;
  try {
    run = parseRun(content, format === undefined ? { file: FILE } : { file: FILE, format });
  } catch (error) {
    return errorOutcome(error);
  }
  return libraryPath(run, qrels, options);
}

function libraryPath(run: Run, qrels: ReadonlyMap<string, Qrels>, options: EvaluateRunOptions): Outcome {
  const ties = options.ties ?? 'trec';
  try {
    const result = evaluateRun(rankingsFor(run, ties), qrels, options);
    if (ties !== 'trec') return { result };
    // Under 'trec' the rankings are ids in rank order: the file's scores, tied or rising, are read from the Run.
    const tied = run.tiedQueries.filter((qid) => qid in result.perQuery).sort(compareUtf8);
    const rising = [...run.scored]
      .filter(([qid, { scores }]) => qid in result.perQuery && scoresRise(scores.length, (i) => scores[i]!))
      .map(([qid]) => qid)
      .sort(compareUtf8);
    const warnings: RunWarning[] = [];
    addWarning('ascending_scores', rising, warnings);
    // After the warnings about the queries, before the checks, as evaluationOf orders them.
    const checksAt = result.warnings.findIndex((warning) => !QUERY_WARNINGS.includes(warning.code));
    warnings.unshift(...result.warnings.slice(0, checksAt === -1 ? undefined : checksAt));
    if (checksAt !== -1) warnings.push(...result.warnings.slice(checksAt));
    settleCheck('all_scores_tied', 'warn', tied, 'evaluateRun', warnings, { tieRule: 'trec' });
    const mergeable = { ...result.mergeable, tiedQueries: tied, ...(rising.length === 0 ? {} : { risingQueries: rising }) };
    return { result: { ...result, warnings, mergeable } };
  } catch (error) {
    return errorOutcome(error);
  }
}

async function streamed(source: RunSource, qrels: ReadonlyMap<string, Qrels>, options: EvaluateRunOptions, format?: RunFormat): Promise<Outcome> {
  try {
    return { result: await evaluateRunStream(source, qrels, format === undefined ? { ...options, file: FILE } : { ...options, file: FILE, format }) };
  } catch (error) {
    return errorOutcome(error);
  }
}

/** A source that can be read once, as a pipe or a socket. */
async function* once(chunks: readonly (string | Uint8Array)[]): AsyncGenerator<string | Uint8Array> {
  for (const chunk of chunks) yield chunk;
}

/** The first query whose lines come back after another query's. */
function firstRepeated(text: string): string {
  const done = new Set<string>();
  let current: string | undefined;
  for (const line of text.split('\n')) {
    const qid = line.trim().split(/\s+/)[0];
    if (qid === undefined || qid === '' || qid === current) continue;
    if (done.has(qid)) return qid;
    if (current !== undefined) done.add(current);
    current = qid;
  }
  throw new Error('the run does not interleave');
}

const cases = oracleCases().map((item) => {
  let golden: ReadonlyMap<string, Qrels> | undefined;
  try {
    golden = parseGoldenSet(item.qrels, { file: 'qrels', format: 'trec' }).qrels;
  } catch {
    golden = undefined;
  }
  return { ...item, golden };
});
const scorable = cases.filter((item) => item.golden !== undefined);
const parses = (text: string): boolean => {
  try {
    parseRun(text);
    return true;
  } catch {
    return false;
  }
};
const readable = scorable.filter((item) => parses(item.run));

test('every oracle case is here, and all but the one with bad qrels can be scored', () => {
  expect(cases).toHaveLength(40);
  expect(cases.filter((item) => item.golden === undefined).map((item) => item.profile)).toEqual(['error_dup_docid_in_qrels']);
  // The runs parseRun refuses: documents listed twice (also in queries nobody judged, which trec_eval
  // passes over), a malformed line.
  expect(scorable.filter((item) => !readable.includes(item)).map((item) => item.profile)).toEqual([
    'run_only_queries',
    'dup_docid_in_evaluated_query',
    'run_only_queries',
    'dup_docid_in_evaluated_query',
    'error_dup_docid_in_run',
    'error_malformed_run_line',
  ]);
});

describe.each(scorable)('oracle case $name ($profile)', ({ run, golden }) => {
  const qrels = golden!;
  // Half the oracle's runs interleave their queries already: those are read again, collected. Grouped by
  // query, every run is scored in one pass, as it is read, from a stream that can be read once.
  const grouped = groupLines(run);

  // Every option set on the text; the other ways of reading (bytes, chunks) under the options that read
  // most of the file (its order and scores: ties given). The property below crosses chunks and options.
  const reading = optionSets(qrels)[1]![1];

  test.each(optionSets(qrels))('%s: the run read as a stream scores as parseRun + evaluateRun', async (_name, options) => {
    expect(await streamed(run, qrels, options)).toStrictEqual(before(run, qrels, options));
  });

  test('as bytes, and in chunks that cut lines and characters, the run scores as whole', async () => {
    const expected = before(run, qrels, reading);
    expect(await streamed(new TextEncoder().encode(run), qrels, reading)).toStrictEqual(expected);
    expect(await streamed(() => once(byteChunks(run, 7)), qrels, reading)).toStrictEqual(expected);
  });

  test.each(optionSets(qrels))('%s: grouped by query, the run scores in one pass from a stream read once', async (_name, options) => {
    expect(await streamed(once(byteChunks(grouped, 4096)), qrels, options)).toStrictEqual(before(grouped, qrels, options));
  });

  test('grouped by query, in chunks that cut lines and characters, the run scores in one pass', async () => {
    const expected = before(grouped, qrels, reading);
    expect(await streamed(grouped, qrels, reading)).toStrictEqual(expected);
    expect(await streamed(once(byteChunks(grouped, 7)), qrels, reading)).toStrictEqual(expected);
  });

  test('fed one byte at a time, the run scores as whole', async () => {
    const options = optionSets(qrels)[0]![1];
    // An array of 1-byte chunks can be read again as it is (half the runs interleave their queries).
    expect(await streamed(byteChunks(run, 1), qrels, options)).toStrictEqual(before(run, qrels, options));
    expect(await streamed(once(byteChunks(grouped, 1)), qrels, options)).toStrictEqual(before(grouped, qrels, options));
  });

  test('read from chunks that reuse one buffer (the CLI reads a file so), the run scores as whole', async () => {
    const options = optionSets(qrels)[0]![1];
    expect(await streamed(() => reusedBufferChunks(run, 7), qrels, options)).toStrictEqual(before(run, qrels, options));
    expect(await streamed(() => reusedBufferChunks(run, 4096), qrels, options)).toStrictEqual(before(run, qrels, options));
  });

  test.each(optionSets(qrels))('%s: with its lines shuffled, the run is read again and scores as parseRun reads it', async (_name, options) => {
    const shuffled = shuffleLines(run, 13);
    expect(await streamed(() => once(byteChunks(shuffled, 100)), qrels, options)).toStrictEqual(before(shuffled, qrels, options));
  });
});

describe.each(readable)('oracle case $name ($profile), converted', ({ run, golden }) => {
  const qrels = golden!;
  const parsed = parseRun(run, { file: FILE });
  const reading = optionSets(qrels)[1]![1];

  test.each(optionSets(qrels))('%s: as JSONL, CSV and JSON, the run scores as the TREC run', async (_name, options) => {
    const expected = libraryPath(parsed, qrels, options);
    expect(await streamed(toJsonl(parsed), qrels, options, 'jsonl')).toStrictEqual(expected);
    expect(await streamed(toCsv(parsed), qrels, options, 'csv')).toStrictEqual(expected);
    expect(await streamed(toJson(parsed), qrels, options, 'json')).toStrictEqual(expected);
  });

  test('as JSONL, CSV and JSON in small chunks, the run scores as the TREC run', async () => {
    const expected = libraryPath(parsed, qrels, reading);
    // The JSON and CSV readers keep their state across chunks.
    expect(await streamed(once(byteChunks(toJsonl(parsed), 5)), qrels, reading, 'jsonl')).toStrictEqual(expected);
    expect(await streamed(once(byteChunks(toCsv(parsed), 5)), qrels, reading, 'csv')).toStrictEqual(expected);
    // From one buffer reused for every chunk, as the CLI reads a file: the readers copy what they keep.
    for (const [format, content] of [['jsonl', toJsonl(parsed)], ['csv', toCsv(parsed)], ['json', toJson(parsed)]] as const) {
      expect(await streamed(() => reusedBufferChunks(content, 5), qrels, reading, format)).toStrictEqual(expected);
    }
  });

  test('a JSONL run that lists a query on two lines is refused as parseRun refuses it, from any source', async () => {
    const options = optionSets(qrels)[0]![1];
    const lines = toJsonl(parsed).split('\n').filter((line) => line !== '');
    if (lines.length < 2) return;
    // The first query's results split in two: its first document on the first line, the rest at the end.
    const first = JSON.parse(lines[0]!) as { query_id: string; results: unknown[] };
    const split = [
      JSON.stringify({ query_id: first.query_id, results: first.results.slice(0, 1) }),
      ...lines.slice(1),
      JSON.stringify({ query_id: first.query_id, results: first.results.slice(1) }),
    ].join('\n');
    const expected = before(split, qrels, options, 'jsonl');
    expect(expected).toMatchObject({ error: { code: 'parse_error', subject: { kind: 'file', line: lines.length + 1 } } });
    expect(await streamed(split, qrels, options, 'jsonl')).toStrictEqual(expected);
    expect(await streamed(once(byteChunks(split, 9)), qrels, options, 'jsonl')).toStrictEqual(expected);
  });

  test('with its lines shuffled, a run that can be read once is refused, naming the query', async () => {
    const shuffled = shuffleLines(run, 13);
    if (!interleaves(shuffled)) return;
    const qid = firstRepeated(shuffled);
    const outcome = await streamed(once(byteChunks(shuffled, 64)), qrels, optionSets(qrels)[0]![1]);
    expect(outcome).toMatchObject({ error: { code: 'invalid_run', received: qid } });
    expect((outcome as { error: { message: string } }).error.message).toContain(JSON.stringify(qid));
  });
});

test('most shuffled runs interleave their queries (those of one query or of one big query may not)', () => {
  const interleaved = readable.filter((item) => interleaves(shuffleLines(item.run, 13)));
  expect(interleaved.length).toBeGreaterThan((readable.length * 3) / 4);
});

describe('a run in random chunks', () => {
  it('scores as the whole run, wherever the chunks are cut (every case, every tie rule)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...scorable),
        fc.integer({ min: 0, max: 3 }),
        fc.array(fc.integer({ min: 1, max: 300 }), { minLength: 1, maxLength: 20 }),
        fc.boolean(),
        async ({ run: file, golden }, set, sizes, group) => {
          const options = optionSets(golden!)[set]![1];
          const run = group ? groupLines(file) : file;
          const bytes = new TextEncoder().encode(run);
          const chunks: Uint8Array[] = [];
          for (let at = 0, i = 0; at < bytes.length; i++) {
            const size = sizes[i % sizes.length]!;
            chunks.push(bytes.subarray(at, at + size));
            at += size;
          }
          expect(await streamed(group ? once(chunks) : () => once(chunks), golden!, options)).toStrictEqual(before(run, golden!, options));
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('queries judged but not answered, answered but not judged', () => {
  // q1 answered and judged; q2 judged, not answered; q3 answered, judged, no relevant document; q9 answered, not judged;
  // q4's ranking holds no judged document.
  const qrels = parseGoldenSet('q1 0 a 1\nq1 0 b 2\nq2 0 c 1\nq3 0 d 0\nq4 0 e 1\n', { format: 'trec' }).qrels;
  const run = 'q9 Q0 a 1 3 r\nq9 Q0 z 2 2 r\nq1 Q0 x 1 3 r\nq1 Q0 b 2 2 r\nq1 Q0 a 3 1 r\nq3 Q0 d 1 1 r\nq4 Q0 y 1 2 r\nq4 Q0 w 2 2 r\n';
  it.each(optionSets(qrels))('%s: lists them as parseRun + evaluateRun does', async (_name, options) => {
    const expected = before(run, qrels, options);
    expect(await streamed(run, qrels, options)).toStrictEqual(expected);
    expect(await streamed(once(byteChunks(run, 1)), qrels, options)).toStrictEqual(expected);
  });

  it('lists q2 unanswered, q9 unjudged and q3 without relevant document', async () => {
    const outcome = await streamed(run, qrels, { measures: ['map'] });
    expect(outcome).toMatchObject({ result: { unansweredQueries: ['q2'], unjudgedQueries: ['q9'], noRelevantQueries: ['q3'], queries: 4 } });
  });
});

describe('errors, as parseRun gives them', () => {
  const qrels = parseGoldenSet('q1 0 a 1\nq2 0 b 1\n', { format: 'trec' }).qrels;
  const options: EvaluateRunOptions = { measures: ['ndcg@10', 'map'] };
  const bytes = (...parts: (string | number[])[]): Uint8Array => Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? [...new TextEncoder().encode(part)] : part)));

  const bad: [string, Uint8Array][] = [
    ['a document listed twice (judged query)', bytes('q1 Q0 a 1 3 r\nq1 Q0 x 2 2 r\nq1 Q0 a 3 1 r\nq2 Q0 b 1 1 r\n')],
    ['a document listed twice (unjudged query)', bytes('q1 Q0 a 1 3 r\nq7 Q0 y 1 2 r\nq7 Q0 y 2 1 r\n')],
    ['a document listed twice, queries interleaved', bytes('q1 Q0 a 1 3 r\nq2 Q0 b 1 2 r\nq1 Q0 c 2 1 r\nq2 Q0 b 2 1 r\n')],
    ['a document id that is not UTF-8', bytes('q1 Q0 a 1 3 r\nq1 Q0 d', [0xff, 0xfe], ' 2 2 r\n')],
    ['a document id that is not UTF-8 (unjudged query)', bytes('q1 Q0 a 1 3 r\nq8 Q0 d', [0xc3], ' 2 2 r\n')],
    ['a query id that is not UTF-8', bytes('q', [0xe2, 0x82], ' Q0 a 1 3 r\n')],
    ['a hexadecimal score', bytes('q1 Q0 a 1 0x10 r\n')],
    ['a score that is not a number', bytes('q1 Q0 a 1 3 r\nq1 Q0 b 2 abc r\n')],
    ['an infinite score', bytes('q1 Q0 a 1 1e999 r\n')],
    ['a line of five fields', bytes('q1 Q0 a 1 3 r\nq1 Q0 b 2 2\n')],
  ];
  it.each(bad)('%s: the same parse_error, message and line', async (_name, content) => {
    const expected = before(content, qrels, options);
    expect(expected).toMatchObject({ error: { code: 'parse_error' } });
    expect(await streamed(content, qrels, options)).toStrictEqual(expected);
    expect(await streamed(() => once([...content].map((byte) => Uint8Array.of(byte))), qrels, options)).toStrictEqual(expected);
  });

  it('the oracle runs with duplicates fail with the message and line numbers parseRun gives, shuffled too', async () => {
    for (const item of scorable.filter((entry) => !readable.includes(entry))) {
      for (const content of [item.run, shuffleLines(item.run, 13)]) {
        const expected = before(content, item.golden!, options);
        expect(expected).toMatchObject({ error: { code: 'parse_error' } });
        expect(await streamed(content, item.golden!, options), item.name).toStrictEqual(expected);
        expect(await streamed(() => once(byteChunks(content, 3)), item.golden!, options), item.name).toStrictEqual(expected);
      }
    }
  });

  it('a line past 64 MiB is refused as readRun refuses it', async () => {
    // Made as it is read, never held whole: a first good line, then 65 chunks of 1 MiB without a newline.
    const mebibyte = new Uint8Array(1 << 20).fill(0x61);
    async function* longLine(): AsyncGenerator<Uint8Array> {
      yield new TextEncoder().encode('q1 Q0 a 1 3 r\nq1 Q0 ');
      for (let i = 0; i < 65; i++) yield mebibyte;
    }
    let expected: unknown;
    try {
      await readRun(longLine(), { file: FILE });
    } catch (error) {
      expected = errorOutcome(error);
    }
    expect(expected).toMatchObject({ error: { code: 'parse_error', subject: { kind: 'file', file: FILE, line: 2 } } });
    expect(await streamed(longLine(), qrels, options)).toStrictEqual(expected);
  });
});

describe('the top of each ranking that the report keeps (it shows the queries lost most from it)', () => {
  it('explains a query as explainRanking explains its whole ranking, from any chunks, under each tie rule', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...readable), fc.constantFrom<Ties>('trec', 'given', 'average'), fc.integer({ min: 1, max: 500 }), async ({ run, golden }, ties, size) => {
        const qrels = golden!;
        const options = { measures: ['P@5'], ties, checks: 'off' as const };
        const keeper = keepFound(20);
        await scoreRun(byteChunks(run, size), () => createRunScorer(qrels, options, 'test', keeper), { file: FILE });
        const rankings = rankingsFor(parseRun(run, { file: FILE }), ties);
        const { found } = keeper;
        expect(found.size).toBeGreaterThan(0);
        for (const [qid, kept] of found) {
          const { grades, relevant } = readJudgments(qrels.get(qid), 1, 'test');
          const shown = explainTop(kept.shown!.top, kept.length, (id) => kept.shown!.ranks.get(id) ?? 0, grades, relevant, 1, 20);
          expect(shown).toStrictEqual(explainRanking(rankings.get(qid)!, qrels.get(qid)!, { depth: 20 }));
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe('two evaluations at once (no state is shared between calls)', () => {
  /**
   * Sources of the texts' lines that hand them out in turns, one line of the first, then one of the second,
   * …, whoever pulls first; `turns` records whose line went out.
   */
  function alternating(texts: readonly string[], turns: number[]): (() => AsyncGenerator<string>)[] {
    const lines = texts.map((text) => text.split(/(?<=\n)/).filter((line) => line !== ''));
    const given = [0, 0];
    const waiting: (() => void)[] = [];
    return lines.map((own, side) => async function* () {
      const other = 1 - side;
      for (const line of own) {
        // The first source's line i goes after i of the other's, the second's after i + 1 of the first's.
        const after = Math.min(given[side]! + side, lines[other]!.length);
        while (given[other]! < after) await new Promise<void>((resolve) => waiting.push(resolve));
        given[side]!++;
        turns.push(side);
        for (const wake of waiting.splice(0)) wake();
        yield line;
      }
    });
  }

  // Pairs of oracle runs, grouped by query (so each is read in one pass): each scored alone, then both
  // read at once, line by line in turns, a query of one scored while the other's is half read.
  const pairs = readable.slice(0, -1).map((item, i) => [item, readable[i + 1]!] as const);
  test.each(pairs.map((pair) => [`${pair[0].name} with ${pair[1].name}`, pair] as const))('%s: each scores as it does alone, under every option set', async (_name, pair) => {
    const texts = pair.map((item) => groupLines(item.run));
    for (let set = 0; set < optionSets(pair[0].golden!).length; set++) {
      const options = pair.map((item) => optionSets(item.golden!)[set]![1]);
      const alone = await Promise.all(texts.map((text, side) => streamed(text, pair[side]!.golden!, options[side]!, 'trec')));
      const turns: number[] = [];
      const sources = alternating(texts, turns);
      const together = await Promise.all(sources.map((source, side) => streamed(source(), pair[side]!.golden!, options[side]!, 'trec')));
      expect(together).toStrictEqual(alone);
      // The reads did alternate.
      expect(turns.slice(0, 4)).toStrictEqual([0, 1, 0, 1]);
    }
  });

  it('two evaluators fed query by query in turns each give the result it gives alone', () => {
    const [first, second] = [readable[0]!, readable[readable.length - 1]!];
    const rankings = [first, second].map(({ run }) => [...rankingsFor(parseRun(run), 'trec')]);
    const options = { measures: MEASURES };
    const alone = [first, second].map(({ golden }, side) => evaluateRun(new Map(rankings[side]), golden!, options));
    const evaluators = [first, second].map(({ golden }) => createEvaluator(golden!, options));
    for (let i = 0; i < Math.max(rankings[0]!.length, rankings[1]!.length); i++) {
      rankings.forEach((own, side) => {
        if (i < own.length) evaluators[side]!.add(...own[i]!);
      });
    }
    expect(evaluators.map((evaluator) => evaluator.result())).toStrictEqual(alone);
  });
});

describe('createEvaluator', () => {
  it('adding the queries in any order gives evaluateRun\'s result', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...readable),
        fc.integer({ min: 0, max: 3 }),
        fc.integer(),
        ({ run, golden }, set, seed) => {
          const options = optionSets(golden!)[set]![1];
          const rankings = rankingsFor(parseRun(run), options.ties ?? 'trec');
          let expected: Outcome;
          try {
            expected = { result: evaluateRun(rankings, golden!, options) };
          } catch (error) {
            expected = errorOutcome(error);
          }
          const entries = [...rankings];
          // A seeded shuffle of the queries.
          let state = seed >>> 0;
          for (let i = entries.length - 1; i > 0; i--) {
            state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
            const j = state % (i + 1);
            [entries[i], entries[j]] = [entries[j]!, entries[i]!];
          }
          const evaluator = createEvaluator(golden!, options);
          for (const [qid, ranking] of entries) evaluator.add(qid, ranking);
          let actual: Outcome;
          try {
            actual = { result: evaluator.result() };
          } catch (error) {
            actual = errorOutcome(error);
          }
          expect(actual).toStrictEqual(expected);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('refuses a query added twice with invalid_run naming it', () => {
    const evaluator = createEvaluator({ q1: { a: 1 } }, { measures: ['map'] });
    evaluator.add('q1', ['a'] as Ranking);
    let error: unknown;
    try {
      evaluator.add('q1', ['b']);
    } catch (caught) {
      error = caught;
    }
    expect(error).toMatchObject({ code: 'invalid_run', received: 'q1' });
    expect((error as Error).message).toContain('"q1"');
  });
});

describe('ids and rankings the streamed path once read otherwise: marks, surrogates, null, options', () => {
  const qrels = new Map<string, Qrels>([['q1', { a: 1, b: 2 }], ['q2', { d: 1 }]]);
  const measures = ['P@2', 'recall@10'];
  const read = (content: string | Uint8Array[]) => evaluateRunStream(content, qrels, { measures, checks: 'off' });

  it('keeps a byte order mark inside an id (a different id, as to trec_eval) and drops the one that opens the file', async () => {
    const bom = '\uFEFF';
    // q1 retrieves x and "\uFEFFa": no relevant document in its top 2 (a alone is judged).
    const grouped = await read(`q1 Q0 x 1 3 r\nq1 Q0 ${bom}a 2 2 r\nq2 Q0 d 1 3 r\n`);
    expect(grouped.perQuery['q1']!['P@2']).toBe(0);
    // The same run with its queries interleaved (read again, collected) and opened by a byte order mark,
    // split inside the mark: the same numbers.
    const interleaved = new TextEncoder().encode(`${bom}q1 Q0 x 1 3 r\nq2 Q0 d 1 3 r\nq1 Q0 ${bom}a 2 2 r\n`);
    const result = await read([interleaved.subarray(0, 1), interleaved.subarray(1, 2), interleaved.subarray(2)]);
    expect(result.perQuery).toEqual(grouped.perQuery);
    // a and "\uFEFFa" are two documents, not one listed twice.
    expect((await read(`q1 Q0 a 1 3 r\nq1 Q0 ${bom}a 2 2 r\n`)).perQuery['q1']!['P@2']).toBe(1 / 2);
    expect(parseRun(`q1 Q0 a 1 3 r\nq1 Q0 ${bom}a 2 2 r\n`).rankings.get('q1')).toEqual(['a', `${bom}a`]);
  });

  it('never matches a judged id holding a lone surrogate with the U+FFFD of a run', async () => {
    const result = await evaluateRunStream('q1 Q0 \uFFFD 1 3 r\n', new Map([['q1', { '\ud800': 1 }]]), { measures: ['P@1'], checks: 'off' });
    expect(result.mean['P@1']).toBe(0);
    expect(result).toEqual(evaluateRun({ q1: ['\uFFFD'] }, { q1: { '\ud800': 1 } }, { measures: ['P@1'], checks: 'off' }));
  });

  it('reads a ranking given as undefined or null as empty, as it always did', () => {
    const empty = evaluateRun({ q1: [] as string[], q2: ['d'] }, qrels, { measures });
    expect(evaluateRun(new Map<string, Ranking>([['q1', undefined as unknown as Ranking], ['q2', ['d']]]), qrels, { measures })).toEqual(empty);
    expect(evaluateRun({ q1: null as unknown as Ranking, q2: ['d'] }, qrels, { measures })).toEqual(empty);
  });

  it('names every option it takes when it refuses one', async () => {
    await expect(evaluateRunStream('q1 Q0 a 1 3 r\n', qrels, { measures, fil: 'x' } as never)).rejects.toThrow(/`file`, `format`, `onProgress`, got `"fil"`/);
  });
});
