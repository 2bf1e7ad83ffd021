// Results of parts of a run merged into the result of the whole: a run too large for one machine is split
// by query id, each shard is evaluated wherever the user's jobs run, and the parts' results are merged here
// with the same aggregation code (means.ts) in the same query order, so the means are the whole's to the bit.
import { describeConventions, type Conventions } from './conventions.js';
import { describeValue, RankevalError } from './errors.js';
import type { RunEvaluation } from './evaluate.js';
import { emptyRecord, evaluationOf } from './evaluator.js';
import type { Aggregate } from './means.js';
import { parseMeasure } from './measures/registry.js';
import { compareUtf8 } from './metrics/counts.js';
import { CHECK_MODES, type CheckMode, type RunCheckName } from './run-checks.js';

const FN = 'mergeEvaluations';
const CHECK_NAMES: readonly RunCheckName[] = ['queryInRanking', 'cutoffBeyondRun', 'allScoresTied'];
const AGGREGATES: readonly Aggregate[] = ['mean', 'geometric', 'sum'];


/**
 * Merges the results of evaluateRun on parts of one run, split by query id, into the result of evaluating
 * the whole run at once: the same `mean` (bit for bit: the same rows summed in the same order), `queries`,
 * `perQuery`, unjudged / unanswered / no-relevant lists, `bySlice`, `conventions`, `warnings` and
 * `mergeable`, so that a merged result merges again. The parts may come in any order.
 *
 * Two ways of splitting work: the run and the golden set both split by the same query ids, or only the run
 * split and the whole golden set given with each shard. Then:
 * - a query answered (scored and not unanswered) in one part has that part's scores; answered in two parts,
 *   it is refused (one query's ranking went to two shards);
 * - a judged query no part answers is unanswered (scored 0; each part that judges it must score it alike);
 * - a query is unjudged when some part lists it so and no part judges it (the run's shard and the golden
 *   set's shard of one query must be the same: a query ranked in one part and judged only in another is refused);
 * - `noRelevantQueries` is the union; the checks are settled again on the merged facts (`mergeable`).
 *
 * Every shard must hold at least one judged query (evaluateRun refuses a run with none to average).
 *
 * @param parts evaluateRun results (or their JSON: `rankeval eval -q --format json`, with `--by-tag` for
 *   slices), all with the same measures, conventions and check modes
 * @throws {RankevalError} `invalid_evaluation` for a part that is not a whole evaluateRun result (naming
 *   the part and the field: a result without `perQuery` or `mergeable` cannot be merged);
 *   `incompatible_evaluations` for parts with other measures, conventions or checks than the first, a
 *   query answered in two parts, or a query ranked in one part and judged in another; `no_queries` when no
 *   query is left to average; the checks' codes for a check in 'error' mode whose condition holds
 * @example
 * const options = { measures: ['P@1'] };
 * mergeEvaluations([evaluateRun({ q1: ['a'] }, { q1: { a: 1 } }, options), evaluateRun({ q2: ['b'] }, { q2: { c: 1 } }, options)])
 * // => { mean: { 'P@1': 0.5 }, queries: 2, … } — as evaluateRun of both queries at once
 */
export function mergeEvaluations<Key extends string = string>(parts: readonly RunEvaluation<Key>[]): RunEvaluation<Key> {
  if (!Array.isArray(parts) || parts.length === 0) {
    throw new RankevalError('invalid_evaluation', `${FN}: expected \`parts\` to be a non-empty array of evaluateRun results, got ${describeValue(parts)}`, 'a non-empty array of evaluateRun results', parts);
  }
  return mergeParts(
    parts.map((_, i) => `part ${i}`),
    parts,
    "evaluateRun's whole result, or the JSON of `rankeval eval -q --format json`",
  ) as RunEvaluation<Key>;
}

/**
 * mergeEvaluations, with each part named as the caller names it (`part 2`, or a file name) and `howToWrite`
 * saying where a part that cannot be merged should come from.
 */
export function mergeParts(names: readonly string[], values: readonly unknown[], howToWrite: string): RunEvaluation {
  const parts = values.map((value, i) => readPart(value, names[i]!, howToWrite));
  const first = parts[0]!;
  const measures = Object.keys(first.mean);
  for (const [i, part] of parts.entries()) checkCompatible(first, names[0]!, part, names[i]!);
  const aggregates = measures.map((name) => first.conventions.aggregation[name]!);

  // Which part answers each query (a query ranked in two shards is refused), and every judged query.
  const answeredIn = new Map<string, number>();
  const judgedIn = new Map<string, number>();
  parts.forEach((part, i) => {
    const unanswered = new Set(part.unansweredQueries);
    for (const qid of judgedBy(part)) {
      if (!judgedIn.has(qid)) judgedIn.set(qid, i);
      if (unanswered.has(qid)) continue;
      const other = answeredIn.get(qid);
      if (other !== undefined) {
        incompatible(`query ${describeValue(qid)} is answered in ${names[other]} and in ${names[i]}: one query's ranking went to two shards (split the run by query id)`, qid);
      }
      answeredIn.set(qid, i);
    }
  });

  // Each scored query's row: from the part that answers it, or (unanswered everywhere) from any part that
  // judges it, all of which must have scored it alike (an empty ranking on the same judgments).
  const rowFrom = new Map<string, number>();
  parts.forEach((part, i) => {
    for (const qid of Object.keys(part.perQuery)) {
      const answering = answeredIn.get(qid);
      if (answering !== undefined) {
        if (answering === i) rowFrom.set(qid, i);
        continue;
      }
      const earlier = rowFrom.get(qid);
      if (earlier === undefined) rowFrom.set(qid, i);
      else if (!sameRow(parts[earlier]!, part, qid, measures)) {
        incompatible(`query ${describeValue(qid)}, unanswered in ${names[earlier]} and in ${names[i]}, is scored or labelled differently in them: their golden sets judge it differently`, qid);
      }
    }
  });

  const unjudged = new Set<string>();
  for (const part of parts) for (const qid of part.unjudgedQueries) if (!judgedIn.has(qid)) unjudged.add(qid);
  // A query ranked in a part that does not judge it, and judged in a part that has no ranking for it: the
  // whole run would have scored that ranking, which no part did.
  parts.forEach((part, i) => {
    for (const qid of part.unjudgedQueries) {
      const judging = judgedIn.get(qid);
      if (judging !== undefined && !answeredIn.has(qid)) {
        incompatible(`query ${describeValue(qid)} is ranked in ${names[i]}, which does not judge it, and judged in ${names[judging]}, which has no ranking for it: split the run and the golden set by the same query ids`, qid);
      }
    }
  });

  const queryIds = [...rowFrom.keys()].sort(compareUtf8);
  if (queryIds.length === 0) {
    throw new RankevalError('no_queries', `${FN}: no query to average: no part scores any query`, 'at least one scored query', 0);
  }
  const sliceLabels = emptyRecord<string[]>();
  const rows = queryIds.map((qid) => {
    const part = parts[rowFrom.get(qid)!]!;
    const labels = Object.hasOwn(part.mergeable.slices, qid) ? part.mergeable.slices[qid]! : [];
    if (labels.length > 0) sliceLabels[qid] = [...labels];
    return measures.map((name) => part.perQuery[qid]![name]!);
  });
  const union = (lists: readonly (readonly string[])[]): string[] => [...new Set(lists.flat())].sort(compareUtf8);
  return evaluationOf({
    fn: FN,
    names: measures,
    cutoffs: measures.map((name) => parseMeasure(name).cutoff),
    queryIds,
    rows,
    sliceLabels,
    unjudgedQueries: [...unjudged].sort(compareUtf8),
    unansweredQueries: [...judgedIn.keys()].filter((qid) => !answeredIn.has(qid)).sort(compareUtf8),
    noRelevantQueries: union(parts.map((part) => part.noRelevantQueries)),
    deepestRanking: Math.max(...parts.map((part) => part.mergeable.deepestRanking)),
    queriesInRanking: union(parts.map((part) => part.mergeable.queriesInRanking)),
    tiedQueries: union(parts.map((part) => part.mergeable.tiedQueries)),
    checks: first.mergeable.checks,
    ...(first.mergeable.beyondSystemK === undefined ? {} : { beyondSystemK: { k: first.mergeable.beyondSystemK.k, measures: [...first.mergeable.beyondSystemK.measures] } }),
    ...(first.mergeable.systemK === undefined ? {} : { systemK: first.mergeable.systemK }),
    withoutAspects: union(parts.map((part) => part.mergeable.withoutAspects ?? [])),
    conventions: cloneConventions(first.conventions, measures, aggregates),
  });
}

/** The queries a part judges: those it scored, and those left out for having no relevant document. */
function* judgedBy(part: RunEvaluation): Iterable<string> {
  yield* Object.keys(part.perQuery);
  for (const qid of part.noRelevantQueries) if (!Object.hasOwn(part.perQuery, qid)) yield qid;
}

function sameRow(a: RunEvaluation, b: RunEvaluation, qid: string, measures: readonly string[]): boolean {
  if (!measures.every((name) => Object.is(a.perQuery[qid]![name], b.perQuery[qid]![name]))) return false;
  const labels = (part: RunEvaluation): string => JSON.stringify(Object.hasOwn(part.mergeable.slices, qid) ? part.mergeable.slices[qid] : []);
  return labels(a) === labels(b);
}

/** The parts' conventions, rebuilt as evaluateRun builds them (the aggregation record without prototype). */
function cloneConventions(conventions: Conventions, measures: readonly string[], aggregates: readonly Aggregate[]): Conventions {
  return describeConventions({
    ties: conventions.ties,
    gain: conventions.gain,
    relevanceThreshold: conventions.relevanceThreshold,
    noRelevant: conventions.noRelevant,
    apDenominator: conventions.apDenominator,
    names: measures,
    aggregates,
  });
}

function incompatible(message: string, received: unknown): never {
  throw new RankevalError('incompatible_evaluations', `${FN}: ${message}`, 'parts of one run split by query id, evaluated alike', received);
}

// ------------------------------------------------------------------------------------------ the boundary

/** Where two JSON-like values first differ (`["ties"]`, `["aggregation"]["P@5"]`) and what each holds there, or undefined. */
function firstDifference(a: unknown, b: unknown, path = ''): { path: string; a: unknown; b: unknown } | undefined {
  if (Object.is(a, b)) return undefined;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return { path, a, b };
  const recordA = a as Record<string, unknown>;
  const recordB = b as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(recordA), ...Object.keys(recordB)])];
  for (const key of keys) {
    const step = `${path}[${JSON.stringify(key)}]`;
    const valueA = Object.hasOwn(recordA, key) ? recordA[key] : undefined;
    const valueB = Object.hasOwn(recordB, key) ? recordB[key] : undefined;
    const difference = firstDifference(valueA, valueB, step);
    if (difference !== undefined) return difference;
  }
  return undefined;
}

const shown = (value: unknown): string => (value === undefined ? 'nothing' : JSON.stringify(value));

function checkCompatible(first: RunEvaluation, firstName: string, part: RunEvaluation, name: string): void {
  const measuresA = Object.keys(first.mean);
  const measuresB = Object.keys(part.mean);
  if (measuresA.join('\n') !== measuresB.join('\n')) {
    incompatible(`${firstName} has the measures ${measuresA.join(', ')} and ${name} ${measuresB.join(', ')}: evaluate every shard with the same measures, in the same order`, measuresB);
  }
  for (const [field, a, b] of [
    ['conventions', first.conventions, part.conventions],
    ['mergeable.checks', first.mergeable.checks, part.mergeable.checks],
    ['mergeable.beyondSystemK', first.mergeable.beyondSystemK, part.mergeable.beyondSystemK],
    ['mergeable.systemK', first.mergeable.systemK, part.mergeable.systemK],
  ] as const) {
    const difference = firstDifference(a, b);
    if (difference === undefined) continue;
    incompatible(`${field}${difference.path} is ${shown(difference.a)} in ${firstName} and ${shown(difference.b)} in ${name}: evaluate every shard with the same options`, difference.b);
  }
}

/** The values evaluateRun's conventions can hold, rule by rule. */
const VALID_RULES: Record<string, (value: unknown) => boolean> = {
  ties: (value) => value === 'trec' || value === 'given' || value === 'average',
  gain: (value) => value === 'linear' || value === 'exponential',
  relevanceThreshold: (value) => typeof value === 'number' && Number.isFinite(value),
  noRelevant: (value) => value === 'zero' || value === 'skip' || value === 'error',
  apDenominator: (value) => value === 'relevant' || value === 'min-relevant-k',
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

/**
 * A part checked as far as the merge reads it: its means' names, its rows, its lists, its conventions and
 * its `mergeable`. Fields the merge computes again (`bySlice`, `warnings`) are not read.
 */
function readPart(value: unknown, name: string, howToWrite: string): RunEvaluation {
  const bad = (field: string, expected: string, received: unknown): never => {
    throw new RankevalError('invalid_evaluation', `${FN}: expected \`${field}\` of ${name} to be ${expected}, got ${describeValue(received)}`, expected, { part: name, field, value: received });
  };
  if (!isRecord(value)) bad('the part', 'an evaluateRun result (an object)', value);
  const part = value as Record<string, unknown>;
  for (const field of ['perQuery', 'mergeable']) {
    if (part[field] === undefined || !Object.hasOwn(part, field)) {
      throw new RankevalError(
        'invalid_evaluation',
        `${FN}: ${name} has no \`${field}\`, without which it cannot be merged; a part is ${howToWrite}`,
        `a result with \`${field}\``,
        { part: name, field },
      );
    }
  }
  const { mean, queries, perQuery, conventions, mergeable } = part as { [key: string]: unknown };
  if (!isRecord(mean) || Object.keys(mean).length === 0) bad('mean', 'an object of measure name → number', mean);
  const measures = Object.keys(mean as object);
  for (const measure of measures) {
    if (typeof (mean as Record<string, unknown>)[measure] !== 'number') bad(`mean[${JSON.stringify(measure)}]`, 'a number', (mean as Record<string, unknown>)[measure]);
    try {
      parseMeasure(measure);
    } catch {
      bad('mean', 'keyed by measure names of one value each', measure);
    }
  }
  if (!isRecord(perQuery)) bad('perQuery', 'an object of query id → scores', perQuery);
  let rows = 0;
  for (const [qid, scores] of Object.entries(perQuery as object)) {
    rows++;
    if (!isRecord(scores) || Object.keys(scores).length !== measures.length) bad(`perQuery[${JSON.stringify(qid)}]`, `an object of the ${measures.length} measures of \`mean\``, scores);
    for (const measure of measures) {
      const score = Object.hasOwn(scores as object, measure) ? (scores as Record<string, unknown>)[measure] : undefined;
      if (typeof score !== 'number' || !Number.isFinite(score)) bad(`perQuery[${JSON.stringify(qid)}][${JSON.stringify(measure)}]`, 'a finite number', score);
    }
  }
  if (queries !== rows) bad('queries', `the number of queries in \`perQuery\` (${rows})`, queries);
  for (const field of ['unjudgedQueries', 'unansweredQueries', 'noRelevantQueries']) {
    if (!isStringList(part[field])) bad(field, 'an array of query ids', part[field]);
  }
  for (const qid of part['unansweredQueries'] as string[]) {
    if (!Object.hasOwn(perQuery as object, qid) && !(part['noRelevantQueries'] as string[]).includes(qid)) {
      bad('unansweredQueries', 'judged queries (each scored, or without relevant document)', qid);
    }
  }
  if (!isRecord(conventions)) bad('conventions', 'an object', conventions);
  const aggregation = (conventions as Record<string, unknown>)['aggregation'];
  if (!isRecord(aggregation) || Object.keys(aggregation).join('\n') !== measures.join('\n')) {
    bad('conventions.aggregation', 'an object of the measures of `mean` (in its order) → their aggregate', aggregation);
  }
  for (const measure of measures) {
    const aggregate = (aggregation as Record<string, unknown>)[measure];
    if (!AGGREGATES.includes(aggregate as Aggregate)) bad(`conventions.aggregation[${JSON.stringify(measure)}]`, "'mean', 'geometric' or 'sum'", aggregate);
  }
  // The merged result restates these conventions: they must be the ones evaluateRun writes for these options.
  const rules = conventions as Record<string, unknown>;
  const rebuilt = describeConventions({
    ties: rules['ties'] as Conventions['ties'],
    gain: rules['gain'] as Conventions['gain'],
    relevanceThreshold: rules['relevanceThreshold'] as number,
    noRelevant: rules['noRelevant'] as Conventions['noRelevant'],
    apDenominator: rules['apDenominator'] as Conventions['apDenominator'],
    names: measures,
    aggregates: measures.map((measure) => (aggregation as Record<string, Aggregate>)[measure]!),
  });
  const readable = ['ties', 'gain', 'relevanceThreshold', 'noRelevant', 'apDenominator'].every((key) => VALID_RULES[key]!(rules[key]));
  const difference = readable ? firstDifference(rebuilt, conventions) : { path: '', b: conventions };
  if (difference !== undefined) bad(`conventions${difference.path}`, "evaluateRun's conventions", difference.b);
  if (!isRecord(mergeable)) bad('mergeable', 'an object', mergeable);
  const { deepestRanking, queriesInRanking, tiedQueries, checks, slices, beyondSystemK, systemK, withoutAspects } = mergeable as Record<string, unknown>;
  if (systemK !== undefined && (typeof systemK !== 'number' || !Number.isSafeInteger(systemK) || systemK < 1)) bad('mergeable.systemK', 'a positive integer', systemK);
  if (withoutAspects !== undefined && !isStringList(withoutAspects)) bad('mergeable.withoutAspects', 'an array of query ids', withoutAspects);
  if (beyondSystemK !== undefined) {
    const { k, measures } = isRecord(beyondSystemK) ? (beyondSystemK as Record<string, unknown>) : {};
    if (typeof k !== 'number' || !Number.isSafeInteger(k) || k < 1 || !isStringList(measures)) bad('mergeable.beyondSystemK', 'an object { k, measures }', beyondSystemK);
  }
  if (typeof deepestRanking !== 'number' || !Number.isSafeInteger(deepestRanking) || deepestRanking < 0) bad('mergeable.deepestRanking', 'a non-negative integer', deepestRanking);
  if (!isStringList(queriesInRanking)) bad('mergeable.queriesInRanking', 'an array of query ids', queriesInRanking);
  if (!isStringList(tiedQueries)) bad('mergeable.tiedQueries', 'an array of query ids', tiedQueries);
  if (!isRecord(checks) || Object.keys(checks).length !== CHECK_NAMES.length) bad('mergeable.checks', `an object of ${CHECK_NAMES.join(', ')} → mode`, checks);
  for (const check of CHECK_NAMES) {
    const mode = Object.hasOwn(checks as object, check) ? (checks as Record<string, unknown>)[check] : undefined;
    if (!CHECK_MODES.includes(mode as CheckMode)) bad(`mergeable.checks.${check}`, "'error', 'warn' or 'off'", mode);
  }
  if (!isRecord(slices)) bad('mergeable.slices', 'an object of query id → labels', slices);
  for (const [qid, labels] of Object.entries(slices as object)) {
    if (!isStringList(labels)) bad(`mergeable.slices[${JSON.stringify(qid)}]`, 'an array of labels', labels);
  }
  return value as unknown as RunEvaluation;
}
