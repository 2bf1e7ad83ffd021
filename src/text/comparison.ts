// A comparison as people read it: the terminal table, Markdown and CSV of `rankeval compare` (and the
// report's table) come from here, so every form shows the same numbers.
import type { Comparison, ComparisonRow } from '../analysis/compare.js';
import { higherIsBetterScore, towardsBetter } from '../measures/reading.js';
import { escapeControls, escapeMarkdown } from './escape.js';
import { type Cell, type Column, renderTable, type TableFormat } from './table.js';

export const TEST_NAMES: Record<Comparison['test'], string> = {
  t: 'paired t-test',
  randomization: 'paired randomization test',
  bootstrap: 'paired bootstrap test',
  wilcoxon: 'Wilcoxon signed-rank test',
  sign: 'sign test',
};

/** A signed number with a true minus sign: `+0.0500`, `−0.1200`, `0.0000`. */
export const signed = (value: number, decimals: number): string => `${value > 0 ? '+' : value < 0 ? '−' : ''}${Math.abs(value).toFixed(decimals)}`;

/** A p-value to 4 decimals, `<0.0001` below that. */
export const formatP = (p: number): string => (p < 0.0001 ? '<0.0001' : p.toFixed(4));

/** The cells of one row, formatted; null for the baseline's comparison cells. */
export function comparisonCells(row: ComparisonRow): {
  mean: string;
  delta: string | null;
  relative: string | null;
  p: string | null;
  interval: string | null;
  record: string | null;
  effect: string | null;
} {
  if (row.delta === null) return { mean: row.mean.toFixed(4), delta: null, relative: null, p: null, interval: null, record: null, effect: null };
  return {
    mean: row.mean.toFixed(4),
    delta: signed(row.delta, 4),
    relative: row.relativeDelta === null ? '—' : `${signed(row.relativeDelta * 100, 1)}%`,
    p: `${formatP(row.pValueCorrected!)}${row.significant ? ' *' : ''}`,
    interval: `[${signed(row.ciLow!, 4)}, ${signed(row.ciHigh!, 4)}]`,
    record: `${row.wins}/${row.ties}/${row.losses}`,
    effect: row.effectSize === null ? '—' : signed(row.effectSize, 2),
  };
}

/** One sentence on how to read the table: test, correction, level, marker. */
export function comparisonLegend(comparison: Comparison): string {
  const comparisons = comparison.rows.filter((row) => row.pValue !== null).length;
  const correction =
    comparison.correction === 'none' ? 'no correction' : `${comparison.correction === 'holm' ? 'Holm–Bonferroni' : 'Bonferroni'} correction over ${comparisons} comparison${comparisons === 1 ? '' : 's'}`;
  const level = `${+((1 - comparison.alpha) * 100).toFixed(2)}%`;
  const resampled = comparison.test === 'randomization' || comparison.test === 'bootstrap' || comparison.interval === 'bootstrap' ? `, ${comparison.permutations} ${comparison.test === 'randomization' ? 'permutations' : 'resamples'}, seed ${comparison.seed}` : '';
  return (
    `${comparison.queries} queries, baseline ${comparison.baseline}; ${TEST_NAMES[comparison.test]} (two-sided) with ${correction}${resampled}; ` +
    `${level} ${comparison.interval === 'bootstrap' ? 'bootstrap percentile' : 't'} interval of Δ; W/T/L = queries won/tied/lost against the baseline${lowerIsBetterNote(comparison)}; ` +
    `d = Cohen's d of the per-query differences; * = corrected p < ${comparison.alpha}`
  );
}

/**
 * ` (lower is better for miss@5 and tokens@5: a win is a lower value)` when some measures compared are
 * lower-is-better, else nothing (higher is better is what the legend assumes).
 */
export function lowerIsBetterNote(comparison: Pick<Comparison, 'measures'>): string {
  const lower = comparison.measures.filter((measure) => !higherIsBetterScore(measure));
  if (lower.length === 0) return '';
  const names = lower.length === 1 ? lower[0]! : `${lower.slice(0, -1).join(', ')} and ${lower.at(-1)}`;
  return ` (lower is better for ${names}: a win is a lower value)`;
}

const ANSI = { green: '\x1b[32m', red: '\x1b[31m', reset: '\x1b[0m' };

/**
 * The comparison as a table. `colour` (terminal only) greens rows significantly better than the
 * baseline and reds rows significantly worse.
 */
export function renderComparison(comparison: Comparison, format: TableFormat, colour = false): string {
  if (format === 'csv') {
    const keys = ['measure', 'run', 'mean', 'delta', 'relativeDelta', 'pValue', 'pValueCorrected', 'ciLow', 'ciHigh', 'wins', 'ties', 'losses', 'effectSize', 'significant'] as const;
    const columns: Column[] = keys.map((name) => ({ name, kind: name === 'measure' || name === 'run' ? 'text' : 'count' }));
    const rows = comparison.rows.map((row) => keys.map((key): Cell => (typeof row[key] === 'boolean' ? String(row[key]) : (row[key] as Cell))));
    return renderTable(columns, rows, 'csv');
  }
  const level = `${+((1 - comparison.alpha) * 100).toFixed(2)}% CI`;
  const pName = comparison.correction === 'none' ? 'p' : `p (${comparison.correction})`;
  const columns: Column[] = [
    { name: 'measure', kind: 'text' },
    { name: 'run', kind: 'text' },
    { name: 'mean', kind: 'count' },
    { name: 'Δ', kind: 'count' },
    { name: 'Δ%', kind: 'count' },
    { name: pName, kind: 'text' },
    { name: level, kind: 'text' },
    { name: 'W/T/L', kind: 'count' },
    { name: 'd', kind: 'count' },
  ];
  const rows = comparison.rows.map((row): Cell[] => {
    const cells = comparisonCells(row);
    return [row.measure, row.run, cells.mean, cells.delta, cells.relative, cells.p, cells.interval, cells.record, cells.effect];
  });
  const table = renderTable(columns, rows, format);
  if (format === 'markdown') return `${table}\n${escapeMarkdown(comparisonLegend(comparison))}\n`;
  const lines = table.trimEnd().split('\n');
  const coloured = colour
    ? lines.map((line, i) => {
        const row = comparison.rows[i - 1];
        if (row === undefined || !row.significant) return line;
        return `${towardsBetter(row.measure, row.delta!) > 0 ? ANSI.green : ANSI.red}${line}${ANSI.reset}`;
      })
    : lines;
  return `${coloured.join('\n')}\n\n${escapeControls(comparisonLegend(comparison))}\n`;
}
