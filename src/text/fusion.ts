// An optimised fusion as people read it (`rankeval fuse --optimize`): each run alone, each fold's choice
// with its training and held-out figures, the in-sample figure beside the cross-validated one, and the
// paired test of the fused run against the best run alone.
import type { Comparison } from '../analysis/compare.js';
import type { FusionSetting } from '../fusion/grid.js';
import type { FusionOptimization } from '../fusion/optimize.js';
import { higherIsBetter } from '../measures/reading.js';
import { renderComparison, signed } from './comparison.js';
import { escapeControls } from './escape.js';
import { type Cell, type Column, renderTable } from './table.js';

/**
 * A setting as it was used: `weights 0.3, 0.7` or `k 60`. Every digit of a weight is shown (a random
 * trial's weights are not round), so the setting printed is the setting that was fused.
 */
export function settingText(setting: FusionSetting): string {
  return 'weights' in setting ? `weights ${setting.weights.map(String).join(', ')}` : `k ${setting.k}`;
}

/** The bare value of a setting, for a column already named by what it holds. */
const settingValue = (setting: FusionSetting): string => ('weights' in setting ? setting.weights.map(String).join(', ') : String(setting.k));

export interface FusionReportContext {
  /** Where the run fused with the best setting went: a file name, or undefined for standard output. */
  readonly output: string | undefined;
  /** How the settings were drawn, e.g. `grid step 0.1`, `20 random trials (seed 42)`. */
  readonly search: string;
  readonly seed: number;
  /** Whether judged queries without a relevant document are left out (`--no-relevant skip`). */
  readonly skipping: boolean;
}

/** The report of `rankeval fuse --optimize` as text; it ends with a newline. */
export function renderFusionOptimization(result: FusionOptimization, comparison: Comparison, context: FusionReportContext): string {
  const norm = result.method === 'wsum' ? ` (norm ${result.norm})` : '';
  const lines = [headline(result, context, norm), '', singlesTable(result)];
  if (result.byFold.length > 0) lines.push(foldsTable(result));
  lines.push(fusedTable(result), fitting(result));
  const fused = comparison.runs[1]!;
  // The fused run is named `fused` in the comparison unless a run already is.
  const named = fused === 'fused' ? '' : ` (${fused})`;
  const which = result.crossValidated === null ? `the fused run${named}, in-sample,` : `the out-of-fold fused run${named}`;
  lines.push(escapeControls(`${which} against ${result.bestSingleRun}, the best run alone:`));
  lines.push(renderComparison(comparison, 'table'));
  lines.push(`${escapeControls(`run written${context.output === undefined ? ' to standard output' : ` to ${context.output}`}`)}: ${result.method}${norm} with ${settingText(result.best)}, over every query of the runs\n`);
  return lines.join('\n');
}

/** What was fused and how it was tuned: method, runs, measure, settings, queries and folds. */
function headline(result: FusionOptimization, context: FusionReportContext, norm: string): string {
  const folds = result.byFold.length;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const split = folds === 0 ? 'no cross-validation (--folds 1)' : `${folds} folds (seed ${context.seed})`;
  const queries = `${result.queries} ${context.skipping ? 'scored' : 'judged'} quer${result.queries === 1 ? 'y' : 'ies'}${context.skipping ? ' (judged ones without a relevant document skipped)' : ''}`;
  // Run and file names come from the command line: shown, not obeyed (renderTable escapes its cells).
  return escapeControls(`${result.method}${norm} of ${result.runNames.join(', ')}, tuned on ${result.measure}: ${plural(result.settings.length, 'setting')} (${context.search}), ${queries}, ${split}`);
}

/** Each run alone on the measure, the best marked. */
function singlesTable({ measure, runNames, singleRuns, bestSingleRun }: FusionOptimization): string {
  const columns: Column[] = [
    { name: 'run alone', kind: 'text' },
    { name: measure, kind: 'score' },
    { name: '', kind: 'text' },
  ];
  return renderTable(columns, runNames.map((name): Cell[] => [name, singleRuns[name]!, name === bestSingleRun ? 'best alone' : null]), 'table');
}

/** Each fold's choice with its training and held-out figures. */
function foldsTable(result: FusionOptimization): string {
  const chosen = result.method === 'wsum' ? `weights (${result.runNames.join(', ')})` : 'k';
  const columns: Column[] = [
    { name: 'fold', kind: 'count' },
    { name: 'queries', kind: 'count' },
    { name: `chosen ${chosen}`, kind: 'text' },
    { name: 'training', kind: 'score' },
    { name: 'held-out', kind: 'score' },
  ];
  return renderTable(columns, result.byFold.map((fold, i): Cell[] => [i + 1, fold.queries.length, settingValue(fold.chosen), fold.training, fold.heldOut]), 'table');
}

/** The fused run in-sample and cross-validated, each against the best run alone. */
function fusedTable(result: FusionOptimization): string {
  const { measure, bestSingleRun } = result;
  const best = result.singleRuns[bestSingleRun]!;
  const rows: Cell[][] = [['in-sample', result.inSample, signed(result.inSample - best, 4), `${settingText(result.best)}: best on all ${result.queries} queries, the run written`]];
  if (result.crossValidated !== null) {
    rows.push(['cross-validated', result.crossValidated, signed(result.crossValidated - best, 4), "each query under its fold's choice, made without it"]);
  }
  const columns: Column[] = [
    { name: 'fused', kind: 'text' },
    { name: measure, kind: 'score' },
    { name: `Δ vs ${bestSingleRun}`, kind: 'count' },
    { name: 'setting', kind: 'text' },
  ];
  return renderTable(columns, rows, 'table');
}

/** How much of the in-sample figure the choice itself made; or, without folds, that it flatters. */
function fitting({ measure, inSample, crossValidated }: FusionOptimization): string {
  if (crossValidated === null) return '--folds 1: the setting is chosen and scored on the same queries (ranx’s optimize_fusion), which flatters it\n';
  const made = 'the part of the in-sample figure that the choice itself made';
  const difference = higherIsBetter(measure)
    ? `in-sample − cross-validated = ${signed(inSample - crossValidated, 4)} (${made})`
    : `cross-validated − in-sample = ${signed(crossValidated - inSample, 4)} (lower is better for ${measure}: ${made})`;
  return `fitting: ${difference}\n`;
}
