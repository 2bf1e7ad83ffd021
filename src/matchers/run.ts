// Matchers of a run: its means at their gates, no significant regression from a baseline, and any
// measure of the catalogue within bounds (on a run or on one ranking).
import { compareEvaluations, resolveCompareOptions } from '../analysis/compare.js';
import { higherIsBetter, towardsBetter } from '../measures/reading.js';
import { METRIC_OPTION_KEYS } from '../core/metric-options.js';
import { argument, fail, option } from '../core/errors.js';
import { ownOptions } from '../core/boundary.js';
import { readOnce, readQrels } from '../core/inputs.js';
import { isRegression, queriesLostMost, readMargin, withRegressionDefaults } from '../analysis/regression.js';
import { formatP, signed } from '../text/comparison.js';
import { checkGates, gateText } from '../text/gates.js';
import { lossText, pLabel, regressionRuleText } from '../text/regression.js';
import type { ByQuery, Qrels, Ranking } from '../core/types.js';
import { evaluateRun, scoreRunOn } from '../engine/evaluate-run.js';
import { SCORING_OPTION_KEYS, type EvaluateRunOptions } from '../engine/run-options.js';
import type { RunEvaluation } from '../engine/run-result.js';
import { resolveRunSettings } from '../engine/settings.js';
import type { Matcher, MatcherArgs } from './types.js';
import { measureView, worstQueries } from './views.js';
import { readMatcherOptions, readMinimum, readMeasure, named, withoutQueryId } from './reading.js';

export const toMeetGates: Matcher<MatcherArgs<'toMeetGates'>> = function (received, qrels, gates, options) {
  if (typeof gates !== 'object' || gates === null || Object.keys(gates).length === 0) {
    fail('invalid_option', 'toMeetGates', 'the gates', "an object of measure → minimum mean, such as { 'recall@5': 0.9 }", gates, argument('gates'));
  }
  const own = readMatcherOptions(options, [...METRIC_OPTION_KEYS, 'noRelevant', 'systemK', 'lengths', 'aspects'], 'toMeetGates');
  // Each gate guards its measure's better side: a minimum, or a maximum where lower is better (miss@k, tokens@k).
  const list = Object.entries(gates).map(([name, threshold]) => {
    const measure = readMeasure(name, 'toMeetGates');
    return { measure, threshold: readMinimum(threshold, 'toMeetGates'), bound: higherIsBetter(measure) ? ('min' as const) : ('max' as const) };
  });
  const result = evaluateRun(received as ByQuery<Ranking>, qrels, { ...own, measures: list.map((gate) => gate.measure) });
  const checked = checkGates(result.mean, list);
  const failed = checked.filter((gate) => !gate.passed);
  return {
    pass: failed.length === 0,
    message: () => {
      const lines = [
        this.isNot
          ? `expected the run to fail a gate, but it meets all ${checked.length} over ${result.queries} queries:`
          : `expected the run to meet ${checked.length} gate${checked.length === 1 ? '' : 's'} over ${result.queries} queries; ${failed.length} failed:`,
        ...checked.map((gate) => `  ${gate.passed ? 'passed' : 'FAILED'}  ${gateText(gate)}`),
      ];
      // The worst queries are the highest where lower is better (a maximum gate).
      for (const gate of failed) lines.push('', `worst queries on ${gate.measure}:`, ...worstQueries(received as ByQuery<Ranking>, qrels, result.perQuery, gate.measure, own, gate.bound === 'max'));
      return lines.join('\n');
    },
  };
};

/** The options `toNotRegressFrom` takes: compare()'s less `baseline` and `interval`, and `margin`. */
const REGRESSION_OPTION_KEYS = ['measures', ...SCORING_OPTION_KEYS, 'test', 'alpha', 'correction', 'permutations', 'seed', 'margin'];
/** How many of the queries lost most a failure lists per regressed measure. */
const LOSSES_SHOWN = 3;

export const toNotRegressFrom: Matcher<MatcherArgs<'toNotRegressFrom'>> = function (received, baseline, givenQrels, given) {
  const matcher = 'toNotRegressFrom';
  // Own keys, read once (ownOptions); both runs are scored on the same settings, resolved once.
  const options = ownOptions(given, REGRESSION_OPTION_KEYS, matcher, { name: 'the options', expected: 'an object with `measures`, such as { measures: [\'ndcg@10\'] }' });
  const { margin: givenMargin, ...rest } = options;
  const margin = readMargin(givenMargin, matcher);
  const plan = resolveCompareOptions(withRegressionDefaults(rest), matcher); // bad test options fail before any run is scored
  if (!Array.isArray(options.measures) || options.measures.length === 0) fail('invalid_option', matcher, { kind: 'option', option: 'measures' }, "a list of at least one measure name, such as ['ndcg@10']", options.measures);
  for (const measure of options.measures) readMeasure(measure, matcher);
  // Resolved for evaluateRun, which the matcher speaks for (named), as for the runs' scoring.
  const settings = named(matcher, undefined, () => resolveRunSettings(givenQrels, rest as EvaluateRunOptions, 'evaluateRun'));
  // The runs are scored here, not inside compare(), so that a failure can show the queries each lost on.
  const baseScores = named(matcher, { subject: { kind: 'run', run: 'baseline' }, words: 'the baseline' }, () => scoreRunOn(baseline, settings));
  const runScores = named(matcher, { subject: { kind: 'run', run: 'received' }, words: 'the run' }, () => scoreRunOn(received, settings));
  const scored = new Map<string, RunEvaluation>([
    ['baseline', baseScores],
    ['received', runScores],
  ]);
  const comparison = compareEvaluations(scored, { ...plan, baseline: 'baseline' }, matcher);
  const rows = comparison.rows.filter((row) => row.delta !== null);
  const regressed = rows.filter((row) => isRegression(row, margin));
  const status = (row: (typeof rows)[number]): string =>
    isRegression(row, margin) ? 'REGRESSED' : !row.significant ? 'held' : towardsBetter(row.measure, row.delta!) > 0 ? 'better' : towardsBetter(row.measure, row.delta!) < 0 ? 'within margin' : 'held';
  const width = Math.max(...rows.map((row) => row.measure.length));
  const statusWidth = Math.max(...rows.map((row) => status(row).length));
  const rowLine = (row: (typeof rows)[number]): string =>
    `  ${status(row).padEnd(statusWidth)}  ${row.measure.padEnd(width)}  ${baseScores.mean[row.measure]!.toFixed(4)} → ${row.mean.toFixed(4)}  Δ ${signed(row.delta!, 4)}  ${pLabel(comparison)} ${formatP(row.pValueCorrected!)}`;
  return {
    pass: regressed.length === 0,
    message: () => {
      const over = `${rows.length} measure${rows.length === 1 ? '' : 's'} over ${comparison.queries} queries`;
      const lines = [
        this.isNot
          ? `expected the run to regress from the baseline on one of ${over}, but none did:`
          : `expected the run not to regress from the baseline on ${over}; ${regressed.length} regressed:`,
        ...rows.map(rowLine),
        regressionRuleText(comparison, margin),
      ];
      if (!this.isNot) {
        for (const row of regressed) {
          lines.push('', `queries lost most on ${row.measure} (baseline → run):`);
          for (const loss of queriesLostMost(baseScores, runScores, row.measure, LOSSES_SHOWN)) lines.push(`  ${lossText(loss)}`);
        }
      }
      if (comparison.warnings.length > 0) lines.push('', 'warnings:', ...comparison.warnings.map((warning) => `  ${warning}`));
      return lines.join('\n');
    },
  };
};

function readBound(bound: unknown, name: string): number | undefined {
  if (bound === undefined) return undefined;
  if (typeof bound !== 'number' || Number.isNaN(bound)) fail('invalid_option', 'toHaveMeasure', option(name), 'a number', bound);
  return bound as number;
}

export const toHaveMeasure: Matcher<MatcherArgs<'toHaveMeasure'>> = function (received, givenQrels, measure, givenBounds) {
  const matcher = 'toHaveMeasure';
  const name = readMeasure(measure, matcher);
  const example = "an object with `atLeast` and/or `atMost`, such as { atLeast: 0.6 }";
  // evaluateRun's scoring options beside the bounds (`measures` is its argument; `slices` shows nowhere).
  const bounds = ownOptions(givenBounds, [...SCORING_OPTION_KEYS, 'atLeast', 'atMost'], matcher, { name: 'the bounds', subject: argument('bounds'), expected: example });
  const atLeast = readBound(bounds.atLeast, 'atLeast');
  const atMost = readBound(bounds.atMost, 'atMost');
  if (atLeast === undefined && atMost === undefined) fail('invalid_option', matcher, 'the bounds', example, bounds, argument('bounds'));
  if (atLeast !== undefined && atMost !== undefined && atLeast > atMost) fail('invalid_option', matcher, { kind: 'option', option: 'atLeast' }, `at most \`atMost\` (${atMost})`, atLeast, { facts: { limit: atMost, with: option('atMost') } });
  const { atLeast: _atLeast, atMost: _atMost, ...options } = bounds;
  // One ranking (an array) is scored as a run of one query with its judgments.
  const single = Array.isArray(received);
  // Scored, then shown on failure: judgments read once (readOnce, readQrels).
  const qrels = single ? readOnce(givenQrels, matcher, 'invalid_qrels', 'the judgments') : readQrels(givenQrels, matcher);
  const run = (single ? { query: received } : received) as ByQuery<Ranking>;
  const golden = (single ? { query: qrels } : qrels) as ByQuery<Qrels>;
  // Its aspects too are its query's: keyed by the golden set's query ids, they would find no query here and
  // score 0 without a word.
  const aspects = single && bounds.aspects !== undefined ? { aspects: { query: bounds.aspects } } : {};
  const result = named(matcher, undefined, () => evaluateRun(run, golden, { ...options, ...aspects, measures: [name] } as EvaluateRunOptions), single ? withoutQueryId : undefined);
  const value = result.mean[name]!;
  const within = (x: number): boolean => (atLeast === undefined || x >= atLeast) && (atMost === undefined || x <= atMost);
  const pass = within(value);
  // Four decimals, or every digit when four would make a failing value look within the bounds (or the reverse).
  const shown = within(Number(value.toFixed(4))) === pass ? value.toFixed(4) : String(value);
  const range = atMost === undefined ? `≥ ${atLeast}` : atLeast === undefined ? `≤ ${atMost}` : `between ${atLeast} and ${atMost}`;
  const aggregate = result.conventions.aggregation[name];
  const over = single ? '' : ` (${aggregate === 'mean' ? 'mean' : aggregate === 'sum' ? 'sum' : 'geometric mean'} over ${result.queries} queries)`;
  return {
    pass,
    message: () => {
      const head = `expected ${name}${over} ${this.isNot ? 'not ' : ''}${range}, got ${shown}`;
      if (single) {
        const view = measureView(received as Ranking, qrels as Qrels, name, options);
        return `${head}\n\n${view.title}\n${view.text}`;
      }
      if (this.isNot) return head;
      // Below the lower bound, the lowest queries pulled the value down; above the upper, the highest up.
      const highest = atLeast === undefined || value >= atLeast;
      return [head, '', `${highest ? 'highest' : 'lowest'} queries on ${name}:`, ...worstQueries(run, golden, result.perQuery, name, options, highest)].join('\n');
    },
  };
};
