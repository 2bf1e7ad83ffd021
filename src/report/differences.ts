// The per-query difference charts: each candidate's score minus the baseline's on each query, sorted, as a
// bar per query or, past MAX_DIFFERENCE_COLUMNS queries, as steps of neighbouring queries (columns.ts); each
// bar named by its query id under the axis, or past MAX_LABELLED_QUERIES the largest wins and losses listed
// under the chart, so that a screenshot or a print names them too.
import * as Plot from '@observablehq/plot';
import { compareUtf8 } from '../core/ordering.js';
import { higherIsBetterScore, towardsBetter } from '../measures/reading.js';
import { deltaColumns, type DeltaColumn } from './columns.js';
import type { DeltaSeries, QueryDelta, ReportData } from './types.js';
import { escapeHtml, listed, signed } from './markup.js';
import { LOSS, WIN } from './palette.js';
import { labelledAxis, MARGIN_BOTTOM, type ChartKit } from './plot.js';

// A per-query difference chart draws at most this many columns: a bar per query up to this many queries,
// steps of neighbouring queries beyond, so that its size does not grow with the queries.
const MAX_DIFFERENCE_COLUMNS = 200;
// Its height, but for the room its query ids take below.
const HEIGHT = 280;
// Up to this many queries each bar is named by its query id under the axis; beyond, the LISTED_QUERIES
// largest wins and losses are named in a list under the chart.
const MAX_LABELLED_QUERIES = 40;
const LISTED_QUERIES = 5;

/** One corner of the area of a run of wins or losses: where a column starts, and where the run's last ends. */
interface DifferenceStep {
  readonly x: number;
  readonly delta: number;
  readonly outcome: DeltaColumn['outcome'];
  readonly series: number;
}

/**
 * The columns as corners of step areas: a series per run of neighbouring columns of one outcome (one of wins,
 * one of losses, when the differences are sorted), each column from half a query before its first to half a
 * query after its last, as a bar would be.
 */
function differenceSteps(columns: readonly DeltaColumn[]): DifferenceStep[] {
  const adjoin = (column: DeltaColumn | undefined, next: DeltaColumn | undefined): boolean =>
    column !== undefined && next !== undefined && column.outcome === next.outcome && column.last + 1 === next.first;
  const steps: DifferenceStep[] = [];
  let series = 0;
  columns.forEach((column, i) => {
    const previous = columns[i - 1];
    if (i > 0 && !adjoin(previous, column)) series++;
    // A column as high as the one before it continues that one's step: no corner to draw.
    if (!adjoin(previous, column) || previous!.delta !== column.delta) steps.push({ x: column.first - 0.5, delta: column.delta, outcome: column.outcome, series });
    if (!adjoin(column, columns[i + 1])) steps.push({ x: column.last + 0.5, delta: column.delta, outcome: column.outcome, series });
  });
  return steps;
}

/** A series' wins, ties and losses, counted, with the largest win and loss: `3 wins (largest +0.2500), 1 loss (largest −0.1250)`. */
function record(deltas: DeltaSeries['deltas']) {
  const count = (outcome: string) => deltas.filter((entry) => entry.outcome === outcome).length;
  const [wins, ties, losses] = [count('win'), count('tie'), count('loss')];
  const farthest = (outcome: string) => signed(deltas.filter((entry) => entry.outcome === outcome).reduce((extreme, entry) => (Math.abs(entry.delta) > Math.abs(extreme) ? entry.delta : extreme), 0));
  const [largestWin, largestLoss] = [farthest('win'), farthest('loss')];
  const [winCount, lossCount] = [`${wins} ${wins === 1 ? 'win' : 'wins'}`, `${losses} ${losses === 1 ? 'loss' : 'losses'}`];
  const text = `${winCount}${wins > 0 ? ` (largest ${largestWin})` : ''}, ${lossCount}${losses > 0 ? ` (largest ${largestLoss})` : ''}`;
  return { ties, text, winTitle: `${winCount}, largest ${largestWin}`, lossTitle: `${lossCount}, largest ${largestLoss}` };
}

/** The marks of a series: a bar per query, or one step area per run of wins or losses. */
function differenceMarks(deltas: DeltaSeries['deltas'], columns: DeltaColumn[], tally: ReturnType<typeof record>): Plot.Markish {
  if (deltas.length <= MAX_DIFFERENCE_COLUMNS) {
    // A bar per query, a gap between neighbours: each query can be told apart and named in its tooltip.
    return Plot.rectY(columns, {
      x1: (column: DeltaColumn) => column.first - 0.45,
      x2: (column: DeltaColumn) => column.last + 0.45,
      y: 'delta',
      fill: 'outcome',
      title: (column: DeltaColumn) => `${deltas[column.first - 1]!.query}: Δ ${signed(column.delta)}`,
    });
  }
  // One area per run of wins or losses: a step per column, no seam between neighbouring columns.
  return Plot.areaY(differenceSteps(columns), {
    x: 'x',
    y: 'delta',
    z: 'series',
    fill: 'outcome',
    curve: 'step-after',
    title: (step: DifferenceStep) => (step.outcome === 'win' ? tally.winTitle : tally.lossTitle),
  });
}

/** How to read a series' chart, in words. */
function differenceCaption({ measure, candidate, deltas }: DeltaSeries, baseline: string, tally: ReturnType<typeof record>): string {
  const { ties } = tally;
  const size = Math.ceil(deltas.length / MAX_DIFFERENCE_COLUMNS);
  // Where lower is better (miss@k, tokens@k), a win is a query whose value fell: its bar points down.
  const higher = higherIsBetterScore(measure);
  const lower = `Lower is better for ${escapeHtml(measure)}: `;
  const reading =
    deltas.length <= MAX_DIFFERENCE_COLUMNS
      ? `One bar per query: ${escapeHtml(candidate)}'s ${escapeHtml(measure)} minus ${escapeHtml(baseline)}'s, sorted. ${higher ? 'Bars up are wins, bars down losses' : `${lower}bars up are losses, bars down wins`}: ${escapeHtml(tally.text)}; ${ties} ${ties === 1 ? 'tie has' : 'ties have'} no bar.`
      : `${escapeHtml(candidate)}'s ${escapeHtml(measure)} minus ${escapeHtml(baseline)}'s for each of the ${deltas.length} queries, sorted, in groups of ${size} neighbouring queries, each drawn at its largest difference. ${higher ? 'Up are wins, down losses' : `${lower}up are losses, down wins`}: ${escapeHtml(tally.text)}; the ${ties} ${ties === 1 ? 'tie is' : 'ties are'} the blank between them.`;
  return `${reading} A mean gain made of a few large wins over many small losses shows here, not in the means.`;
}

/**
 * The ids of the largest wins and losses, for a chart too dense to name each bar: `Largest wins: q7 (+0.5000), …`,
 * each list largest first, equal differences by query id (as the queries lost most are).
 */
function extremesList({ measure, deltas }: DeltaSeries): string {
  const named = (entries: readonly QueryDelta[]) => entries.map((entry) => `<bdi>${escapeHtml(entry.query)}</bdi>&nbsp;(${signed(entry.delta)})`).join(', ');
  // The differences are sorted from the largest win to the largest loss, equal ones by query id.
  const wins = deltas.filter((entry) => entry.outcome === 'win').slice(0, LISTED_QUERIES);
  const losses = deltas
    .filter((entry) => entry.outcome === 'loss')
    .sort((a, b) => towardsBetter(measure, a.delta) - towardsBetter(measure, b.delta) || compareUtf8(a.query, b.query))
    .slice(0, LISTED_QUERIES);
  const line = (one: string, many: string, entries: readonly QueryDelta[]) => (entries.length === 0 ? '' : `<li>${entries.length === 1 ? one : many}: ${named(entries)}</li>`);
  return `<ul class="extremes">${line('Largest win', 'Largest wins', wins)}${line('Largest loss', 'Largest losses', losses)}</ul>`;
}

function differenceChart(series: DeltaSeries, baseline: string, { svg, figure }: ChartKit): string {
  const { measure, candidate, deltas } = series;
  const tally = record(deltas);
  const axisLabel = `queries, sorted by Δ (${deltas.length})`;
  // Ties have no bar and no label.
  const labelled = deltas.length <= MAX_LABELLED_QUERIES ? labelledAxis(deltas.map((entry) => (entry.outcome === 'tie' ? null : entry.query)), axisLabel) : undefined;
  const chart = svg({
    ...(labelled === undefined ? { height: HEIGHT } : { width: labelled.width, height: HEIGHT - MARGIN_BOTTOM + labelled.marginBottom, marginBottom: labelled.marginBottom }),
    // Every query has its place on the axis, the ties' too: the blank between wins and losses is their share.
    x: { label: axisLabel, ticks: [], domain: [0.5, deltas.length + 0.5] },
    y: { label: `Δ ${measure}`, grid: true, nice: true },
    color: { domain: ['win', 'loss'], range: [WIN, LOSS], legend: true },
    marks: [differenceMarks(deltas, deltaColumns(deltas, MAX_DIFFERENCE_COLUMNS), tally), Plot.ruleY([0]), ...(labelled?.axis ?? [])],
  });
  return figure(
    `differences ${candidate} ${measure}`,
    labelled === undefined ? `${chart}${extremesList(series)}` : chart,
    differenceCaption(series, baseline, tally),
    // In the page, not the chart's axis label: a long pair of names wraps here, where an SVG label runs off the card.
    `Δ ${escapeHtml(measure)}: <bdi>${escapeHtml(candidate)}</bdi> − <bdi>${escapeHtml(baseline)}</bdi>`,
  );
}

/** A chart per candidate and measure where some query differs; a sentence for the measures where none does. */
export function differencesSection(data: ReportData, kit: ChartKit): string {
  // A series with no difference would be a chart of nothing (a zero-height axis): a sentence says so instead.
  const differing = data.deltas.filter(({ deltas }) => deltas.some((entry) => entry.outcome !== 'tie'));
  const charts = differing.map((series) => differenceChart(series, data.baseline, kit));
  const notes = data.runs.slice(1).flatMap((candidate) => {
    const measures = data.deltas.filter((series) => series.candidate === candidate && !differing.includes(series)).map((series) => series.measure);
    return measures.length === 0
      ? []
      : [`<p class="no-difference">${escapeHtml(candidate)} scores the same as ${escapeHtml(data.baseline)} on every one of the ${data.queries} queries on ${escapeHtml(listed(measures))}: no query differs, so there is no chart.</p>`];
  });
  return `<section><h2>Per-query differences</h2>${charts.length > 0 ? `<div class="grid">${charts.join('')}</div>` : ''}${notes.join('')}</section>`;
}
