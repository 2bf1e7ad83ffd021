// `rankeval/report`: the HTML report as a library. Its own entry; Observable Plot and linkedom, optional peer
// dependencies, load on the first render (src/report/load.ts), so importing this entry needs neither.
import { argument, fail, option } from '../core/errors.js';
import { ownOptions } from '../core/boundary.js';
import { reportDataWith } from './data.js';
import { readReportOptions } from './options.js';
import { OVERLAP_REPORT_OPTION_KEYS, overlapReportDataWith } from './overlap-data.js';
import type { OverlapReportData, OverlapReportInput, OverlapReportOptions, ReportData, ReportInput, ReportOptions, ReportScoresInput } from './types.js';
import type { RenderOptions } from './html.js';
import { loadRenderer } from './load.js';
import { RUN_COLOURS } from './palette.js';

export { reportData } from './data.js';
export { overlapReportData } from './overlap-data.js';
export type {
  CurvePoint,
  DeltaSeries,
  LossList,
  LostQuery,
  LostScore,
  LostView,
  MeanBar,
  MovedQuery,
  OverlapDocument,
  OverlapReportData,
  OverlapReportInput,
  OverlapReportOptions,
  QueryDelta,
  QueryOverlapRow,
  ReportData,
  ReportInput,
  ReportOptions,
  ReportScoresInput,
  ScoreLossList,
  SliceMean,
} from './types.js';
export type { RenderOptions } from './html.js';

const RENDER_OPTION_KEYS = ['title', 'subtitle'] as const satisfies readonly (keyof RenderOptions)[];

/**
 * Renders a report of runs against a golden set as one self-contained HTML page: the comparison table,
 * means with intervals, recall@k and precision@k curves, per-query differences, per-slice means and the
 * queries that lost most. Asynchronous because it loads Observable Plot and linkedom on first use. From
 * `{ scores }`, per-query scores already computed (`nuggetComparisonScores`, say), the report of
 * `compareScores`: the parts that need rankings (curves, the rankings of the queries lost most) are left
 * out, and the page says so.
 *
 * @throws {RankevalError} `missing_dependency` when @observablehq/plot or linkedom is not installed; the
 *   errors of `reportData` for bad input, and `invalid_option` for an option neither it nor the page takes,
 *   a title that is not a string, subtitle lines that are not an array of strings, or more runs than the
 *   charts have colours for.
 */
export async function renderReport(input: ReportInput | ReportScoresInput, options: ReportOptions & RenderOptions): Promise<string> {
  const renderer = await loadRenderer();
  // One list of keys, the report's and the page's, read once: each part takes its own.
  const settings = readReportOptions(options, 'renderReport', RENDER_OPTION_KEYS);
  const data = reportDataWith(input, settings, 'renderReport');
  checkRunCount(data, 'renderReport');
  return renderer.renderReportData(data, renderOptions(settings.options as RenderOptions, 'renderReport'));
}

/**
 * Renders a report of two runs without a golden set as one self-contained HTML page: the mean RBO with its
 * bounds and the Jaccard index, a chart of each query's RBO, sorted, and the queries that moved most with
 * both rankings side by side (see `overlapReportData`). Asynchronous as `renderReport` is.
 *
 * @throws {RankevalError} `missing_dependency` as `renderReport`; the errors of `overlapReportData`, and
 *   `invalid_option` for an option neither it nor the page takes, or a title or subtitle as `renderReport`
 * @example
 * const html = await renderOverlapReport({ runs: { bm25, dense } }, { depth: 10, title: 'BM25 against dense' });
 */
export async function renderOverlapReport(input: OverlapReportInput, options: OverlapReportOptions & RenderOptions = {}): Promise<string> {
  const fn = 'renderOverlapReport';
  const renderer = await loadRenderer();
  const { title, subtitle, ...own } = ownOptions(options, [...OVERLAP_REPORT_OPTION_KEYS, ...RENDER_OPTION_KEYS], fn);
  const page = renderOptions({ ...(title === undefined ? {} : { title }), ...(subtitle === undefined ? {} : { subtitle }) }, fn);
  return renderer.renderReportData(overlapReportDataWith(input, own, fn), page);
}

/**
 * Renders report data already computed (see `reportData` and `overlapReportData`); loads the libraries as
 * `renderReport` does.
 *
 * @throws {RankevalError} `invalid_option` for an option that is not `title` or `subtitle` or is not of its
 *   type, for data that is not an object with the lists `reportData` (or `overlapReportData`) returns, or
 *   for more runs than the charts have colours for
 */
export async function renderReportData(data: ReportData | OverlapReportData, options: RenderOptions = {}): Promise<string> {
  const own = ownOptions(options, RENDER_OPTION_KEYS, 'renderReportData');
  checkReportData(data);
  if (!('kind' in data)) checkRunCount(data, 'renderReportData');
  return (await loadRenderer()).renderReportData(data, renderOptions(own, 'renderReportData'));
}

/** Every run has a colour of its own in the charts: more runs than colours would make two runs look alike. */
function checkRunCount(data: ReportData, fn: string): void {
  if (data.runs.length > RUN_COLOURS.length) fail('invalid_option', fn, { kind: 'argument', argument: 'runs' }, `at most ${RUN_COLOURS.length} runs, each drawn in a colour of its own (report fewer at a time)`, data.runs.length);
}

/**
 * The page's own options, from options already read (own keys only), checked: a title that is
 * not a string, or subtitle lines that are not, would be drawn as nonsense.
 */
function renderOptions(options: RenderOptions, fn: string): RenderOptions {
  const { title, subtitle } = options;
  if (title !== undefined && typeof title !== 'string') fail('invalid_option', fn, { kind: 'option', option: 'title' }, 'a string', title);
  // A string is refused rather than taken as one line: it is not the type, and each of its characters would be a line.
  if (subtitle !== undefined && !Array.isArray(subtitle)) fail('invalid_option', fn, { kind: 'option', option: 'subtitle' }, 'an array of strings (one a line)', subtitle);
  subtitle?.forEach((line, i) => typeof line === 'string' || fail('invalid_option', fn, `\`subtitle[${i}]\``, 'a string', line, { subject: option('subtitle'), facts: { index: i } }));
  return { ...(title === undefined ? {} : { title }), ...(subtitle === undefined ? {} : { subtitle }) };
}

// The fields the page reads as lists: data made by hand or read back from JSON may lack one.
const DATA_LISTS = ['runs', 'measures', 'bars', 'curves', 'deltas', 'slices', 'losses', 'warnings'] as const satisfies readonly (keyof ReportData)[];
const OVERLAP_DATA_LISTS = ['runs', 'queries', 'moved', 'onlyA', 'onlyB'] as const satisfies readonly (keyof OverlapReportData)[];

/**
 * A shape check of data that may not come from `reportData` or `overlapReportData` (JSON written by hand or
 * by another version, say): its values are theirs to check. Data with `kind: 'overlap'` is the latter's.
 */
function checkReportData(data: unknown): asserts data is ReportData | OverlapReportData {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) fail('invalid_option', 'renderReportData', argument('data'), 'the report data `reportData` returns', data);
  const record = data as Record<string, unknown>;
  if ('kind' in record && record.kind !== 'overlap') fail('invalid_option', 'renderReportData', argument('data.kind'), "'overlap' (the data `overlapReportData` returns) or none", record.kind);
  const lists = 'kind' in record ? OVERLAP_DATA_LISTS : DATA_LISTS;
  for (const key of lists) if (!Array.isArray(record[key])) fail('invalid_option', 'renderReportData', argument(`data.${key}`), 'an array', record[key]);
}
