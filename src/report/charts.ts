// The report's chart sections but the per-query differences (differences.ts): the means with their
// intervals, the recall and precision curves, and the means per slice.
import * as Plot from '@observablehq/plot';
import type { ReportData } from './types.js';
import { escapeHtml, levelText } from './markup.js';
import { CHART_WIDTH, CHARACTER_WIDTH, type ChartKit, cutoffTicks, MARGIN_LEFT, MARGIN_RIGHT, meanScale, shorten } from './plot.js';
import { firstDocumentTable, sliceTable } from './tables.js';

/** A bar chart per measure of each run's mean, with whiskers at its confidence interval. */
export function meansSection(data: ReportData, { svg, figure, colour }: ChartKit): string {
  const level = levelText(data);
  const intervalName = data.intervalMethod === 'bootstrap' ? 'bootstrap percentile' : 't';
  // Whisker caps a third as wide as a bar (a band is 90 % bar, Plot's default padding).
  const step = (CHART_WIDTH - MARGIN_LEFT - MARGIN_RIGHT) / data.runs.length;
  const whiskerInset = Math.max(1, (step * 0.9) / 3);
  // A run's name is cut to its band's width (the y tick labels may take some of it, hence the 10 px), whole
  // in the tooltip, the legend and the tables.
  const tickCharacters = Math.max(2, Math.floor((step - 10) / CHARACTER_WIDTH));
  // A whisker drawn in white, then in black 2 px narrower on top: the white edge keeps it visible on a bar of
  // any colour, black included.
  const whisker = <T extends object>(bars: T[], stroke: string, strokeWidth: number) => [
    Plot.ruleX(bars, { x: 'run', y1: 'low', y2: 'high', stroke, strokeWidth }),
    Plot.tickY(bars, { x: 'run', y: 'low', stroke, strokeWidth, inset: whiskerInset }),
    Plot.tickY(bars, { x: 'run', y: 'high', stroke, strokeWidth, inset: whiskerInset }),
  ];
  const charts = data.measures.map((measure) => {
    const bars = data.bars.filter((bar) => bar.measure === measure);
    const chart = svg({
      height: 280,
      x: { domain: data.runs },
      y: meanScale(measure, bars.flatMap((bar) => [bar.low, bar.high])),
      color: colour,
      marks: [
        Plot.barY(bars, { x: 'run', y: 'mean', fill: 'run', title: (bar: (typeof bars)[number]) => `${bar.run}: ${bar.mean.toFixed(4)} (${level} interval ${bar.low.toFixed(4)} to ${bar.high.toFixed(4)})` }),
        ...whisker(bars, 'white', 4),
        ...whisker(bars, 'currentColor', 2),
        Plot.ruleY([0]),
        Plot.axisX({ label: 'run', tickFormat: (run: string) => shorten(run, tickCharacters), title: (run: string) => run }),
      ],
    });
    return figure(
      `means ${measure}`,
      chart,
      `Mean ${escapeHtml(measure)} of each run over ${data.queries} judged queries. The whiskers are the ${level} ${intervalName} interval of the mean: where they overlap a lot, the runs are hard to tell apart on these queries.`,
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
