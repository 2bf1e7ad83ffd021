// The report's tables as HTML: the comparison, the latency, the means per slice, the curves' one cutoff, and
// the rankings of the queries lost most (with a budget's window where the measure has one).
import type { BudgetedDocument, BudgetExplanation } from '../analysis/explain.js';
import { budgetSentence, budgetWording, explanationTable, missedText } from '../text/explain.js';
import { comparisonCells, comparisonLegend } from '../text/comparison.js';
import { towardsBetter } from '../measures/reading.js';
import type { ReportData } from './types.js';
import { escapeHtml, levelText, signed } from './markup.js';

/** With rankings one document deep there is one cutoff and no curve: its values, plainly. */
export function firstDocumentTable(data: ReportData): string {
  const value = (run: string, metric: 'recall' | 'precision') => data.curves.find((point) => point.run === run && point.metric === metric && point.k === 1)!.value.toFixed(4);
  const rows = data.runs.map((run) => `<tr><td>${escapeHtml(run)}</td><td class="number">${value(run, 'recall')}</td><td class="number">${value(run, 'precision')}</td></tr>`);
  return `<p>No ranking goes deeper than one document, so there is one cutoff and no curve to draw: the mean recall@1 and precision@1 of each run.</p>
<div class="scroll"><table class="cutoff"><thead><tr><th>run</th><th>recall@1</th><th>precision@1</th></tr></thead><tbody>${rows.join('')}</tbody></table></div>`;
}

export function comparisonTable(data: ReportData): string {
  const comparison = data.comparison!;
  const pName = comparison.correction === 'none' ? 'p' : `p (${comparison.correction})`;
  const head = ['measure', 'run', 'mean', 'Δ', 'Δ%', pName, `${levelText(data)} CI of Δ`, 'W/T/L', 'd'];
  const rows = comparison.rows.map((row) => {
    const cells = comparisonCells(row);
    const mark = row.significant ? (towardsBetter(row.measure, row.delta!) > 0 ? ' class="significant better"' : ' class="significant worse"') : '';
    const values = [row.measure, row.run, cells.mean, cells.delta, cells.relative, cells.p, cells.interval, cells.record, cells.effect];
    return `<tr${mark}>${values.map((value, i) => `<td${i >= 2 ? ' class="number"' : ''}>${escapeHtml(value ?? '')}</td>`).join('')}</tr>`;
  });
  return `<div class="scroll"><table class="comparison"><thead><tr>${head.map((cell) => `<th>${escapeHtml(cell)}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table></div>
<p class="legend">${escapeHtml(comparisonLegend(comparison))}. Significant rows are shaded: blue better than the baseline, orange worse.</p>`;
}

/** The fewest queries a tag's latency row is shown for: percentiles of fewer say little. */
export const LATENCY_TAG_QUERIES = 5;

/**
 * The latency of the timed runs, overall then per slice (the page's "tag") of at least LATENCY_TAG_QUERIES
 * queries, in milliseconds; the caption counts the tags left out.
 */
export function latencyTable(all: NonNullable<ReportData['latency']>): string {
  // Three significant digits or so: an in-memory retriever answers in a fraction of a millisecond.
  const ms = (value: number): string => value.toFixed(value < 1 ? 3 : value < 10 ? 2 : 1);
  const rows = all.filter((row) => row.tag === null || row.queries >= LATENCY_TAG_QUERIES);
  const small = new Set(all.filter((row) => !rows.includes(row)).map((row) => row.tag));
  const leftOut = small.size === 0 ? '' : ` ${small.size === 1 ? 'One tag' : `${small.size} tags`} of fewer than ${LATENCY_TAG_QUERIES} timed queries ${small.size === 1 ? 'is' : 'are'} not shown.`;
  const body = rows.map(
    (row) =>
      `<tr><td>${escapeHtml(row.run)}</td><td>${row.tag === null ? 'all' : escapeHtml(row.tag)}</td><td class="number">${row.queries}</td>${[row.mean, row.p50, row.p95, row.max].map((value) => `<td class="number">${ms(value)}</td>`).join('')}</tr>`,
  );
  return `<div class="scroll"><table class="latency"><thead><tr><th>run</th><th>tag</th><th>queries</th><th>mean ms</th><th>p50 ms</th><th>p95 ms</th><th>max ms</th></tr></thead><tbody>${body.join('')}</tbody></table></div>
<p class="legend">The time each query's ranking took (the run file's <code>latency_ms</code>, as evaluateRetriever measures it, failed and timed-out calls included when writeRun was given the failures), over the judged queries the run times (those the means are over). Percentiles interpolate linearly between the closest ranks.${leftOut}</p>`;
}

/** Each run's mean on each measure per slice, a row per slice (the page's "tag"). */
export function sliceTable(data: ReportData): string {
  const labels = [...new Set(data.slices.map((slice) => slice.tag))];
  const head = ['tag', 'queries', ...data.measures.flatMap((measure) => data.runs.map((run) => `${measure} · ${run}`))];
  const rows = labels.map((label) => {
    const cells = data.measures.flatMap((measure) => data.runs.map((run) => data.slices.find((slice) => slice.tag === label && slice.measure === measure && slice.run === run)!.mean.toFixed(4)));
    const queries = data.slices.find((slice) => slice.tag === label)!.queries;
    return `<tr><td>${escapeHtml(label)}</td><td class="number">${queries}</td>${cells.map((cell) => `<td class="number">${cell}</td>`).join('')}</tr>`;
  });
  return `<div class="scroll"><table class="slices"><thead><tr>${head.map((cell) => `<th>${escapeHtml(cell)}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table></div>`;
}

export function lostQuery(query: ReportData['losses'][number]['queries'][number], baseline: string, candidate: string, measure: string): string {
  const side = (name: string, explained: typeof query.baseline): string => {
    const head = `<h4>${escapeHtml(name)} · ${escapeHtml(measure)} ${explained.score.toFixed(4)}</h4>`;
    if (!('window' in explained)) return `<div class="side">${head}${rankingTable(explained)}<p class="missed">${escapeHtml(missedText(explained))}</p></div>`;
    const missed = missedText(explained, budgetWording(explained));
    return `<div class="side">${head}<p class="budget">${escapeHtml(budgetSentence(explained.window))}</p>${budgetTableHtml(explained)}<p class="missed">${escapeHtml(missed)}</p></div>`;
  };
  const labels = query.tags.length > 0 ? ` <span class="tags">${query.tags.map(escapeHtml).join(', ')}</span>` : '';
  const question = query.question === undefined ? '' : `: ${escapeHtml(query.question)}`;
  return `<article class="lost"><h3><bdi>${escapeHtml(query.query)}</bdi>${question}${labels} <span class="delta">Δ ${signed(query.delta)}</span></h3><div class="sides">${side(baseline, query.baseline)}${side(candidate, query.candidate)}</div></article>`;
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
