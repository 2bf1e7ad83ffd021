// evaluateRun's options and qrels, read and checked once into settings: what the scorer works from. The
// order of the checks is the order of the errors a caller sees, so it is kept as it is.
import { fail, option, RankevalError } from '../core/errors.js';
import { ownFields, ownOptions, whileReading } from '../core/boundary.js';
import { readByQuery, readQrels } from '../core/inputs.js';
import { readMetricOptions, type ResolvedOptions } from '../core/metric-options.js';
import { compareUtf8, readScoreOrder } from '../core/ordering.js';
import { isTokenLength, TOKEN_LENGTH } from '../core/token-length.js';
import type { ScoreOrder, Ties } from '../core/types.js';
import { averagesTies, readsLengths } from '../measures/catalogue.js';
import { readAspectsOption, type QueryAspects } from '../core/aspects.js';
import { planMeasures, type MeasurePlan } from './plan.js';
import { readChecks, type RunCheckMode, type RunChecks } from './run-checks.js';
import { EVALUATE_RUN_OPTION_KEYS, type EvaluateRunOptions } from './run-options.js';
import { beyondSystemKOf, readSystemK, type BeyondSystemK, type SystemK } from './system-k.js';

const NO_RELEVANT_MODES = ['zero', 'skip', 'error'] as const;

/** The options of a run's scoring, as read (frozen): nothing downstream reads the caller's object again. */
export interface RunSettings {
  /** The public function the errors name. */
  readonly fn: string;
  /** The metric options (relevance threshold, gain, AP denominator, ties). */
  readonly metric: ResolvedOptions;
  readonly noRelevant: (typeof NO_RELEVANT_MODES)[number];
  readonly plan: MeasurePlan;
  /** Query id → judgments, each query's read when it is scored. */
  readonly qrels: ReadonlyMap<string, unknown>;
  readonly slices: ReadonlyMap<string, readonly string[]> | undefined;
  readonly checks: Required<RunChecks>;
  readonly lengths: ReadonlyMap<string, number> | undefined;
  readonly aspects: ReadonlyMap<string, QueryAspects> | undefined;
  /** Judged queries without aspects (query-id order), when an aspect measure is asked for. */
  readonly withoutAspects: readonly string[];
  readonly systemK: SystemK | undefined;
  readonly beyondSystemK: BeyondSystemK | undefined;
  /** The `scoreOrder` option; undefined when not given (descending, and rising scores are warned about). */
  readonly scoreOrder: ScoreOrder | undefined;
}

/**
 * evaluateRun's options, read from their own keys (every key checked against `EVALUATE_RUN_OPTION_KEYS`),
 * and its qrels, resolved: what `evaluateRun` and `createEvaluator` score from.
 */
export function readRunSettings(qrels: unknown, given: EvaluateRunOptions, fn: string): RunSettings {
  return resolveRunSettings(qrels, ownOptions(given, EVALUATE_RUN_OPTION_KEYS, fn, { expected: 'an object with `measures`' }), fn);
}

/**
 * Reads a run's qrels and scoring options once, in the order their errors are reported. `options` are the
 * caller's own keys, already checked against the entry's list of keys (ownOptions): only the scoring
 * options (`EVALUATE_RUN_OPTION_KEYS`) are read here, an entry's others are its own to read.
 */
export function resolveRunSettings(qrels: unknown, given: EvaluateRunOptions, fn: string): RunSettings {
  // Own keys only, again: a caller's spread of its options has a prototype, whose keys are no options.
  const options = ownFields(given, fn, '`options`');
  const metric = readMetricOptions(options, fn);
  const noRelevant = options.noRelevant ?? 'zero';
  if (!NO_RELEVANT_MODES.includes(noRelevant)) fail('invalid_option', fn, { kind: 'option', option: 'noRelevant' }, "'zero', 'skip' or 'error'", noRelevant);
  const plan = planMeasures(options.measures, fn);
  checkTieAverages(plan, metric, fn);
  // Each query's judgments read once here (readQrels): the scorer reads them twice.
  const qrelsById = readQrels(qrels, fn);
  const slices = options.slices === undefined ? undefined : readSlices(options.slices, fn);
  const checks = readChecks(options.checks, fn);
  const lengths = options.lengths === undefined ? undefined : readLengths(options.lengths, fn);
  requireOption(plan, (measure) => readsLengths(measure.definition, measure.params), lengths, options.lengths, fn, 'document lengths', 'lengths', 'document id → length in tokens');
  const aspects = options.aspects === undefined ? undefined : readAspectsOption(options.aspects, fn);
  const readsAspects = requireOption(plan, (measure) => measure.definition.readsAspects === true, aspects, options.aspects, fn, 'aspects', 'aspects', 'query id → aspect → judgments');
  const withoutAspects = readsAspects ? queriesWithoutAspects(qrelsById, aspects!) : [];
  const systemK = readSystemK(options.systemK, fn);
  const beyondSystemK = systemK === undefined ? undefined : beyondSystemKOf(plan, systemK, fn);
  const scoreOrder = readScoreOrder(options.scoreOrder, fn);
  return Object.freeze({ fn, metric, noRelevant, plan, qrels: qrelsById, slices, checks, lengths, aspects, withoutAspects, systemK, beyondSystemK, scoreOrder });
}

const CHECKS_OFF = Object.freeze(readChecks('off', 'rankeval'));

/**
 * `settings` for other measures on the same judgments and options, with every check off and neither a
 * system k nor slices: for scoring the queries of a run again on measures of the caller's choosing
 * (recall@k at every k, say), with nothing to warn about and nothing cut at k.
 */
export function remeasured(settings: RunSettings, measures: readonly string[]): RunSettings {
  const { fn, metric, lengths, aspects } = settings;
  const plan = planMeasures(measures, fn);
  checkTieAverages(plan, metric, fn);
  requireOption(plan, (measure) => readsLengths(measure.definition, measure.params), lengths, lengths, fn, 'document lengths', 'lengths', 'document id → length in tokens');
  const readsAspects = requireOption(plan, (measure) => measure.definition.readsAspects === true, aspects, aspects, fn, 'aspects', 'aspects', 'query id → aspect → judgments');
  const withoutAspects = readsAspects ? queriesWithoutAspects(settings.qrels, aspects!) : [];
  return Object.freeze({ ...settings, plan, slices: undefined, checks: CHECKS_OFF, withoutAspects, systemK: undefined, beyondSystemK: undefined });
}

/** `settings` under another tie rule or other checks (read as the options `ties` and `checks` are), the rest as resolved. */
export function adjusted(settings: RunSettings, change: { readonly ties?: Ties; readonly checks?: RunCheckMode | RunChecks }): RunSettings {
  const { fn, plan } = settings;
  const metric = change.ties === undefined ? settings.metric : { ...settings.metric, ties: change.ties };
  checkTieAverages(plan, metric, fn);
  const checks = change.checks === undefined ? settings.checks : readChecks(change.checks, fn);
  return Object.freeze({ ...settings, metric, checks });
}

/** `settings` for some of its judged queries only (`queryIds`, each judged): a part of a run, scored as a run of its own. */
export function forQueries(settings: RunSettings, queryIds: readonly string[]): RunSettings {
  const part = new Set(queryIds);
  const qrels = new Map(queryIds.map((qid) => [qid, settings.qrels.get(qid)]));
  return Object.freeze({ ...settings, qrels, withoutAspects: settings.withoutAspects.filter((qid) => part.has(qid)) });
}

/** Refuses `ties: 'average'` with a measure that has no tie-averaged form. */
function checkTieAverages(plan: MeasurePlan, metric: ResolvedOptions, fn: string): void {
  if (metric.ties !== 'average') return;
  const index = plan.measures.findIndex((measure) => !averagesTies(measure.definition, measure.params));
  if (index !== -1) fail('invalid_option', fn, { kind: 'option', option: 'ties' }, `'trec' or 'given' for ${plan.names[index]} (it has no tie-averaged form)`, metric.ties);
}

/** Judged queries the aspect measures can only score 0 (query-id order): said in a warning, as they lower every mean. */
function queriesWithoutAspects(qrels: ReadonlyMap<string, unknown>, aspects: ReadonlyMap<string, QueryAspects>): string[] {
  return [...qrels.keys()].filter((qid) => !aspects.has(qid)).sort(compareUtf8);
}

/**
 * Refuses a measure that reads an option not given (`lengths`, `aspects`); whether one such measure was
 * asked for.
 */
function requireOption(plan: MeasurePlan, reads: (measure: MeasurePlan['measures'][number]) => boolean, value: unknown, given: unknown, fn: string, what: string, key: string, shape: string): boolean {
  const index = plan.measures.findIndex(reads);
  if (index !== -1 && value === undefined) {
    throw new RankevalError({
      code: 'invalid_option',
      fn,
      subject: { kind: 'option', option: key },
      at: { measure: plan.names[index]! },
      problem: `${plan.names[index]} reads ${what}: give \`${key}\` (${shape})`,
      expected: shape,
      received: given,
    });
  }
  return index !== -1;
}

/** Document id → length in tokens, each from 0 to MAX_TOKENS (so that no sum of them overflows). */
function readLengths(value: unknown, fn: string): ReadonlyMap<string, number> {
  const lengths = readByQuery<unknown>(value, fn, option('lengths'), 'invalid_option', 'a Map or an object of document id → length in tokens');
  for (const [id, length] of lengths) {
    if (!isTokenLength(length)) fail('invalid_option', fn, `\`lengths[${JSON.stringify(id)}]\``, TOKEN_LENGTH, length, { subject: option('lengths'), facts: { key: id } });
  }
  return lengths as ReadonlyMap<string, number>;
}

/**
 * Reads query id → one label or several: the slices (a golden set's tags), each label once. `name` is the
 * option's key as the caller gave it, for the errors.
 */
export function readSlices(slices: unknown, fn: string, name = 'slices'): ReadonlyMap<string, readonly string[]> {
  const byQuery = new Map<string, readonly string[]>();
  for (const [qid, labels] of readByQuery<unknown>(slices, fn, option(name), 'invalid_option')) {
    const where = `${name}[${JSON.stringify(qid)}]`;
    const list = whileReading(fn, 'invalid_option', where, () => (typeof labels === 'string' ? [labels] : Array.isArray(labels) ? [...(labels as unknown[])] : undefined));
    if (list === undefined || !list.every((label) => typeof label === 'string')) fail('invalid_option', fn, where, 'a label or an array of labels', labels, { subject: option(name), at: { query: qid } });
    byQuery.set(qid, [...new Set(list as string[])]);
  }
  return byQuery;
}
