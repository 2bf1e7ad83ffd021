// The report as one self-contained HTML file: charts drawn by Observable Plot into a server-side DOM
// (linkedom) as static SVG, styles inline, no script and no network access when opened.
import * as Plot from '@observablehq/plot';
import { parseHTML } from 'linkedom';
import type { BudgetedDocument, BudgetExplanation } from '../analysis/explain.js';
import { budgetSentence, budgetWording, explanationTable, missedText } from '../text/explain.js';
import { comparisonCells, comparisonLegend } from '../text/comparison.js';
import { escapeControls } from '../text/escape.js';
import { higherIsBetter, isBounded, towardsBetter } from '../measures/reading.js';
import { deltaColumns, type DeltaColumn } from './columns.js';
import type { ReportData } from './data.js';
import { RUN_COLOURS } from './palette.js';

const WIN = '#0072B2';
const LOSS = '#D55E00';

// A per-query difference chart draws at most this many columns (about 2.3 px each): a bar per query up to
// this many queries, steps of neighbouring queries beyond, so that its size does not grow with the queries.
const MAX_DIFFERENCE_COLUMNS = 200;

// Every chart is as wide as a card's caption, so it fills its card (see `figure.chart figcaption` in STYLE).
const CHART_WIDTH = 540;
// Room at the left for the y tick labels and at the right for the last x tick label (Plot's default).
const MARGIN_LEFT = 50;
const MARGIN_RIGHT = 20;
// At 12 px, an axis label needs its own line: above the top y tick label and below the x tick labels
// (Plot's defaults of 20 and 30 px are for its 10 px text).
const MARGIN_TOP = 30;
const MARGIN_BOTTOM = 40;
// A generous width of a character at 12 px, to space tick labels without measuring text.
const CHARACTER_WIDTH = 7;
// Digits are wider than the average letter (7.6 px in DejaVu Sans at 12 px), and tick labels are mostly digits.
const DIGIT_WIDTH = 8;
// Plot draws a y tick label this far left of the frame: its tick (6 px) and the padding after it (3 px).
const Y_TICK_LABEL_OFFSET = 9;

// The SVG attributes that hold coordinates, and the numbers in them.
const COORDINATE_ATTRIBUTE = /(\s(?:d|x|y|x1|x2|y1|y2|cx|cy|r|width|height|transform|viewBox)=")([^"]*)"/g;
const NUMBER = /-?\d*\.\d+(?:e[-+]?\d+)?/gi;

/** Plot writes coordinates to full double precision; a hundredth of a pixel is finer than any screen shows. */
const roundCoordinates = (svg: string): string =>
  svg.replace(COORDINATE_ATTRIBUTE, (_, name: string, value: string) => `${name}${value.replace(NUMBER, (number) => String(+(+number).toFixed(2)))}"`);

/** What the report reads of the SVG element Plot draws into linkedom's document. */
interface PlotElement extends PlotNode {
  readonly outerHTML: string;
  querySelectorAll(selector: string): Iterable<{ readonly textContent: string | null }>;
}
interface PlotNode {
  readonly nodeType: number;
  data?: string;
  readonly childNodes: Iterable<PlotNode>;
}

const TEXT_NODE = 3;

/** Every text Plot drew (tick labels, legend, tooltips) as the terminal shows it: a run name or tag cannot reorder the chart's text. */
function escapeTextNodes(node: PlotNode): void {
  if (node.nodeType === TEXT_NODE && node.data !== undefined) node.data = escapeControls(node.data);
  for (const child of node.childNodes) escapeTextNodes(child);
}

// Ids, names, tags and titles are shown as the terminal shows them: controls, bidi marks and line separators
// as escapes (`\u202e`), which cannot turn the text around them.
const escapeHtml = (text: string): string =>
  escapeControls(text).replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

export interface RenderOptions {
  /** The page's title. Default "Retrieval evaluation report". */
  readonly title?: string;
  /** Lines under the title (the files compared, say). */
  readonly subtitle?: readonly string[];
}

/** Renders report data already computed (see `reportData`). */
export function renderReportData(data: ReportData, options: RenderOptions = {}): string {
  const { document } = parseHTML('<!DOCTYPE html><html><body></body></html>');
  const colour = { domain: data.runs, range: data.runs.map((_, i) => RUN_COLOURS[i]!), legend: true };
  const draw = (plot: Plot.PlotOptions) =>
    Plot.plot({
      document,
      style: { fontSize: '12px', background: 'white' },
      width: CHART_WIDTH,
      marginTop: MARGIN_TOP,
      marginRight: MARGIN_RIGHT,
      marginBottom: MARGIN_BOTTOM,
      marginLeft: MARGIN_LEFT,
      ...plot,
    }) as unknown as PlotElement;
  // Plot picks the y ticks, so their labels' width is known only once drawn: a chart whose labels would be
  // cut off at the left edge is drawn again with room for them.
  const svg = (plot: Plot.PlotOptions): string => {
    let chart = draw(plot);
    const labels = [...chart.querySelectorAll('g[aria-label="y-axis tick label"] text')].map((text) => text.textContent ?? '');
    const room = Y_TICK_LABEL_OFFSET + DIGIT_WIDTH * Math.max(0, ...labels.map((label) => label.length));
    if (room > (plot.marginLeft ?? MARGIN_LEFT)) chart = draw({ ...plot, marginLeft: room });
    escapeTextNodes(chart);
    return roundCoordinates(chart.outerHTML);
  };
  const figure = (name: string, chart: string, caption: string, heading = ''): string =>
    `<figure class="chart" data-chart="${escapeHtml(name)}">${heading === '' ? '' : `<p class="chart-title">${heading}</p>`}${chart}<figcaption>${caption}</figcaption></figure>`;
  const level = `${+(data.level * 100).toFixed(2)}%`;
  const intervalName = data.intervalMethod === 'bootstrap' ? 'bootstrap percentile' : 't';

  const sections: string[] = [];
  if (data.comparison !== null) sections.push(`<section><h2>Comparison</h2>${comparisonTable(data)}</section>`);

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
  sections.push(
    `<section><h2>Means with ${level} confidence intervals</h2><div class="grid">${data.measures
      .map((measure) => {
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
      })
      .join('')}</div></section>`,
  );

  if (data.latency !== undefined && data.latency.length > 0) sections.push(`<section><h2>Latency</h2>${latencyTable(data.latency)}</section>`);

  const curve = (metric: 'recall' | 'precision'): string => {
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
  };
  sections.push(
    `<section><h2>Recall and precision by cutoff</h2>${data.depth > 1 ? `<div class="grid">${curve('recall')}${curve('precision')}</div>` : firstDocumentTable(data)}</section>`,
  );

  if (data.deltas.length > 0) {
    // A series with no difference would be a chart of nothing (a zero-height axis): a sentence says so instead.
    const differing = data.deltas.filter(({ deltas }) => deltas.some((entry) => entry.outcome !== 'tie'));
    const charts = differing.map(({ measure, candidate, deltas }) => {
      const columns = deltaColumns(deltas, MAX_DIFFERENCE_COLUMNS);
      const count = (outcome: string) => deltas.filter((entry) => entry.outcome === outcome).length;
      const [wins, ties, losses] = [count('win'), count('tie'), count('loss')];
      const farthest = (outcome: string) => signed(deltas.filter((entry) => entry.outcome === outcome).reduce((extreme, entry) => (Math.abs(entry.delta) > Math.abs(extreme) ? entry.delta : extreme), 0));
      const [largestWin, largestLoss] = [farthest('win'), farthest('loss')];
      const [winCount, lossCount] = [`${wins} ${wins === 1 ? 'win' : 'wins'}`, `${losses} ${losses === 1 ? 'loss' : 'losses'}`];
      const record = `${winCount}${wins > 0 ? ` (largest ${largestWin})` : ''}, ${lossCount}${losses > 0 ? ` (largest ${largestLoss})` : ''}`;
      const onePerQuery = deltas.length <= MAX_DIFFERENCE_COLUMNS;
      const marks = onePerQuery
        ? // A bar per query, a gap between neighbours: each query can be told apart and named in its tooltip.
          Plot.rectY(columns, {
            x1: (column: DeltaColumn) => column.first - 0.45,
            x2: (column: DeltaColumn) => column.last + 0.45,
            y: 'delta',
            fill: 'outcome',
            title: (column: DeltaColumn) => `${deltas[column.first - 1]!.query}: Δ ${signed(column.delta)}`,
          })
        : // One area per run of wins or losses: a step per column, no seam between neighbouring columns.
          Plot.areaY(differenceSteps(columns), {
            x: 'x',
            y: 'delta',
            z: 'series',
            fill: 'outcome',
            curve: 'step-after',
            title: (step: DifferenceStep) => (step.outcome === 'win' ? `${winCount}, largest ${largestWin}` : `${lossCount}, largest ${largestLoss}`),
          });
      const chart = svg({
        height: 280,
        // Every query has its place on the axis, the ties' too: the blank between wins and losses is their share.
        x: { label: `queries, sorted by Δ (${deltas.length})`, ticks: [], domain: [0.5, deltas.length + 0.5] },
        y: { label: `Δ ${measure}`, grid: true, nice: true },
        color: { domain: ['win', 'loss'], range: [WIN, LOSS], legend: true },
        marks: [marks, Plot.ruleY([0])],
      });
      const size = Math.ceil(deltas.length / MAX_DIFFERENCE_COLUMNS);
      // Where lower is better (miss@k, tokens@k), a win is a query whose value fell: its bar points down.
      const higher = higherIsBetter(measure);
      const lower = `Lower is better for ${escapeHtml(measure)}: `;
      const reading = onePerQuery
        ? `One bar per query: ${escapeHtml(candidate)}'s ${escapeHtml(measure)} minus ${escapeHtml(data.baseline)}'s, sorted. ${higher ? 'Bars up are wins, bars down losses' : `${lower}bars up are losses, bars down wins`}: ${escapeHtml(record)}; ${ties} ${ties === 1 ? 'tie has' : 'ties have'} no bar.`
        : `${escapeHtml(candidate)}'s ${escapeHtml(measure)} minus ${escapeHtml(data.baseline)}'s for each of the ${deltas.length} queries, sorted, in groups of ${size} neighbouring queries, each drawn at its largest difference. ${higher ? 'Up are wins, down losses' : `${lower}up are losses, down wins`}: ${escapeHtml(record)}; the ${ties} ${ties === 1 ? 'tie is' : 'ties are'} the blank between them.`;
      return figure(
        `differences ${candidate} ${measure}`,
        chart,
        `${reading} A mean gain made of a few large wins over many small losses shows here, not in the means.`,
        // In the page, not the chart's axis label: a long pair of names wraps here, where an SVG label runs off the card.
        `Δ ${escapeHtml(measure)}: <bdi>${escapeHtml(candidate)}</bdi> − <bdi>${escapeHtml(data.baseline)}</bdi>`,
      );
    });
    const notes = data.runs.slice(1).flatMap((candidate) => {
      const measures = data.deltas.filter((series) => series.candidate === candidate && !differing.includes(series)).map((series) => series.measure);
      return measures.length === 0
        ? []
        : [`<p class="no-difference">${escapeHtml(candidate)} scores the same as ${escapeHtml(data.baseline)} on every one of the ${data.queries} queries on ${escapeHtml(listed(measures))}: no query differs, so there is no chart.</p>`];
    });
    sections.push(`<section><h2>Per-query differences</h2>${charts.length > 0 ? `<div class="grid">${charts.join('')}</div>` : ''}${notes.join('')}</section>`);
  }

  if (data.slices.length > 0) {
    sections.push(
      `<section><h2>By tag</h2><div class="grid">${data.measures
        .map((measure) => {
          const rows = data.slices.filter((slice) => slice.measure === measure);
          const tags = [...new Set(rows.map((row) => row.tag))];
          const tickLines = (tag: string): [string, string] => [tag, `(${rows.find((row) => row.tag === tag)!.queries})`];
          // Each tag's name is centred under its bars: neighbouring facets are as far apart as half of both names and a gap.
          const nameWidths = tags.map((tag) => CHARACTER_WIDTH * Math.max(...tickLines(tag).map((line) => line.length)));
          const facetWidth = Math.max(0, ...nameWidths.slice(1).map((width, i) => (width + nameWidths[i]!) / 2 + 10));
          const chart = svg({
            width: Math.max(CHART_WIDTH, MARGIN_LEFT + MARGIN_RIGHT + facetWidth * tags.length),
            height: 320,
            // Two lines of tick labels, then the axis label.
            marginBottom: 52,
            fx: { label: 'tag (queries)', domain: tags, tickFormat: (tag: string) => tickLines(tag).join('\n') },
            x: { axis: null, domain: data.runs },
            y: meanScale(measure, rows.map((row) => row.mean)),
            color: colour,
            marks: [Plot.barY(rows, { fx: 'tag', x: 'run', y: 'mean', fill: 'run' }), Plot.ruleY([0])],
          });
          return figure(`tags ${measure}`, chart, `Mean ${escapeHtml(measure)} per tag of the golden set, one bar per run (a query with several tags counts in each). A change can help one kind of question and hurt another.`);
        })
        .join('')}</div>${sliceTable(data)}</section>`,
    );
  }

  for (const { measure, candidate, queries } of data.losses) {
    const body =
      queries.length === 0
        ? `<p>${escapeHtml(candidate)} loses no query against ${escapeHtml(data.baseline)} on ${escapeHtml(measure)}.</p>`
        : queries.map((query) => lostQuery(query, data.baseline, candidate, measure)).join('');
    sections.push(`<section><h2>Queries ${escapeHtml(candidate)} lost most on ${escapeHtml(measure)}</h2>${body}</section>`);
  }

  const title = options.title ?? 'Retrieval evaluation report';
  const subtitle = [
    ...(options.subtitle ?? []),
    `${data.queries} judged queries · runs: ${data.runs.map((run) => (run === data.baseline ? `${run} (baseline)` : run)).join(', ')} · measures: ${data.measures.join(', ')}`,
  ];
  const warnings = data.warnings.length === 0 ? '' : `<ul class="warnings">${data.warnings.map((warning) => `<li>${escapeHtml(warning)}</li>`).join('')}</ul>`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header><h1>${escapeHtml(title)}</h1>${subtitle.map((line) => `<p class="subtitle">${escapeHtml(line)}</p>`).join('')}${warnings}</header>
<main>
${sections.join('\n')}
</main>
<footer><p>Made by rankeval. Every number comes from the same functions as <code>rankeval eval</code> and <code>rankeval compare</code>.</p></footer>
</body>
</html>
`;
}

/**
 * The y scale of a chart of a measure's means, from the catalogue's `bounded`. A measure in [0, 1]:
 * labelled `mean ndcg@10 (0–1)`, from 0 to 1 (widened to take a whisker past either end). An unbounded
 * one (tokens@3 in the thousands, dcg above 1): labelled `mean tokens@3`, from 0 to its largest value with
 * round ends, below 0 only where a value is (utility can be negative).
 */
function meanScale(measure: string, values: readonly number[]): Plot.ScaleOptions {
  const low = Math.min(0, ...values);
  if (isBounded(measure)) return { label: `mean ${measure} (0–1)`, domain: [low, Math.max(1, ...values)], grid: true };
  const high = Math.max(0, ...values);
  // Every value 0 (no document has a length): a unit axis rather than a flat one.
  return { label: `mean ${measure}`, domain: [low, high > low ? high : low + 1], grid: true, nice: true };
}

/** A difference with its sign, as the lost queries show it: +0.2500, −0.1250. */
const signed = (delta: number): string => `${delta < 0 ? '−' : '+'}${Math.abs(delta).toFixed(4)}`;

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

/** The name cut to `characters` with an ellipsis, never between the halves of a surrogate pair. */
function shorten(name: string, characters: number): string {
  const chars = [...name];
  return chars.length <= characters ? name : `${chars.slice(0, characters - 1).join('')}…`;
}

/**
 * The x ticks of a curve: every whole k of the form 1–9 × 10ⁿ up to the depth, as on log paper (Plot's own
 * ticks for a depth of 2 are 1.2, 1.4 …, cutoffs no ranking has). A tick is labelled where its label keeps
 * two digits' space from the others: 1 and the powers of ten first, then the others from the left.
 */
function cutoffTicks(depth: number): { all: number[]; labelled: Set<number> } {
  const all: number[] = [];
  for (let decade = 1; decade <= depth; decade *= 10) for (let step = 1; step <= 9 && decade * step <= depth; step++) all.push(decade * step);
  const plotWidth = CHART_WIDTH - MARGIN_LEFT - MARGIN_RIGHT;
  const position = (k: number) => (plotWidth * Math.log(k)) / Math.log(depth);
  const halfWidth = (k: number) => (DIGIT_WIDTH * String(k).length) / 2;
  const labelled: number[] = [];
  const fits = (k: number) => labelled.every((other) => Math.abs(position(k) - position(other)) >= halfWidth(k) + halfWidth(other) + 2 * DIGIT_WIDTH);
  for (const k of [...all.filter((k) => /^10*$/.test(String(k))), ...all]) if (!labelled.includes(k) && fits(k)) labelled.push(k);
  return { all, labelled: new Set(labelled) };
}

/** "a", "a and b", "a, b and c". */
const listed = (items: readonly string[]): string => (items.length === 1 ? items[0]! : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/** With rankings one document deep there is one cutoff and no curve: its values, plainly. */
function firstDocumentTable(data: ReportData): string {
  const value = (run: string, metric: 'recall' | 'precision') => data.curves.find((point) => point.run === run && point.metric === metric && point.k === 1)!.value.toFixed(4);
  const rows = data.runs.map((run) => `<tr><td>${escapeHtml(run)}</td><td class="number">${value(run, 'recall')}</td><td class="number">${value(run, 'precision')}</td></tr>`);
  return `<p>No ranking goes deeper than one document, so there is one cutoff and no curve to draw: the mean recall@1 and precision@1 of each run.</p>
<div class="scroll"><table class="cutoff"><thead><tr><th>run</th><th>recall@1</th><th>precision@1</th></tr></thead><tbody>${rows.join('')}</tbody></table></div>`;
}

function comparisonTable(data: ReportData): string {
  const comparison = data.comparison!;
  const pName = comparison.correction === 'none' ? 'p' : `p (${comparison.correction})`;
  const head = ['measure', 'run', 'mean', 'Δ', 'Δ%', pName, `${+(data.level * 100).toFixed(2)}% CI of Δ`, 'W/T/L', 'd'];
  const rows = comparison.rows.map((row) => {
    const cells = comparisonCells(row);
    const mark = row.significant ? (towardsBetter(row.measure, row.delta!) > 0 ? ' class="significant better"' : ' class="significant worse"') : '';
    const values = [row.measure, row.run, cells.mean, cells.delta, cells.relative, cells.p, cells.interval, cells.record, cells.effect];
    return `<tr${mark}>${values.map((value, i) => `<td${i >= 2 ? ' class="number"' : ''}>${escapeHtml(value ?? '')}</td>`).join('')}</tr>`;
  });
  return `<div class="scroll"><table class="comparison"><thead><tr>${head.map((cell) => `<th>${escapeHtml(cell)}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table></div>
<p class="legend">${escapeHtml(comparisonLegend(comparison))}. Significant rows are shaded: blue better than the baseline, orange worse.</p>`;
}

/** The latency of the timed runs, overall then per tag, in milliseconds. */
function latencyTable(rows: NonNullable<ReportData['latency']>): string {
  // Three significant digits or so: an in-memory retriever answers in a fraction of a millisecond.
  const ms = (value: number): string => value.toFixed(value < 1 ? 3 : value < 10 ? 2 : 1);
  const body = rows.map(
    (row) =>
      `<tr><td>${escapeHtml(row.run)}</td><td>${row.tag === null ? 'all' : escapeHtml(row.tag)}</td><td class="number">${row.queries}</td>${[row.mean, row.p50, row.p95, row.max].map((value) => `<td class="number">${ms(value)}</td>`).join('')}</tr>`,
  );
  return `<div class="scroll"><table class="latency"><thead><tr><th>run</th><th>tag</th><th>queries</th><th>mean ms</th><th>p50 ms</th><th>p95 ms</th><th>max ms</th></tr></thead><tbody>${body.join('')}</tbody></table></div>
<p class="legend">The time each query's ranking took (the run file's <code>latency_ms</code>, as evaluateRetriever measures it, failed and timed-out calls included when writeRun was given the failures), over the judged queries the run times (those the means are over). Percentiles interpolate linearly between the closest ranks.</p>`;
}

function sliceTable(data: ReportData): string {
  const tags = [...new Set(data.slices.map((slice) => slice.tag))];
  const head = ['tag', 'queries', ...data.measures.flatMap((measure) => data.runs.map((run) => `${measure} · ${run}`))];
  const rows = tags.map((tag) => {
    const cells = data.measures.flatMap((measure) => data.runs.map((run) => data.slices.find((slice) => slice.tag === tag && slice.measure === measure && slice.run === run)!.mean.toFixed(4)));
    const queries = data.slices.find((slice) => slice.tag === tag)!.queries;
    return `<tr><td>${escapeHtml(tag)}</td><td class="number">${queries}</td>${cells.map((cell) => `<td class="number">${cell}</td>`).join('')}</tr>`;
  });
  return `<div class="scroll"><table class="slices"><thead><tr>${head.map((cell) => `<th>${escapeHtml(cell)}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table></div>`;
}

function lostQuery(query: ReportData['losses'][number]['queries'][number], baseline: string, candidate: string, measure: string): string {
  const side = (name: string, explained: typeof query.baseline): string => {
    const head = `<h4>${escapeHtml(name)} · ${escapeHtml(measure)} ${explained.score.toFixed(4)}</h4>`;
    if (!('window' in explained)) return `<div class="side">${head}${rankingTable(explained)}<p class="missed">${escapeHtml(missedText(explained))}</p></div>`;
    const missed = missedText(explained, budgetWording(explained));
    return `<div class="side">${head}<p class="budget">${escapeHtml(budgetSentence(explained.window))}</p>${budgetTableHtml(explained)}<p class="missed">${escapeHtml(missed)}</p></div>`;
  };
  const tags = query.tags.length > 0 ? ` <span class="tags">${query.tags.map(escapeHtml).join(', ')}</span>` : '';
  const question = query.question === undefined ? '' : `: ${escapeHtml(query.question)}`;
  return `<article class="lost"><h3><bdi>${escapeHtml(query.query)}</bdi>${question}${tags} <span class="delta">Δ ${signed(query.delta)}</span></h3><div class="sides">${side(baseline, query.baseline)}${side(candidate, query.candidate)}</div></article>`;
}

/** The explanation's ranking as an HTML table (rank, grade, ✓, id). */
function rankingTable(explanation: ReportData['losses'][number]['queries'][number]['baseline']): string {
  if (explanation.top.length === 0) return `<p>${escapeHtml(explanationTable(explanation, 'table').trim())}</p>`;
  const rows = explanation.top.map(
    (document) =>
      `<tr${document.relevant ? ' class="relevant"' : ''}><td class="number">${document.rank}</td><td class="number">${document.grade ?? '-'}</td><td>${document.relevant ? '✓' : ''}</td><td>${escapeHtml(document.id)}</td></tr>`,
  );
  return `<div class="scroll"><table class="ranking"><thead><tr><th>rank</th><th>grade</th><th></th><th>id</th></tr></thead><tbody>${rows.join('')}</tbody></table></div>`;
}

/**
 * A budget window as an HTML table (rank, grade, ✓, id, tokens, running total), and below a dashed rule the
 * document that would pass the budget, where there is one: the cut is where the rule is.
 */
function budgetTableHtml(explanation: BudgetExplanation): string {
  const row = (document: BudgetedDocument, past: boolean): string => {
    const classes = [...(document.relevant ? ['relevant'] : []), ...(past ? ['past'] : [])];
    return `<tr${classes.length === 0 ? '' : ` class="${classes.join(' ')}"`}><td class="number">${document.rank}</td><td class="number">${document.grade ?? '-'}</td><td>${document.relevant ? '✓' : ''}</td><td>${escapeHtml(document.id)}</td><td class="number">${document.tokens}</td><td class="number">${document.total}</td></tr>`;
  };
  const { next, held } = explanation.window;
  // The passing document is drawn only right below the window, not below a window cut short for the page.
  const rows = [...explanation.top.map((document) => row(document, false)), ...(next !== null && explanation.top.length === held ? [row(next, true)] : [])];
  if (rows.length === 0) return '';
  return `<div class="scroll"><table class="ranking"><thead><tr><th>rank</th><th>grade</th><th></th><th>id</th><th>tokens</th><th>total</th></tr></thead><tbody>${rows.join('')}</tbody></table></div>`;
}

const STYLE = `
:root { color-scheme: light; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1a1a1a; background: #fff; margin: 0 auto; max-width: 1200px; padding: 24px; }
h1 { font-size: 24px; margin: 0 0 4px; }
h2 { font-size: 18px; margin: 32px 0 12px; border-bottom: 1px solid #ddd; padding-bottom: 4px; }
h3 { font-size: 15px; margin: 20px 0 8px; }
h4 { font-size: 13px; margin: 0 0 6px; }
/* A long name without spaces breaks in text, and a wide table scrolls on its own: the page never scrolls sideways. */
h1, h2, h3, h4, p, li, figcaption { overflow-wrap: anywhere; }
.scroll { overflow-x: auto; max-width: 100%; }
.subtitle { margin: 0; color: #555; }
.chart-title { margin: 0 0 4px; font-size: 13px; font-weight: 600; max-width: ${CHART_WIDTH}px; }
.warnings { color: #8a4b00; }
.grid { display: flex; flex-wrap: wrap; gap: 16px; }
figure.chart figure { margin: 0; }
/* The legend above a chart no wider than the chart, so that a legend of long names wraps rather than widening the card. */
figure.chart figure > div { max-width: ${CHART_WIDTH}px; }
figure.chart { margin: 0; padding: 8px; border: 1px solid #e5e5e5; border-radius: 6px; max-width: 100%; }
figure.chart figcaption { max-width: ${CHART_WIDTH}px; color: #444; font-size: 12.5px; margin-top: 6px; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; margin: 8px 0; }
th, td { padding: 3px 10px; border-bottom: 1px solid #eee; text-align: left; }
th { font-weight: 600; border-bottom: 2px solid #ccc; }
td.number { text-align: right; white-space: nowrap; }
tr.significant.better td { background: #dcebf7; }
tr.significant.worse td { background: #fbe3d3; }
tr.relevant td { font-weight: 600; }
.legend { color: #444; font-size: 12.5px; max-width: 900px; }
.sides { display: flex; flex-wrap: wrap; gap: 24px; }
.side { min-width: 0; max-width: 100%; }
.tags { font-weight: normal; color: #555; font-size: 12px; }
.delta { font-weight: normal; color: ${LOSS}; font-size: 13px; }
.missed { color: #444; font-size: 12.5px; max-width: 420px; }
.budget { font-size: 12.5px; max-width: 420px; margin: 0 0 6px; }
tr.past td { color: #888; border-top: 2px dashed ${LOSS}; }
footer { margin-top: 40px; color: #777; font-size: 12px; }
`;
