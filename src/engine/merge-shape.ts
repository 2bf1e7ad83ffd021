// One part of a merge read at the boundary: its shape (every field the merge reads, of the type evaluateRun
// writes), then its consistency (merge-consistency.ts). A part that fails was edited or made by hand, and
// merging it would pass its numbers on.
import { describeConventions, type Conventions } from '../measures/conventions.js';
import { argument, RankevalError } from '../core/errors.js';
import { describeValue } from '../core/quoting.js';
import type { Aggregate } from './means.js';
import { parseMeasure } from '../measures/registry.js';
import { RUN_CHECK_MODES, RUN_CHECKS, type RunCheckMode } from './run-checks.js';
import type { RunEvaluation } from './run-result.js';

const FN = 'mergeEvaluations';
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
  scoreOrder: (value) => value === 'descending' || value === 'ascending',
  gain: (value) => value === 'linear' || value === 'exponential',
  relevanceThreshold: (value) => typeof value === 'number' && Number.isFinite(value),
  noRelevant: (value) => value === 'zero' || value === 'skip' || value === 'error',
  apDenominator: (value) => value === 'relevant' || value === 'min-relevant-k',
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

/** The argument of mergeEvaluations, the subject of its errors about a part (the field its `key`). */
export const PARTS = argument('parts');

/** `invalid_evaluation` for field `field` of the part `name`, which should be `expected` (`received` shown as `shown` says, or described). */
export function invalidPart(name: string, field: string, expected: string, received: unknown, why = '', shown = describeValue(received)): never {
  throw new RankevalError({
    code: 'invalid_evaluation',
    fn: FN,
    subject: PARTS,
    facts: { key: field },
    problem: `expected \`${field}\` of ${name} to be ${expected}, got ${shown}${why}`,
    expected,
    received: { part: name, field, value: received },
  });
}

/** Throws `invalid_evaluation` for a field of the part being read. */
type Refuse = (field: string, expected: string, received: unknown) => never;

/**
 * A part checked as far as the merge reads it: its means' names, its rows, its lists, its conventions and
 * its `mergeable`, each of the type evaluateRun writes (their consistency is checkConsistent's).
 */
export function readPart(value: unknown, name: string, howToWrite: string): RunEvaluation {
  const bad: Refuse = (field, expected, received) => invalidPart(name, field, expected, received);
  if (!isRecord(value)) bad('the part', 'an evaluateRun result (an object)', value);
  const part = value as Record<string, unknown>;
  for (const field of ['perQuery', 'mergeable']) {
    if (part[field] === undefined || !Object.hasOwn(part, field)) {
      throw new RankevalError({
        code: 'invalid_evaluation',
        fn: FN,
        subject: PARTS,
        facts: { key: field },
        problem: `${name} has no \`${field}\`, without which it cannot be merged; a part is ${howToWrite}`,
        expected: `a result with \`${field}\``,
        received: { part: name, field },
      });
    }
  }
  const measures = readMeasures(part['mean'], bad);
  readRows(part, measures, bad);
  readConventions(part['conventions'], measures, bad);
  readMergeable(part['mergeable'], bad);
  return value as unknown as RunEvaluation;
}

/** The names of `mean`: measure names, each with a number. */
function readMeasures(mean: unknown, bad: Refuse): string[] {
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
  return measures;
}

/** `perQuery`, a finite number per query and measure, `queries` its count, and the lists of query ids. */
function readRows(part: Record<string, unknown>, measures: readonly string[], bad: Refuse): void {
  const { perQuery, queries } = part;
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
}

/** `conventions`: the ones evaluateRun writes for these measures and options, field for field. */
function readConventions(conventions: unknown, measures: readonly string[], bad: Refuse): void {
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
    scoreOrder: rules['scoreOrder'] as Conventions['scoreOrder'],
    gain: rules['gain'] as Conventions['gain'],
    relevanceThreshold: rules['relevanceThreshold'] as number,
    noRelevant: rules['noRelevant'] as Conventions['noRelevant'],
    apDenominator: rules['apDenominator'] as Conventions['apDenominator'],
    names: measures,
    aggregates: measures.map((measure) => (aggregation as Record<string, Aggregate>)[measure]!),
  });
  const readable = Object.keys(VALID_RULES).every((key) => VALID_RULES[key]!(rules[key]));
  const difference = readable ? firstDifference(rebuilt, conventions) : { path: '', b: conventions };
  if (difference !== undefined) bad(`conventions${difference.path}`, "evaluateRun's conventions", difference.b);
}

/** `mergeable.unjudgedDocuments`: a depth (a positive integer, or null), a count of documents, and query id → a positive count. */
function readUnjudgedDocuments(value: unknown, bad: Refuse): void {
  const field = 'mergeable.unjudgedDocuments';
  const { depth, retrieved, byQuery } = isRecord(value) ? value : {};
  const isCount = (n: unknown, least: number): boolean => typeof n === 'number' && Number.isSafeInteger(n) && n >= least;
  if ((depth !== null && !isCount(depth, 1)) || !isCount(retrieved, 0) || !isRecord(byQuery)) bad(field, 'an object { depth, retrieved, byQuery }', value);
  let unjudged = 0;
  for (const [qid, count] of Object.entries(byQuery as object)) {
    if (!isCount(count, 1)) bad(`${field}.byQuery[${JSON.stringify(qid)}]`, 'a positive integer', count);
    unjudged += count as number;
  }
  if (unjudged > (retrieved as number)) bad(`${field}.retrieved`, `at least the unjudged documents (${unjudged})`, retrieved);
}

/** `mergeable`: each fact of the type evaluateRun writes. */
function readMergeable(mergeable: unknown, bad: Refuse): void {
  if (!isRecord(mergeable)) bad('mergeable', 'an object', mergeable);
  const { deepestRanking, queriesInRanking, tiedQueries, checks, slices, beyondSystemK, systemK, withoutAspects, risingQueries, scoreOrder, unjudgedDocuments } = mergeable as Record<string, unknown>;
  if (unjudgedDocuments !== undefined) readUnjudgedDocuments(unjudgedDocuments, bad);
  if (systemK !== undefined && (typeof systemK !== 'number' || !Number.isSafeInteger(systemK) || systemK < 1)) bad('mergeable.systemK', 'a positive integer', systemK);
  if (withoutAspects !== undefined && !isStringList(withoutAspects)) bad('mergeable.withoutAspects', 'an array of query ids', withoutAspects);
  if (risingQueries !== undefined && !isStringList(risingQueries)) bad('mergeable.risingQueries', 'an array of query ids', risingQueries);
  if (scoreOrder !== undefined && scoreOrder !== 'descending' && scoreOrder !== 'ascending') bad('mergeable.scoreOrder', "'descending' or 'ascending'", scoreOrder);
  if (beyondSystemK !== undefined) {
    const { k, measures } = isRecord(beyondSystemK) ? (beyondSystemK as Record<string, unknown>) : {};
    if (typeof k !== 'number' || !Number.isSafeInteger(k) || k < 1 || !isStringList(measures)) bad('mergeable.beyondSystemK', 'an object { k, measures }', beyondSystemK);
  }
  if (typeof deepestRanking !== 'number' || !Number.isSafeInteger(deepestRanking) || deepestRanking < 0) bad('mergeable.deepestRanking', 'a non-negative integer', deepestRanking);
  if (!isStringList(queriesInRanking)) bad('mergeable.queriesInRanking', 'an array of query ids', queriesInRanking);
  if (!isStringList(tiedQueries)) bad('mergeable.tiedQueries', 'an array of query ids', tiedQueries);
  if (!isRecord(checks) || Object.keys(checks).length !== RUN_CHECKS.length) bad('mergeable.checks', `an object of ${RUN_CHECKS.join(', ')} → mode`, checks);
  for (const check of RUN_CHECKS) {
    const mode = Object.hasOwn(checks as object, check) ? (checks as Record<string, unknown>)[check] : undefined;
    if (!RUN_CHECK_MODES.includes(mode as RunCheckMode)) bad(`mergeable.checks.${check}`, "'error', 'warn' or 'off'", mode);
  }
  if (!isRecord(slices)) bad('mergeable.slices', 'an object of query id → labels', slices);
  for (const [qid, labels] of Object.entries(slices as object)) {
    if (!isStringList(labels)) bad(`mergeable.slices[${JSON.stringify(qid)}]`, 'an array of labels', labels);
  }
}
