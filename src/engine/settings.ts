// evaluateRun's options and qrels, read and checked once into settings: what the scorer works from. The
// order of the checks is the order of the errors a caller sees, so it is kept as it is.
import { fail, RankevalError } from '../core/errors.js';
import { describeValue } from '../core/quoting.js';
import { ownOptions, whileReading } from '../core/boundary.js';
import { readByQuery, readQrels } from '../core/inputs.js';
import { METRIC_OPTION_KEYS, resolveOptions, type ResolvedOptions } from '../core/metric-options.js';
import { compareUtf8 } from '../core/ordering.js';
import { isTokenLength, TOKEN_LENGTH } from '../core/token-length.js';
import { averagesTies, readsLengths } from '../measures/catalogue.js';
import { readAspectsOption, type QueryAspects } from '../core/aspects.js';
import { planMeasures, type MeasurePlan } from './plan.js';
import { readChecks, type RunChecks } from './run-checks.js';
import { RUN_OPTION_KEYS, type EvaluateRunOptions } from './run-options.js';
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
}

/** Reads a run's qrels and options once, in the order their errors are reported. */
export function resolveRunSettings(qrels: unknown, given: EvaluateRunOptions, fn: string): RunSettings {
  // Read once, own keys only (ownOptions): every option below is read from this copy.
  const options = ownOptions(given, [...RUN_OPTION_KEYS, ...METRIC_OPTION_KEYS], fn, { expected: 'an object with `measures`' });
  const metric = resolveOptions(options, fn, RUN_OPTION_KEYS);
  const noRelevant = options.noRelevant ?? 'zero';
  if (!NO_RELEVANT_MODES.includes(noRelevant)) fail('invalid_option', fn, { kind: 'option', option: 'noRelevant' }, "'zero', 'skip' or 'error'", noRelevant);
  const plan = planMeasures(options.measures, fn);
  if (metric.ties === 'average') {
    const index = plan.measures.findIndex((measure) => !averagesTies(measure.definition, measure.params));
    if (index !== -1) fail('invalid_option', fn, { kind: 'option', option: 'ties' }, `'trec' or 'given' for ${plan.names[index]} (it has no tie-averaged form)`, metric.ties);
  }
  // Each query's judgments read once here (readQrels): the scorer reads them twice.
  const qrelsById = readQrels(qrels, fn);
  const slices = options.slices === undefined ? undefined : readSlices(options.slices, fn);
  const checks = readChecks(options.checks, fn);
  const lengths = options.lengths === undefined ? undefined : readLengths(options.lengths, fn);
  requireOption(plan, (measure) => readsLengths(measure.definition, measure.params), lengths, options.lengths, fn, 'document lengths', 'lengths', 'document id → length in tokens');
  const aspects = options.aspects === undefined ? undefined : readAspectsOption(options.aspects, fn);
  const readsAspects = requireOption(plan, (measure) => measure.definition.readsAspects === true, aspects, options.aspects, fn, 'aspects', 'aspects', 'query id → aspect → judgments');
  // Judged queries the aspect measures can only score 0: said in a warning, as they lower every mean.
  const withoutAspects = readsAspects ? [...qrelsById.keys()].filter((qid) => !aspects!.has(qid)).sort(compareUtf8) : [];
  const systemK = readSystemK(options.systemK, fn);
  const beyondSystemK = systemK === undefined ? undefined : beyondSystemKOf(plan, systemK, fn);
  return Object.freeze({ fn, metric, noRelevant, plan, qrels: qrelsById, slices, checks, lengths, aspects, withoutAspects, systemK, beyondSystemK });
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
  const lengths = readByQuery<unknown>(value, fn, '`lengths`', 'invalid_option', 'a Map or an object of document id → length in tokens');
  for (const [id, length] of lengths) {
    if (!isTokenLength(length)) fail('invalid_option', fn, `\`lengths[${JSON.stringify(id)}]\``, TOKEN_LENGTH, length);
  }
  return lengths as ReadonlyMap<string, number>;
}

/**
 * The qrels and evaluateRun options of a function that scores several runs on them (compare,
 * optimizeFusion) or one run twice (evaluateRunStream), with every iterable they hold read once
 * (readQrels, readAspectsOption): scored again, they are not read again. `options` is a copy of own keys.
 */
export function readScoringInputs(qrels: unknown, options: Record<string, unknown>, fn: string): { qrels: ReadonlyMap<string, unknown>; options: Record<string, unknown> } {
  const read = readQrels(qrels, fn);
  if (options['aspects'] === undefined) return { qrels: read, options };
  return { qrels: read, options: { ...options, aspects: readAspectsOption(options['aspects'], fn) } };
}

/**
 * Reads query id → one label or several: the slices (a golden set's tags), each label once. `name` is the
 * option's key as the caller gave it, for the errors.
 */
export function readSlices(slices: unknown, fn: string, name = 'slices'): ReadonlyMap<string, readonly string[]> {
  const byQuery = new Map<string, readonly string[]>();
  for (const [qid, labels] of readByQuery<unknown>(slices, fn, `\`${name}\``, 'invalid_option')) {
    const where = `${name}[${JSON.stringify(qid)}]`;
    const list = whileReading(fn, 'invalid_option', where, () => (typeof labels === 'string' ? [labels] : Array.isArray(labels) ? [...(labels as unknown[])] : undefined));
    if (list === undefined || !list.every((label) => typeof label === 'string')) fail('invalid_option', fn, where, 'a label or an array of labels', labels);
    byQuery.set(qid, [...new Set(list as string[])]);
  }
  return byQuery;
}
