// One part of a merge read at the boundary: its shape (every field the merge reads, of the type evaluateRun
// writes), then its consistency — each value one a query can score on its measure (the catalogue's
// `values`), its means those of its rows, and its lists and `mergeable` facts as evaluateRun makes them
// together. A part that fails was edited or made by hand, and merging it would pass its numbers on.
import { describeConventions, type Conventions } from '../measures/conventions.js';
import { describeValue, RankevalError } from '../core/errors.js';
import type { RunEvaluation } from './evaluate.js';
import { readsBeyond } from './evaluator.js';
import { aggregateRows, type Aggregate } from './means.js';
import { parseMeasure } from '../measures/registry.js';
import { describeValues, emptyRankingValue, noRelevantValue, scorable } from '../measures/values.js';
import { compareUtf8 } from '../core/ordering.js';
import { CHECK_MODES, type CheckMode, type RunCheckName } from './run-checks.js';

const FN = 'mergeEvaluations';
const CHECK_NAMES: readonly RunCheckName[] = ['queryInRanking', 'cutoffBeyondRun', 'allScoresTied'];
const AGGREGATES: readonly Aggregate[] = ['mean', 'geometric', 'sum'];

/** Where two JSON-like values first differ (`["ties"]`, `["aggregation"]["P@5"]`) and what each holds there, or undefined. */
export function firstDifference(a: unknown, b: unknown, path = ''): { path: string; a: unknown; b: unknown } | undefined {
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

/** `invalid_evaluation` for field `field` of the part `name`, which should be `expected` (`received` shown as `shown` says, or described). */
function invalidPart(name: string, field: string, expected: string, received: unknown, why = '', shown = describeValue(received)): never {
  throw new RankevalError('invalid_evaluation', `${FN}: expected \`${field}\` of ${name} to be ${expected}, got ${shown}${why}`, expected, { part: name, field, value: received });
}

/**
 * A part checked as far as the merge reads it: its means' names, its rows, its lists, its conventions and
 * its `mergeable`, each of the type evaluateRun writes; then checked for consistency (`checkConsistent`).
 */
export function readPart(value: unknown, name: string, howToWrite: string): RunEvaluation {
  const bad = (field: string, expected: string, received: unknown): never => invalidPart(name, field, expected, received);
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
  checkConsistent(value as unknown as RunEvaluation, name);
  return value as unknown as RunEvaluation;
}

/** The first query id listed twice, or undefined. */
function repeated(list: readonly string[]): string | undefined {
  const seen = new Set<string>();
  for (const qid of list) {
    if (seen.has(qid)) return qid;
    seen.add(qid);
  }
  return undefined;
}

const AGGREGATE_WORDS: Readonly<Record<Aggregate, string>> = { mean: 'mean', geometric: 'geometric mean', sum: 'sum' };

/**
 * What every evaluateRun result holds, checked on a part already read (readPart):
 * - each per-query value is one its measure can take (`canScore`: the catalogue's range and step); a
 *   query without relevant document scores what the measure's formula gives it there (`noRelevantValue`),
 *   and an unanswered query what it gives an empty ranking (`emptyRankingValue`);
 * - each mean, overall and per tag, is the aggregate of its rows as means.ts takes it (in query-id order);
 * - no query is listed twice; an unjudged query is neither scored nor judged; the queries without relevant
 *   document are scored (`noRelevant: 'zero'`), left out (`'skip'`) or absent (`'error'`);
 * - each measure's aggregation is the catalogue's;
 * - `mergeable`: tags, queries holding their id and tied queries are of scored queries (the last two of
 *   answered ones, and no tied query under `ties: 'given'`), withoutAspects only with aspect measures, the
 *   deepest ranking 0 when no query is answered, no check in 'error' mode whose condition holds, and
 *   beyondSystemK what systemK and the measures make.
 */
function checkConsistent(part: RunEvaluation, name: string): void {
  const bad = (field: string, expected: string, received: unknown, why = '', shown?: string): never => invalidPart(name, field, expected, received, why, shown);
  const { perQuery, conventions, mergeable } = part;
  const measures = Object.keys(part.mean);
  const parsed = measures.map((measure) => parseMeasure(measure));
  const scored = Object.keys(perQuery).sort(compareUtf8);
  if (scored.length === 0) bad('perQuery', 'at least one scored query (evaluateRun scores one or refuses the run)', perQuery);
  const isScored = (qid: string): boolean => Object.hasOwn(perQuery, qid);

  for (const field of ['unjudgedQueries', 'unansweredQueries', 'noRelevantQueries'] as const) {
    const twice = repeated(part[field]);
    if (twice !== undefined) bad(field, 'query ids each listed once', twice, ', listed twice');
  }
  const noRelevant = new Set(part.noRelevantQueries);
  for (const qid of part.unjudgedQueries) {
    if (isScored(qid)) bad('unjudgedQueries', 'queries the part does not judge', qid, ', which `perQuery` scores');
    if (noRelevant.has(qid)) bad('unjudgedQueries', 'queries the part does not judge', qid, ', which `noRelevantQueries` lists as judged');
  }
  for (const qid of part.noRelevantQueries) {
    if (conventions.noRelevant === 'error') bad('noRelevantQueries', "empty under `noRelevant: 'error'` (evaluateRun refuses such a query)", qid);
    if (conventions.noRelevant === 'zero' && !isScored(qid)) bad('noRelevantQueries', "scored queries under `noRelevant: 'zero'`", qid, ', which `perQuery` does not score');
    if (conventions.noRelevant === 'skip' && isScored(qid)) bad('noRelevantQueries', "queries left out of `perQuery` under `noRelevant: 'skip'`", qid, ', which `perQuery` scores');
  }

  // The aggregate is the measure's own (gm_map is a geometric mean, num_ret a sum): not a choice of the part.
  parsed.forEach((measure, i) => {
    const aggregate = conventions.aggregation[measures[i]!];
    if (aggregate !== measure.definition.aggregate) bad(`conventions.aggregation[${JSON.stringify(measures[i])}]`, `'${measure.definition.aggregate}', as ${measures[i]} is aggregated`, aggregate);
  });

  // Every value, then the means of the rows (a value edited would make its mean wrong too: it is named first).
  const canScore = parsed.map((measure) => scorable(measure, conventions.ties));
  const whenNoRelevant = parsed.map((measure) => noRelevantValue(measure, conventions.relevanceThreshold));
  const whenUnanswered = parsed.map(emptyRankingValue);
  const unanswered = new Set(part.unansweredQueries);
  const rows = scored.map((qid) => {
    const scores = perQuery[qid]!;
    return measures.map((measure, i) => {
      const value = scores[measure]!;
      const field = (): string => `perQuery[${JSON.stringify(qid)}][${JSON.stringify(measure)}]`;
      if (!canScore[i]!(value)) bad(field(), `a value ${measure} can take (${describeValues(parsed[i]!, conventions.ties)})`, value);
      const fixed = whenNoRelevant[i];
      if (fixed !== undefined && value !== fixed && noRelevant.has(qid)) {
        bad(field(), `${fixed}, as ${measure} scores a query without relevant document`, value, ` (the query is in \`noRelevantQueries\`)`);
      }
      const empty = whenUnanswered[i];
      if (empty !== undefined && value !== empty && unanswered.has(qid)) {
        bad(field(), `${empty}, as ${measure} scores an empty ranking`, value, ` (the query is in \`unansweredQueries\`: the run does not answer it)`);
      }
      return value;
    });
  });
  const aggregates = measures.map((measure) => conventions.aggregation[measure]!);
  const checkMeans = (field: string, means: Record<string, number>, of: string, labelRows: readonly (readonly number[])[]): void => {
    const expected = aggregateRows(labelRows, aggregates);
    measures.forEach((measure, i) => {
      if (means[measure] !== expected[i]) bad(`${field}[${JSON.stringify(measure)}]`, `the ${AGGREGATE_WORDS[aggregates[i]!]} of ${of} (${expected[i]})`, means[measure]);
    });
  };
  checkMeans('mean', part.mean, 'its `perQuery` values', rows);

  const { slices } = mergeable;
  const rowsByLabel = new Map<string, (readonly number[])[]>();
  scored.forEach((qid, i) => {
    for (const label of Object.hasOwn(slices, qid) ? slices[qid]! : []) {
      let labelRows = rowsByLabel.get(label);
      if (labelRows === undefined) rowsByLabel.set(label, (labelRows = []));
      labelRows.push(rows[i]!);
    }
  });
  for (const [qid, labels] of Object.entries(slices)) {
    const field = `mergeable.slices[${JSON.stringify(qid)}]`;
    if (!isScored(qid)) bad('mergeable.slices', 'the labels of scored queries (in `perQuery`)', qid, ', which `perQuery` does not score');
    if (labels.length === 0) bad(field, 'a non-empty array of labels (a query without any is not listed)', labels);
    const twice = repeated(labels);
    if (twice !== undefined) bad(field, 'labels each given once', twice, ', given twice');
  }
  // `bySlice` is not merged (it is computed again), but a part with one whose means are not its rows' was edited.
  const bySlice = (part as { bySlice?: unknown }).bySlice;
  if (bySlice !== undefined) {
    if (!isRecord(bySlice)) bad('bySlice', 'an object of label → means', bySlice);
    const labels = [...rowsByLabel.keys()];
    const listed = Object.keys(bySlice as object);
    const missing = labels.find((label) => !Object.hasOwn(bySlice as object, label)) ?? listed.find((label) => !rowsByLabel.has(label));
    if (missing !== undefined) bad('bySlice', 'the labels of `mergeable.slices`, each with the means of its queries', missing, rowsByLabel.has(missing) ? ', which it leaves out' : ', which no query has');
    for (const label of labels) {
      const means = (bySlice as Record<string, unknown>)[label];
      const labelRows = rowsByLabel.get(label)!;
      const field = `bySlice[${JSON.stringify(label)}]`;
      if (!isRecord(means) || !isRecord(means['mean'])) bad(field, 'an object { mean, queries }', means);
      const { mean, queries } = means as { mean: Record<string, number>; queries: unknown };
      if (queries !== labelRows.length) bad(`${field}.queries`, `the number of queries with the label in \`mergeable.slices\` (${labelRows.length})`, queries);
      checkMeans(`${field}.mean`, mean, 'the values of its queries', labelRows);
    }
  }

  const answered = (qid: string): boolean => isScored(qid) && !unanswered.has(qid);
  for (const field of ['queriesInRanking', 'tiedQueries', 'withoutAspects'] as const) {
    const list = mergeable[field] ?? [];
    const twice = repeated(list);
    if (twice !== undefined) bad(`mergeable.${field}`, 'query ids each listed once', twice, ', listed twice');
    const scoredOnly = field === 'withoutAspects';
    const stray = list.find((qid) => !(scoredOnly ? isScored(qid) : answered(qid)));
    if (stray !== undefined) bad(`mergeable.${field}`, scoredOnly ? 'scored queries (in `perQuery`)' : 'queries scored on a ranking (in `perQuery`, not unanswered)', stray);
  }
  if (conventions.ties === 'given' && mergeable.tiedQueries.length > 0) bad('mergeable.tiedQueries', "empty under `ties: 'given'` (scores order nothing)", mergeable.tiedQueries[0]);
  if ((mergeable.withoutAspects ?? []).length > 0 && !parsed.some((measure) => measure.definition.readsAspects === true)) {
    bad('mergeable.withoutAspects', 'absent without an aspect measure', mergeable.withoutAspects);
  }
  // A check in 'error' mode whose condition held would have refused the run: the part cannot hold one.
  const { checks } = mergeable;
  const deeper = measures.find((_, i) => parsed[i]!.cutoff !== Infinity && parsed[i]!.cutoff > mergeable.deepestRanking);
  if (checks.queryInRanking === 'error' && mergeable.queriesInRanking.length > 0) bad('mergeable.queriesInRanking', "empty, as its check is in 'error' mode", mergeable.queriesInRanking[0]);
  if (checks.allScoresTied === 'error' && mergeable.tiedQueries.length > 0) bad('mergeable.tiedQueries', "empty, as its check is in 'error' mode", mergeable.tiedQueries[0]);
  if (checks.cutoffBeyondRun === 'error' && deeper !== undefined) {
    bad('mergeable.deepestRanking', `at least the cutoff of ${deeper} (${parsed[measures.indexOf(deeper)]!.cutoff}), as the cutoffBeyondRun check is in 'error' mode`, mergeable.deepestRanking);
  }
  if (mergeable.deepestRanking !== 0 && !scored.some(answered)) bad('mergeable.deepestRanking', '0, as no query is scored on a ranking', mergeable.deepestRanking);
  const { systemK } = mergeable;
  const beyond = systemK === undefined ? [] : measures.filter((_, i) => readsBeyond(parsed[i]!, systemK));
  const expected = beyond.length === 0 ? undefined : { k: systemK, measures: beyond };
  if (firstDifference(expected, mergeable.beyondSystemK) !== undefined) {
    const json = (value: unknown): string => (value === undefined ? 'nothing' : `\`${JSON.stringify(value)}\``);
    bad('mergeable.beyondSystemK', expected === undefined ? 'absent (no measure reads beyond `systemK`)' : json(expected), mergeable.beyondSystemK, '', json(mergeable.beyondSystemK));
  }
}
