// The report as one self-contained HTML file: charts drawn by Observable Plot into a server-side DOM
// (linkedom) as static SVG, styles inline, no script and no network access when opened.
import { curvesSection, meansSection, slicesSection } from './charts.js';
import { differencesSection } from './differences.js';
import { escapeHtml, signed } from './markup.js';
import { createChartKit } from './plot.js';
import { STYLE } from './style.js';
import { comparisonTable, latencyTable, lostQuery } from './tables.js';
import { overlapSections } from './overlap-section.js';
import type { OverlapReportData, ReportData } from './types.js';

export interface RenderOptions {
  /** The page's title. Default "Retrieval evaluation report". */
  readonly title?: string;
  /** Lines under the title (the files compared, say). */
  readonly subtitle?: readonly string[];
}

/** Renders report data already computed (see `reportData` and `overlapReportData`). */
export function renderReportData(data: ReportData | OverlapReportData, options: RenderOptions = {}): string {
  if ('kind' in data) return renderOverlapData(data, options);
  const kit = createChartKit(data);
  const sections: string[] = [];
  if (data.comparison !== null) sections.push(`<section><h2>Comparison</h2>${comparisonTable(data)}</section>`);
  sections.push(meansSection(data, kit));
  if (data.latency !== undefined && data.latency.length > 0) sections.push(`<section><h2>Latency</h2>${latencyTable(data.latency)}</section>`);
  // A report made from scores has no rankings: the curves and the rankings of the queries lost most are left out, said once.
  const fromScores = data.scoreLosses !== undefined;
  sections.push(fromScores ? `<section><h2>Recall and precision by cutoff</h2><p class="left-out">${LEFT_OUT}</p></section>` : curvesSection(data, kit));
  if (data.deltas.length > 0) sections.push(differencesSection(data, kit));
  if (data.slices.length > 0) sections.push(slicesSection(data, kit));
  for (const losses of data.losses) sections.push(lossSection(data, losses));
  for (const losses of data.scoreLosses ?? []) sections.push(scoreLossSection(data, losses));
  const summary = `${data.queries} ${fromScores ? 'queries' : 'judged queries'} · runs: ${data.runs.map((run) => (run === data.baseline ? `${run} (baseline)` : run)).join(', ')} · measures: ${data.measures.join(', ')}`;
  const footer = fromScores ? '<code>compareScores</code> and <code>rankeval nuggets --compare</code>' : '<code>rankeval eval</code> and <code>rankeval compare</code>';
  const page = { title: fromScores ? 'Evaluation report' : 'Retrieval evaluation report', summary, warnings: data.warnings, footer };
  return pageOf(page, options, sections);
}

const LEFT_OUT =
  'Left out: this report was made from per-query scores (compareScores), which hold no rankings, so there are no recall@k and precision@k curves and no rankings beside the queries lost most. The means, the per-query differences and the comparison are those of the scores.';

/** The queries a candidate lost most in a report made from scores: each with both runs' scores, no ranking. */
function scoreLossSection(data: ReportData, { measure, candidate, queries }: NonNullable<ReportData['scoreLosses']>[number]): string {
  const title = `<h2>Queries ${escapeHtml(candidate)} lost most on ${escapeHtml(measure)}</h2>`;
  if (queries.length === 0) return `<section>${title}<p>${escapeHtml(candidate)} loses no query against ${escapeHtml(data.baseline)} on ${escapeHtml(measure)}.</p></section>`;
  const rows = queries.map(
    (query) =>
      `<tr><td><bdi>${escapeHtml(query.query)}</bdi>${query.question === undefined ? '' : `: ${escapeHtml(query.question)}`}</td><td class="number">${query.baseline.toFixed(4)}</td><td class="number">${query.candidate.toFixed(4)}</td><td class="number">${signed(query.delta)}</td></tr>`,
  );
  const head = `<tr><th>query</th><th>${escapeHtml(data.baseline)}</th><th>${escapeHtml(candidate)}</th><th>Δ</th></tr>`;
  return `<section>${title}<div class="scroll"><table class="lost-scores"><thead>${head}</thead><tbody>${rows.join('')}</tbody></table></div></section>`;
}

/** The report of two runs without a golden set. */
function renderOverlapData(data: OverlapReportData, options: RenderOptions): string {
  const summary = `${data.queries.length} queries both runs rank · runs: ${data.runs.join(', ')} · p ${data.p}, ties ${data.ties}, depth ${data.depth ?? 'whole rankings'}`;
  const page = { title: 'Retrieval overlap report', summary, warnings: [], footer: '<code>rankeval overlap</code>' };
  return pageOf(page, options, overlapSections(data, createChartKit(data)));
}

/** The queries a candidate lost most, each with both runs' rankings. */
function lossSection(data: ReportData, { measure, candidate, queries }: ReportData['losses'][number]): string {
  const body =
    queries.length === 0
      ? `<p>${escapeHtml(candidate)} loses no query against ${escapeHtml(data.baseline)} on ${escapeHtml(measure)}.</p>`
      : queries.map((query) => lostQuery(query, data.baseline, candidate, measure)).join('');
  return `<section><h2>Queries ${escapeHtml(candidate)} lost most on ${escapeHtml(measure)}</h2>${body}</section>`;
}

/** What a page says around its sections: its default title, its summary line and warnings (text), and the commands its numbers match (markup). */
interface PageText {
  readonly title: string;
  readonly summary: string;
  readonly warnings: readonly string[];
  readonly footer: string;
}

/** The page around the sections: title, subtitle lines, warnings, style and footer. */
function pageOf(text: PageText, options: RenderOptions, sections: readonly string[]): string {
  const title = options.title ?? text.title;
  const subtitle = [...(options.subtitle ?? []), text.summary];
  const warnings = text.warnings.length === 0 ? '' : `<ul class="warnings">${text.warnings.map((warning) => `<li>${escapeHtml(warning)}</li>`).join('')}</ul>`;
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
<footer><p>Made by rankeval. Every number comes from the same functions as ${text.footer}.</p></footer>
</body>
</html>
`;
}
