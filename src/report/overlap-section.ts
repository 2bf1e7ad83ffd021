// The report of two runs without a golden set: the mean RBO with its bounds and the Jaccard index with the
// settings, a chart of each query's RBO, sorted, and the queries that moved most with both rankings.
import * as Plot from '@observablehq/plot';
import { escapeHtml } from './markup.js';
import { WIN } from './palette.js';
import { labelledAxis, MARGIN_BOTTOM, type ChartKit } from './plot.js';
import type { MovedQuery, OverlapDocument, OverlapReportData, QueryOverlapRow } from './types.js';

// Up to this many queries the chart draws each; beyond, this many spread evenly over the sorted queries,
// so that its size does not grow with the queries.
const MAX_DRAWN_QUERIES = 200;
// Up to this many queries each is named by its id under the axis.
const MAX_LABELLED_QUERIES = 40;
// Queries only one run ranks named in the page; the rest counted.
const MAX_NAMED_ONLY = 50;
const HEIGHT = 300;
// The band of a query's bounds, behind its estimate's dot.
const BAND = '#a6cee3';

const score = (value: number): string => value.toFixed(4);

/** The settings in words: `p 0.9 (the first 10 ranks carry 65% of the weight)`, the ties and the depth read. */
function overlapSettings({ p, ties, depth }: Pick<OverlapReportData, 'p' | 'ties' | 'depth'>): string {
  // RBO reads 1/(1 − p) ranks on average; the weight of the first k is 1 − p^k.
  const k = Math.max(1, Math.round(1 / (1 - p)));
  const weight = `the first ${k === 1 ? 'rank carries' : `${k} ranks carry`} ${Math.round(100 * (1 - p ** k))}% of the weight`;
  const tieWords = { a: 'a (a tie shares its ranks among its documents, as Corsi and Urbano define)', b: "b (as a, corrected so that a ranking's RBO with itself is 1)", w: 'w (tied documents share one rank)' }[ties];
  return `p ${p} (${weight}) · ties ${tieWords} · depth ${depth === null ? 'whole rankings' : `${depth} (each ranking's top ${depth} read)`}`;
}

/** The means, the settings and the queries only one run ranks. */
function summarySection(data: OverlapReportData): string {
  const [a, b] = data.runs.map(escapeHtml) as [string, string];
  const { mean } = data;
  const n = data.queries.length;
  const rows = [
    ['RBO (ext, the estimate)', score(mean.ext)],
    ['RBO bounds (min – max)', `${score(mean.min)} – ${score(mean.max)}`],
    [`Jaccard (${data.depth === null ? 'whole rankings' : `top ${data.depth}`})`, score(mean.jaccard)],
  ];
  const table = `<div class="scroll"><table class="overlap"><thead><tr><th></th><th>mean over ${n} ${n === 1 ? 'query' : 'queries'}</th></tr></thead><tbody>${rows
    .map(([name, value]) => `<tr><td>${name}</td><td class="number">${value}</td></tr>`)
    .join('')}</tbody></table></div>`;
  const legend = `<p class="legend">Rank-biased overlap of <bdi>${a}</bdi> and <bdi>${b}</bdi>, query by query: 1 the same ranking, 0 nothing in common, the top ranks weighing most. ${escapeHtml(overlapSettings(data))}. The bounds are what the unseen rest of the rankings could make of it; Jaccard is the share of the documents either ranks that both rank, order aside.</p>`;
  const only = ([name, queries]: readonly [string, readonly string[]]): string => {
    if (queries.length === 0) return '';
    const named = queries.slice(0, MAX_NAMED_ONLY).map((query) => `<bdi>${escapeHtml(query)}</bdi>`);
    const more = queries.length > MAX_NAMED_ONLY ? ` and ${queries.length - MAX_NAMED_ONLY} more` : '';
    return `<p class="only">${queries.length} ${queries.length === 1 ? 'query' : 'queries'} only <bdi>${escapeHtml(name)}</bdi> ranks, left out of the means: ${named.join(', ')}${more}.</p>`;
  };
  const onlyOne = [[data.runs[0]!, data.onlyA], [data.runs[1]!, data.onlyB]] as const;
  return `<section><h2>Overlap</h2>${table}${legend}${onlyOne.map(only).join('')}</section>`;
}

/** Evenly spread positions (from 1) of `drawn` among n sorted queries, the first and the last among them. */
function drawnPositions(n: number, drawn: number): number[] {
  if (n <= drawn) return Array.from({ length: n }, (_, i) => i + 1);
  return [...new Set(Array.from({ length: drawn }, (_, i) => 1 + Math.round((i * (n - 1)) / (drawn - 1))))];
}

/** Each query's RBO, sorted from the lowest: a dot at the estimate over a band from its lower to its upper bound. */
function rboChart(data: OverlapReportData, { svg, figure }: ChartKit): string {
  const n = data.queries.length;
  const points = drawnPositions(n, MAX_DRAWN_QUERIES).map((position) => ({ position, ...data.queries[position - 1]! }));
  const axisLabel = `queries, sorted by RBO (${n})`;
  const labelled = n <= MAX_LABELLED_QUERIES ? labelledAxis(data.queries.map((row) => row.query), axisLabel) : undefined;
  const title = (row: QueryOverlapRow) => `${row.query}: RBO ${score(row.ext)} (bounds ${score(row.min)} – ${score(row.max)}), Jaccard ${score(row.jaccard)}`;
  const chart = svg({
    ...(labelled === undefined ? { height: HEIGHT } : { width: labelled.width, height: HEIGHT - MARGIN_BOTTOM + labelled.marginBottom, marginBottom: labelled.marginBottom }),
    x: { label: axisLabel, ticks: [], domain: [0.5, n + 0.5] },
    y: { label: 'RBO (0–1)', domain: [0, 1], grid: true },
    marks: [
      Plot.ruleX(points, { x: 'position', y1: 'min', y2: 'max', stroke: BAND, strokeWidth: n <= MAX_LABELLED_QUERIES ? 6 : 3 }),
      Plot.ruleY([data.mean.ext], { stroke: '#555', strokeDasharray: '4 3' }),
      Plot.dot(points, { x: 'position', y: 'ext', fill: WIN, r: n <= MAX_LABELLED_QUERIES ? 3.5 : 2.5, title }),
      ...(labelled?.axis ?? []),
    ],
  });
  const spread = n > MAX_DRAWN_QUERIES ? ` ${points.length} of the ${n} queries are drawn, spread evenly over the sorted order.` : '';
  const caption = `Each dot is a query's RBO (the estimate, ext), the band behind it the range its bounds allow (min to max); sorted from the lowest, so the queries whose results moved most are at the left. The dashed line is the mean, ${score(data.mean.ext)}.${spread}`;
  return figure('rbo per query', chart, caption, `RBO per query: <bdi>${escapeHtml(data.runs[0]!)}</bdi> and <bdi>${escapeHtml(data.runs[1]!)}</bdi>`);
}

/** A rank, or the span of the tie it is in: `3`, `3–4`. */
const ranksText = ([first, last]: readonly [number, number]): string => (first === last ? String(first) : `${first}–${last}`);

/** One run's top documents as a table (rank, id, rank in the other run), the documents both rank marked. */
function rankingSide(name: string, other: string, { top, length }: MovedQuery['a'], shown: number): string {
  const row = (document: OverlapDocument) =>
    `<tr${document.other === null ? '' : ' class="shared"'}><td class="number">${ranksText(document.ranks)}</td><td>${escapeHtml(document.id)}</td><td class="number">${document.other === null ? '–' : ranksText(document.other)}</td></tr>`;
  const head = `<h4><bdi>${escapeHtml(name)}</bdi> · ${length} ${length === 1 ? 'document' : 'documents'}${length > shown ? `, the top ${top.length} shown` : ''}</h4>`;
  return `<div class="side">${head}<div class="scroll"><table class="ranking"><thead><tr><th>rank</th><th>id</th><th>rank in <bdi>${escapeHtml(other)}</bdi></th></tr></thead><tbody>${top.map(row).join('')}</tbody></table></div></div>`;
}

/** The queries that moved most, each with both rankings side by side. */
function movedSection(data: OverlapReportData): string {
  const [a, b] = data.runs as [string, string];
  const articles = data.moved.map((query) => {
    const question = query.question === undefined ? '' : `: ${escapeHtml(query.question)}`;
    const figures = `RBO ${score(query.ext)} (${score(query.min)} – ${score(query.max)}) · Jaccard ${score(query.jaccard)}`;
    return `<article class="moved"><h3><bdi>${escapeHtml(query.query)}</bdi>${question} <span class="figures">${figures}</span></h3><div class="sides">${rankingSide(a, b, query.a, data.shown)}${rankingSide(b, a, query.b, data.shown)}</div></article>`;
  });
  const depth = data.depth === null ? 'anywhere in its ranking' : `in its top ${data.depth}`;
  const legend = `<p class="legend">The ${data.moved.length === 1 ? 'query' : `${data.moved.length} queries`} of lowest RBO, each with the top ${data.shown} of both rankings. A document in bold the other run ranks too (${depth}), at the rank its last column gives; – marks one it does not rank. A span such as 3–4 is a tie.</p>`;
  return `<section><h2>Queries that moved most</h2>${legend}${articles.join('')}</section>`;
}

/** The sections of the report of two runs without a golden set. */
export function overlapSections(data: OverlapReportData, kit: ChartKit): string[] {
  return [summarySection(data), `<section><h2>RBO per query</h2><div class="grid">${rboChart(data, kit)}</div></section>`, ...(data.moved.length === 0 ? [] : [movedSection(data)])];
}
