// The report's chart sections but the per-query differences (differences.ts): the means with their
// intervals, the recall and precision curves, and the means per slice.
import * as Plot from '@observablehq/plot';
import { valueRangeOfScore } from '../measures/reading.js';
import type { MeanBar, ReportData } from './types.js';
import { escapeHtml, levelText } from './markup.js';
import { CHART_WIDTH, CHARACTER_WIDTH, type ChartKit, cutoffTicks, MARGIN_LEFT, MARGIN_RIGHT, meanScale, shorten } from './plot.js';
import { firstDocumentTable, sliceTable } from './tables.js';

/** A run's mean with its interval as drawn: cut to the measure's range, and which of its ends were cut. */
interface DrawnBar extends MeanBar {
  readonly drawnLow: number;
  readonly drawnHigh: number;
  readonly lowCut: boolean;
  readonly highCut: boolean;
}

/** The bar with its interval cut to `range` (a t interval of scores near 1 runs past 1, as a mean cannot). */
function cutToRange(bar: MeanBar, { min, max }: ReturnType<typeof valueRangeOfScore>): DrawnBar {
  return { ...bar, drawnLow: Math.max(bar.low, min), drawnHigh: Math.min(bar.high, max), lowCut: bar.low < min, highCut: bar.high > max };
}

/**
 * The whiskers of the bars: a rule from end to end with a cap at each, drawn in white, then in black 2 px
 * narrower on top (the white edge keeps it visible on a bar of any colour, black included). An end cut to
 * the measure's range has an arrowhead pointing past it in place of its cap.
 */
function whiskerMarks(bars: readonly DrawnBar[], capInset: number): Plot.Markish[] {
  const whisker = (stroke: string, strokeWidth: number) => [
    Plot.ruleX(bars, { x: 'run', y1: 'drawnLow', y2: 'drawnHigh', stroke, strokeWidth }),
    Plot.tickY(bars.filter((bar) => !bar.lowCut), { x: 'run', y: 'drawnLow', stroke, strokeWidth, inset: capInset }),
    Plot.tickY(bars.filter((bar) => !bar.highCut), { x: 'run', y: 'drawnHigh', stroke, strokeWidth, inset: capInset }),
  ];
  // Its tip at the end (a triangle of r 5 reaches 7.8 px from its centre towards its tip).
  const arrowhead = { x: 'run', symbol: 'triangle', r: 5, fill: 'currentColor', stroke: 'white', strokeWidth: 1.5 } as const;
  return [
    ...whisker('white', 4),
    ...whisker('currentColor', 2),
    Plot.dot(bars.filter((bar) => bar.highCut), { ...arrowhead, y: 'drawnHigh', dy: 7.5 }),
    Plot.dot(bars.filter((bar) => bar.lowCut), { ...arrowhead, y: 'drawnLow', rotate: 180, dy: -7.5 }),
  ];
}

/** The caption's sentence on the intervals cut to the measure's range, if any is. */
function cutSentence(measure: string, bars: readonly DrawnBar[], { min, max }: ReturnType<typeof valueRangeOfScore>): string {
  const ends = [
    ...(bars.some((bar) => bar.highCut) ? [`▲ marks an interval that runs past ${max}, the highest value ${escapeHtml(measure)} takes, cut there`] : []),
    ...(bars.some((bar) => bar.lowCut) ? [`▼ marks an interval that runs below ${min}, the lowest value ${escapeHtml(measure)} takes, cut there`] : []),
  ];
  return ends.length === 0 ? '' : ` In place of a cap, ${ends.join('; ')} (the t interval takes no account of the bounds).`;
}

/** A bar chart per measure of each run's mean, with whiskers at its confidence interval cut to the measure's range. */
export function meansSection(data: ReportData, { svg, figure, colour }: ChartKit): string {
  const level = levelText(data);
  const intervalName = data.intervalMethod === 'bootstrap' ? 'bootstrap percentile' : 't';
  // Whisker caps a third as wide as a bar (a band is 90 % bar, Plot's default padding).
  const step = (CHART_WIDTH - MARGIN_LEFT - MARGIN_RIGHT) / data.runs.length;
  const capInset = Math.max(1, (step * 0.9) / 3);
  // A run's name is cut to its band's width (the y tick labels may take some of it, hence the 10 px), whole
  // in the tooltip, the legend and the tables.
  const tickCharacters = Math.max(2, Math.floor((step - 10) / CHARACTER_WIDTH));
  const title = (bar: DrawnBar) =>
    `${bar.run}: ${bar.mean.toFixed(4)} (${level} interval ${bar.low.toFixed(4)} to ${bar.high.toFixed(4)}${bar.lowCut || bar.highCut ? `, drawn${bar.lowCut ? ` from ${bar.drawnLow}` : ''}${bar.highCut ? ` to ${bar.drawnHigh}` : ''}` : ''})`;
  const charts = data.measures.map((measure) => {
    const range = valueRangeOfScore(measure);
    const bars = data.bars.filter((bar) => bar.measure === measure).map((bar) => cutToRange(bar, range));
    const chart = svg({
      height: 280,
      x: { domain: data.runs },
      y: meanScale(measure, bars.flatMap((bar) => [bar.drawnLow, bar.drawnHigh])),
      color: colour,
      marks: [
        Plot.barY(bars, { x: 'run', y: 'mean', fill: 'run', title }),
        ...whiskerMarks(bars, capInset),
        Plot.ruleY([0]),
        Plot.axisX({ label: 'run', tickFormat: (run: string) => shorten(run, tickCharacters), title: (run: string) => run }),
      ],
    });
    return figure(
      `means ${measure}`,
      chart,
      `Mean ${escapeHtml(measure)} of each run over ${data.queries} judged queries. The whiskers are the ${level} ${intervalName} interval of the mean: where they overlap a lot, the runs are hard to tell apart on these queries.${cutSentence(measure, bars, range)}`,
    );
  });
  return `<section><h2>Means with ${level} confidence intervals</h2><div class="grid">${charts.join('')}</div></section>`;
}

/** Mean recall@k or precision@k against k on a log axis, a line per run. */
function curve(data: ReportData, { svg, figure, colour }: ChartKit, metric: 'recall' | 'precision'): string {
  const points = data.curves.filter((point) => point.metric === metric);
  const ticks = cutoffTicks(data.depth);
  const chart = svg({
    height: 320,
    x: {
      type: 'log',
      label: 'cutoff k (documents retrieved, log scale)',
      domain: [1, data.depth],
      ticks: ticks.all,
      tickFormat: (k: number) => (ticks.labelled.has(k) ? String(k) : ''),
    },
    y: { label: `mean ${metric}@k (0–1)`, domain: [0, 1], grid: true },
    color: colour,
    marks: [Plot.lineY(points, { x: 'k', y: 'value', z: 'run', stroke: 'run', strokeWidth: 2 }), Plot.dot(points, { x: 'k', y: 'value', fill: 'run', r: 2.5 })],
  });
  const reading =
    metric === 'recall'
      ? 'the share of the relevant documents found in the top k; a curve above another finds more of them at that depth'
      : 'the share of the top k that is relevant (divided by k even when fewer came back); it usually falls as k grows';
  return figure(`${metric} curve`, chart, `Mean ${metric}@k for k = 1 to ${data.depth}, one line per run: ${reading}. Where the lines part shows the depth at which a run helps.`);
}

/** The recall and precision curves, or a table of their one cutoff when no ranking goes deeper. */
export function curvesSection(data: ReportData, kit: ChartKit): string {
  const body = data.depth > 1 ? `<div class="grid">${curve(data, kit, 'recall')}${curve(data, kit, 'precision')}</div>` : firstDocumentTable(data);
  return `<section><h2>Recall and precision by cutoff</h2>${body}</section>`;
}

/**
 * A chart per measure of each run's mean per slice, then the table of those means. The page calls a slice
 * a tag, as the golden set and `rankeval eval --by-tag` do.
 */
export function slicesSection(data: ReportData, { svg, figure, colour }: ChartKit): string {
  const charts = data.measures.map((measure) => {
    const rows = data.slices.filter((slice) => slice.measure === measure);
    const labels = [...new Set(rows.map((row) => row.tag))];
    const tickLines = (label: string): [string, string] => [label, `(${rows.find((row) => row.tag === label)!.queries})`];
    // Each label is centred under its bars: neighbouring facets are as far apart as half of both names and a gap.
    const nameWidths = labels.map((label) => CHARACTER_WIDTH * Math.max(...tickLines(label).map((line) => line.length)));
    const facetWidth = Math.max(0, ...nameWidths.slice(1).map((width, i) => (width + nameWidths[i]!) / 2 + 10));
    const chart = svg({
      width: Math.max(CHART_WIDTH, MARGIN_LEFT + MARGIN_RIGHT + facetWidth * labels.length),
      height: 320,
      // Two lines of tick labels, then the axis label.
      marginBottom: 52,
      fx: { label: 'tag (queries)', domain: labels, tickFormat: (label: string) => tickLines(label).join('\n') },
      x: { axis: null, domain: data.runs },
      y: meanScale(measure, rows.map((row) => row.mean)),
      color: colour,
      marks: [Plot.barY(rows, { fx: 'tag', x: 'run', y: 'mean', fill: 'run' }), Plot.ruleY([0])],
    });
    return figure(`tags ${measure}`, chart, `Mean ${escapeHtml(measure)} per tag of the golden set, one bar per run (a query with several tags counts in each). A change can help one kind of question and hurt another.`);
  });
  return `<section><h2>By tag</h2><div class="grid">${charts.join('')}</div>${sliceTable(data)}</section>`;
}
