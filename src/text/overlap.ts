// `rankeval overlap`'s output: two runs' RBO and Jaccard, the mean over the queries both rank and, on request,
// each query, as a table, Markdown, CSV or JSON; then the queries whose results moved most.
import type { Overlap } from '../agreement/overlap.js';
import { escapeControls, escapeMarkdown } from './escape.js';
import { type Cell, type Column, renderTable, type TableFormat } from './table.js';

/** How many of the queries that moved most the text names. */
export const MOVED_SHOWN = 10;

const COLUMNS: readonly Column[] = [
  { name: 'scope', kind: 'text' },
  { name: 'name', kind: 'text' },
  { name: 'queries', kind: 'count' },
  { name: 'rbo', kind: 'score' },
  { name: 'rbo_min', kind: 'score' },
  { name: 'rbo_max', kind: 'score' },
  { name: 'jaccard', kind: 'score' },
];

/**
 * Renders an overlap: a row for all queries (`all`), then with `perQuery` a row per query in id order;
 * in text and Markdown, the settings and the queries of lowest RBO after the table. JSON holds it all.
 */
export function renderOverlap(result: Overlap, format: TableFormat | 'json', perQuery: boolean): string {
  if (format === 'json') {
    const { perQuery: rows, ...rest } = result;
    return `${JSON.stringify({ ...rest, ...(perQuery ? { perQuery: Object.fromEntries(rows) } : {}) }, null, 2)}\n`;
  }
  const scores = (row: Overlap['mean']): Cell[] => [row.ext, row.min, row.max, row.jaccard];
  const rows: Cell[][] = [['all', '', result.perQuery.size, ...scores(result.mean)]];
  if (perQuery) for (const [qid, row] of result.perQuery) rows.push(['query', qid, 1, ...scores(row)]);
  const table = renderTable(COLUMNS, rows, format);
  if (format === 'csv') return table;
  const escape = format === 'markdown' ? escapeMarkdown : escapeControls;
  const moved = result.moved.slice(0, MOVED_SHOWN).map((qid) => `${escape(qid)} ${result.perQuery.get(qid)!.ext.toFixed(4)}`);
  const settings = `p ${result.p} (rbo is ext, the estimate; rbo_min and rbo_max its bounds), ties ${result.ties}, depth ${result.depth ?? 'whole rankings'}`;
  return `${table}\nmoved most (lowest rbo): ${moved.join(', ')}\n${settings}\n`;
}
