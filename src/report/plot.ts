// Charts drawn by Observable Plot into a server-side DOM (linkedom) as static SVG: the size and margins every
// chart shares, the y scale of a measure's means, the ticks of a log axis of cutoffs, and the figure
// around a chart.
import * as Plot from '@observablehq/plot';
import { parseHTML } from 'linkedom';
import { escapeControls } from '../text/escape.js';
import { isBoundedScore } from '../measures/reading.js';
import type { ReportData } from './types.js';
import { escapeHtml } from './markup.js';
import { RUN_COLOURS } from './palette.js';

// Every chart is as wide as a card's caption, so it fills its card (see `figure.chart figcaption` in STYLE).
export const CHART_WIDTH = 540;
// Room at the left for the y tick labels and at the right for the last x tick label (Plot's default).
export const MARGIN_LEFT = 50;
export const MARGIN_RIGHT = 20;
// At 12 px, an axis label needs its own line: above the top y tick label and below the x tick labels
// (Plot's defaults of 20 and 30 px are for its 10 px text).
const MARGIN_TOP = 30;
export const MARGIN_BOTTOM = 40;
// A generous width of a character at 12 px, to space tick labels without measuring text.
export const CHARACTER_WIDTH = 7;
// Digits are wider than the average letter (7.6 px in DejaVu Sans at 12 px), and tick labels are mostly digits.
export const DIGIT_WIDTH = 8;
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
  readonly localName?: string;
  data?: string;
  readonly childNodes: Iterable<PlotNode>;
}

const TEXT_NODE = 3;

/**
 * Every text Plot drew (tick labels, legend, tooltips) as the terminal shows it: a run name or tag cannot
 * reorder the chart's text. Plot's own style sheets are left as written: with their line breaks escaped
 * (as `\n`) a browser drops the first declaration of each rule, the gap between a legend's swatch and its
 * label among them.
 */
function escapeTextNodes(node: PlotNode): void {
  if (node.localName === 'style') return;
  if (node.nodeType === TEXT_NODE && node.data !== undefined) node.data = escapeControls(node.data);
  for (const child of node.childNodes) escapeTextNodes(child);
}

/** What every chart of one report is drawn with: its runs' colours, and the functions that draw and frame a chart. */
export interface ChartKit {
  /** The runs' colour scale, with its legend. */
  readonly colour: Plot.ScaleOptions;
  /** The chart as SVG markup, drawn again with room for its y tick labels when they would be cut off. */
  svg(plot: Plot.PlotOptions): string;
  /** The chart in a card, with its caption and an optional heading (both markup). */
  figure(name: string, chart: string, caption: string, heading?: string): string;
}

export function createChartKit(data: Pick<ReportData, 'runs'>): ChartKit {
  const { document } = parseHTML('<!DOCTYPE html><html><body></body></html>');
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
  return {
    colour: { domain: data.runs, range: data.runs.map((_, i) => RUN_COLOURS[i]!), legend: true },
    // Plot picks the y ticks, so their labels' width is known only once drawn: a chart whose labels would be
    // cut off at the left edge is drawn again with room for them.
    svg(plot) {
      let chart = draw(plot);
      const labels = [...chart.querySelectorAll('g[aria-label="y-axis tick label"] text')].map((text) => text.textContent ?? '');
      const room = Y_TICK_LABEL_OFFSET + DIGIT_WIDTH * Math.max(0, ...labels.map((label) => label.length));
      if (room > (plot.marginLeft ?? MARGIN_LEFT)) chart = draw({ ...plot, marginLeft: room });
      escapeTextNodes(chart);
      return roundCoordinates(chart.outerHTML);
    },
    figure: (name, chart, caption, heading = '') =>
      `<figure class="chart" data-chart="${escapeHtml(name)}">${heading === '' ? '' : `<p class="chart-title">${heading}</p>`}${chart}<figcaption>${caption}</figcaption></figure>`,
  };
}

/**
 * The y scale of a chart of a measure's means, from the catalogue's `bounded`. A measure in [0, 1]:
 * labelled `mean ndcg@10 (0–1)`, from 0 to 1 (the whiskers are cut to it; widened only for data made by
 * hand with a value past it). An unbounded one (tokens@3 in the thousands, dcg above 1): labelled
 * `mean tokens@3`, from 0 to its largest value with round ends, below 0 only where a value is (utility can
 * be negative).
 */
export function meanScale(measure: string, values: readonly number[]): Plot.ScaleOptions {
  const low = Math.min(0, ...values);
  if (isBoundedScore(measure)) return { label: `mean ${measure} (0–1)`, domain: [low, Math.max(1, ...values)], grid: true };
  const high = Math.max(0, ...values);
  // Every value 0 (no document has a length): a unit axis rather than a flat one.
  return { label: `mean ${measure}`, domain: [low, high > low ? high : low + 1], grid: true, nice: true };
}

// A query id is cut to this many characters under its mark (whole in its tooltip).
const LABEL_CHARACTERS = 16;
// The narrowest room for a mark's label, rotated (a 10 px line box and a gap), and the widest that takes a 12 px one.
const LABEL_SLOT = 14;
const WIDE_SLOT = 16;

/**
 * The x axis of a chart of one mark per query at x = 1 … n (a few dozen queries): each query's id under its
 * mark, read upwards (a null id has no label: its query no mark), in 12 px where a query's slot is WIDE_SLOT
 * wide, else 10 px on a chart widened to LABEL_SLOT a query; the margin below takes the longest id and the
 * axis label.
 */
export function labelledAxis(ids: readonly (string | null)[], axisLabel: string) {
  const width = Math.max(CHART_WIDTH, MARGIN_LEFT + MARGIN_RIGHT + LABEL_SLOT * ids.length);
  const fontSize = (width - MARGIN_LEFT - MARGIN_RIGHT) / ids.length >= WIDE_SLOT ? 12 : 10;
  const marked = ids.flatMap((id, i) => (id === null ? [] : [i + 1]));
  const id = (position: number) => ids[position - 1]!;
  // A cut id whole in its tooltip.
  const label = (position: number) => shorten(id(position), LABEL_CHARACTERS);
  const title = (position: number) => (label(position) === id(position) ? null : id(position));
  // A tick of 6 px and 3 px of padding, the longest id, then a line for the axis label.
  const longest = Math.max(...marked.map((position) => [...label(position)].length));
  const marginBottom = Math.ceil(9 + (longest * DIGIT_WIDTH * fontSize) / 12 + 24);
  // The ids in their own size, the axis label in the charts' (an axis' font size is its label's too).
  const axis = [
    Plot.axisX(marked, { tickFormat: label, title, tickRotate: -90, fontSize, label: null }),
    Plot.axisX([], { label: axisLabel, labelOffset: marginBottom - 6 }),
  ];
  return { width, marginBottom, axis };
}

/** The name cut to `characters` with an ellipsis, never between the halves of a surrogate pair. */
export function shorten(name: string, characters: number): string {
  const chars = [...name];
  return chars.length <= characters ? name : `${chars.slice(0, characters - 1).join('')}…`;
}

/**
 * The x ticks of a curve: every whole k of the form 1–9 × 10ⁿ up to the depth, as on log paper (Plot's own
 * ticks for a depth of 2 are 1.2, 1.4 …, cutoffs no ranking has). A tick is labelled where its label keeps
 * two digits' space from the others: 1 and the powers of ten first, then the others from the left.
 */
export function cutoffTicks(depth: number): { all: number[]; labelled: Set<number> } {
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
