// `rankeval agree`'s output: how far two label sets agree (overall and, on request, per query), their
// confusion matrix, and with runs how the systems' order moves between them — as text, Markdown, CSV or JSON.
import type { AgreementFigures, LabelAgreement } from '../agreement/label-agreement.js';
import { differentQueriesText, type OrderAgreement, type SystemAgreement } from '../agreement/order-agreement.js';
import { escapeControls, escapeMarkdown } from './escape.js';
import { type Cell, type Column, renderTable, type TableFormat } from './table.js';

/** What `rankeval agree` found: the label sets' names (A the reference), their agreement, and the systems'. */
export interface AgreeReport {
  readonly names: readonly [a: string, b: string];
  readonly labels: LabelAgreement;
  /** Two nugget assigners' (rankeval agree --nuggets): `labels` is over all nuggets, these over the vital and the okay ones. */
  readonly nuggets?: { readonly vital: LabelAgreement | null; readonly okay: LabelAgreement | null };
  readonly systems?: SystemAgreement;
  /** The settings the figures depend on, shown under them. */
  readonly relevanceThreshold: number;
  readonly samples: number;
  readonly seed: number;
  readonly test: string;
  readonly alpha: number;
  readonly correction: string;
}

const LABEL_COLUMNS: readonly Column[] = [
  { name: 'scope', kind: 'text' },
  { name: 'name', kind: 'text' },
  { name: 'judged', kind: 'count' },
  { name: 'exact', kind: 'score' },
  { name: 'kappa', kind: 'score' },
  { name: 'kappa_linear', kind: 'score' },
  { name: 'kappa_quadratic', kind: 'score' },
  { name: 'alpha', kind: 'score' },
  { name: 'binary', kind: 'score' },
  { name: 'binary_kappa', kind: 'score' },
];

const labelCells = (figures: AgreementFigures): Cell[] => [
  figures.judged,
  figures.exact,
  figures.kappa.unweighted,
  figures.kappa.linear,
  figures.kappa.quadratic,
  figures.alpha,
  figures.binary.agreement,
  figures.binary.kappa,
];

const RUN_COLUMNS: readonly Column[] = [
  { name: 'run', kind: 'text' },
  { name: 'mean_a', kind: 'score' },
  { name: 'mean_b', kind: 'score' },
  { name: 'rank_a', kind: 'count' },
  { name: 'rank_b', kind: 'count' },
];

const ORDER_COLUMNS: readonly Column[] = [
  { name: 'scope', kind: 'text' },
  { name: 'systems', kind: 'count' },
  { name: 'tau_b', kind: 'score' },
  { name: 'tau_ap_b', kind: 'score' },
  { name: 'spearman', kind: 'score' },
];

const FLIP_COLUMNS: readonly Column[] = [
  { name: 'higher', kind: 'text' },
  { name: 'lower', kind: 'text' },
  { name: 'delta_a', kind: 'score' },
  { name: 'delta_b', kind: 'score' },
  { name: 'p_a', kind: 'score' },
  { name: 'p_b', kind: 'score' },
  { name: 'significant', kind: 'text' },
];

const orderCells = (order: OrderAgreement): Cell[] => [order.systems, order.tauB, order.tauAPB, order.spearman];

/** A flip's `significant`: `yes`, `no`, or blank where there is no test (fewer than two queries). */
const significance = (significant: boolean | null): string | null => (significant === null ? null : significant ? 'yes' : 'no');

/** Rank of each run (1 the best) by `mean`, ties sharing the best rank of their group. */
function ranksBy(runs: SystemAgreement['runs'], mean: 'meanA' | 'meanB'): Map<string, number> {
  return new Map(runs.map((run) => [run.run, 1 + runs.filter((other) => other[mean] > run[mean]).length]));
}

/**
 * Renders what `rankeval agree` found. Text and Markdown: the label table (`all`, then with `perQuery` a row
 * per query), the intervals, the binary counts, the confusion matrix and the documents one side only judged;
 * with runs, their means and ranks under each label set, the rank correlations and the flipped pairs.
 * CSV: one figure a row (`section,name,statistic,value`, every digit), as the parts have different columns.
 * JSON: the whole result (per query with `perQuery`).
 */
export function renderAgreement(report: AgreeReport, format: TableFormat | 'json', perQuery: boolean): string {
  if (format === 'json') return `${JSON.stringify(jsonOf(report, perQuery), null, 2)}\n`;
  if (format === 'csv') return renderTable(FIGURE_COLUMNS, figureRows(report, perQuery), 'csv');
  const escape = format === 'markdown' ? escapeMarkdown : escapeControls;
  const [a, b] = report.names.map(escape) as [string, string];
  const { labels } = report;
  const rows: Cell[][] = [['all', '', ...labelCells(labels)], ...importanceRows(report).map(([scope, figures]) => [scope, '', ...labelCells(figures)])];
  if (perQuery) for (const [qid, figures] of Object.entries(labels.perQuery)) rows.push(['query', qid, ...labelCells(figures)]);
  const over = report.nuggets === undefined ? 'over the documents both judge' : 'over the nuggets both assign (a query: a run\'s answer to a topic; a document: a nugget; grades: 0 not_support, 1 partial_support, 2 support)';
  const parts = [`labels: A ${a}, B ${b}; ${over}`, renderTable(LABEL_COLUMNS, rows, format)];
  const blank = blankNote(rows, report.relevanceThreshold);
  if (blank !== undefined) parts.push(blank);
  parts.push(`${labelNotes(report, a, b)}\n`, `grades given (rows: A ${a}; columns: B ${b})`, confusionTable(labels, format));
  if (report.systems !== undefined) parts.push(systemsText(report.systems, report, format));
  return parts.join('\n');
}

/** The vital and okay figures of two nugget assigners, where there are any. */
function importanceRows({ nuggets }: AgreeReport): [string, AgreementFigures][] {
  if (nuggets === undefined) return [];
  return (['vital', 'okay'] as const).flatMap((importance) => (nuggets[importance] === null ? [] : [[importance, nuggets[importance]] as [string, AgreementFigures]]));
}

/**
 * Why a label row has blanks, where it has any. κ (each weighting) and α are undefined only where both sides
 * give every document one and the same grade (one side alone constant gives κ 0 and α a number); the binary
 * κ likewise, where both call every document relevant or both call none relevant.
 */
function blankNote(rows: readonly Cell[][], threshold: number): string | undefined {
  const at = (name: string): number => LABEL_COLUMNS.findIndex((column) => column.name === name);
  const graded = ['kappa', 'kappa_linear', 'kappa_quadratic', 'alpha'].map(at);
  const reasons: string[] = [];
  if (rows.some((row) => graded.some((i) => row[i] === null))) reasons.push('kappa (each weighting) and alpha where both sides give every document one and the same grade');
  if (rows.some((row) => row[at('binary_kappa')] === null)) reasons.push(`binary_kappa where both sides call every document relevant (grade ≥ ${threshold}), or both call none relevant`);
  return reasons.length === 0 ? undefined : `(a blank is undefined: ${reasons.join('; ')})\n`;
}

function labelNotes(report: AgreeReport, a: string, b: string): string {
  const { labels } = report;
  const interval = (range: readonly [number, number] | null): string => (range === null ? 'undefined' : `${range[0].toFixed(4)} to ${range[1].toFixed(4)}`);
  const { kappa, alpha } = labels.intervals;
  const only = (side: Readonly<Record<string, readonly string[]>>): string => {
    const lists = Object.values(side);
    const documents = lists.reduce((sum, list) => sum + list.length, 0);
    return `${documents} ${documents === 1 ? 'document' : 'documents'} in ${lists.length} ${lists.length === 1 ? 'query' : 'queries'}`;
  };
  const { both, onlyA, onlyB, neither } = labels.binary;
  return [
    `95% intervals (bootstrap over queries, ${report.samples} resamples, seed ${report.seed}): kappa ${interval(kappa.unweighted)}, kappa_linear ${interval(kappa.linear)}, kappa_quadratic ${interval(kappa.quadratic)}, alpha ${interval(alpha)}`,
    `relevant (grade ≥ ${report.relevanceThreshold}): both ${both}, A only ${onlyA}, B only ${onlyB}, neither ${neither}`,
    Object.keys(labels.onlyA).length + Object.keys(labels.onlyB).length === 0
      ? 'judged on one side only: none'
      : `judged on one side only: A ${a} ${only(labels.onlyA)}, B ${b} ${only(labels.onlyB)}`,
  ].join('\n');
}

function confusionTable(labels: LabelAgreement, format: TableFormat): string {
  const { grades, counts } = labels.confusion;
  const columns: Column[] = [{ name: 'A \\ B', kind: 'text' }, ...grades.map((grade): Column => ({ name: String(grade), kind: 'count' }))];
  return renderTable(columns, counts.map((row, i) => [String(grades[i]), ...row]), format);
}

function systemsText(systems: SystemAgreement, report: AgreeReport, format: TableFormat): string {
  const [rankA, rankB] = [ranksBy(systems.runs, 'meanA'), ranksBy(systems.runs, 'meanB')];
  const runRows = systems.runs.map((run): Cell[] => [run.run, run.meanA, run.meanB, rankA.get(run.run)!, rankB.get(run.run)!]);
  const orders = renderTable(ORDER_COLUMNS, [['all', ...orderCells(systems)], [`top ${systems.top.systems}`, ...orderCells(systems.top)]], format);
  const test = `${report.correction === 'none' ? '' : `${report.correction}-corrected `}p of the paired ${report.test} test`;
  const flips =
    systems.flips.length === 0
      ? 'no pair of systems changes order\n'
      : renderTable(FLIP_COLUMNS, systems.flips.map((flip): Cell[] => [flip.higher, flip.lower, flip.deltaA, flip.deltaB, flip.pValueA, flip.pValueB, significance(flip.significant)]), format);
  return [
    `systems on ${systems.measure}, best under A first; means over the ${systems.queries} ${systems.queries === 1 ? 'query' : 'queries'} both label sets judge`,
    renderTable(RUN_COLUMNS, runRows, format),
    'rank correlation of the two orders (A the reference)',
    orders,
    `pairs whose order flips (delta: mean of higher − mean of lower; p: ${test}; significant: p < ${report.alpha} under either)`,
    flips,
  ].join('\n');
}

const FIGURE_COLUMNS: readonly Column[] = [
  { name: 'section', kind: 'text' },
  { name: 'name', kind: 'text' },
  { name: 'statistic', kind: 'text' },
  { name: 'value', kind: 'score' },
];

/** Every figure as `section, name, statistic, value` rows, for CSV. */
function figureRows(report: AgreeReport, perQuery: boolean): Cell[][] {
  const rows: Cell[][] = [];
  const names = LABEL_COLUMNS.slice(2).map((column) => column.name);
  const labelRows = (name: string, figures: AgreementFigures): void => labelCells(figures).forEach((value, i) => rows.push(['labels', name, names[i]!, value]));
  labelRows('all', report.labels);
  for (const [scope, figures] of importanceRows(report)) labelRows(scope, figures);
  if (perQuery) for (const [qid, figures] of Object.entries(report.labels.perQuery)) labelRows(qid, figures);
  const { grades, counts } = report.labels.confusion;
  counts.forEach((row, i) => row.forEach((count, j) => rows.push(['confusion', `a=${grades[i]} b=${grades[j]}`, 'documents', count])));
  const { systems } = report;
  if (systems === undefined) return rows;
  rows.push(['runs', 'all', 'queries', systems.queries]);
  for (const run of systems.runs) rows.push(['runs', run.run, 'mean_a', run.meanA], ['runs', run.run, 'mean_b', run.meanB]);
  for (const [scope, order] of [['all', systems], [`top ${systems.top.systems}`, systems.top]] as const) {
    ORDER_COLUMNS.slice(2).forEach((column, i) => rows.push(['orders', scope, column.name, orderCells(order)[i + 1]!]));
  }
  for (const flip of systems.flips) {
    const values = [flip.deltaA, flip.deltaB, flip.pValueA, flip.pValueB, flip.significant === null ? null : flip.significant ? 1 : 0];
    FLIP_COLUMNS.slice(2).forEach((column, i) => rows.push(['flips', `${flip.higher} > ${flip.lower}`, column.name, values[i]!]));
  }
  return rows;
}

/**
 * systemAgreement's warnings as `rankeval agree` says them on stderr, one line each, the label sets named
 * by `names` (their files) where the library says `qrelsA` and `qrelsB`.
 */
export function systemWarningLines(systems: SystemAgreement, names: readonly [string, string]): string[] {
  return systems.warnings.map((warning) => (warning.code === 'different_queries' ? differentQueriesText(names, warning.onlyA, warning.onlyB, systems.queries) : warning.message));
}

function jsonOf(report: AgreeReport, perQuery: boolean): unknown {
  const { perQuery: queries, ...labels } = report.labels;
  const { names, systems, labels: _all, nuggets, ...settings } = report;
  const byImportance = nuggets === undefined ? {} : { nuggets: Object.fromEntries(Object.entries(nuggets).map(([importance, figures]) => [importance, figures === null || perQuery ? figures : { ...figures, perQuery: undefined }])) };
  return { a: names[0], b: names[1], settings, labels: perQuery ? { ...labels, perQuery: queries } : labels, ...byImportance, ...(systems === undefined ? {} : { systems }) };
}
