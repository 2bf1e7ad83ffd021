// `rankeval pool`'s summary: the pool's queries and pairs, each run's Judged@depth and the pairs it alone
// brings, and on request each query, as a table, Markdown, CSV or JSON.
import type { PoolStats } from '../judging/pool-stats.js';
import type { PoolOrder } from '../judging/pool.js';
import { escapeControls, escapeMarkdown } from './escape.js';
import { type Cell, type Column, renderTable, type TableFormat } from './table.js';

/** How many of the queries with nothing left to judge the text names. */
export const EMPTY_SHOWN = 10;

const columns = (depth: number): Column[] => [
  { name: 'scope', kind: 'text' },
  { name: 'name', kind: 'text' },
  { name: 'queries', kind: 'count' },
  { name: 'pairs', kind: 'count' },
  { name: `judged@${depth}`, kind: 'score' },
  { name: 'unique', kind: 'count' },
];

/**
 * Renders a pool's statistics (read at `stats.depth`, which may be deeper than the pool's): a row for the pool (`pool`: the queries with something to judge and the
 * pairs), a row per run (`run`: the queries it ranks, its Judged@depth, the pairs only it brings), and with
 * `perQuery` a row per query (`query`: its pairs, and the lowest Judged@depth of a run there); in text and
 * Markdown, the settings and the queries with nothing left to judge after the table. JSON holds it all.
 */
export function renderPoolStats(stats: PoolStats, pooled: { readonly depth: number; readonly order: PoolOrder }, format: TableFormat | 'json', perQuery: boolean): string {
  if (format === 'json') {
    const runs = stats.runs.map((run) => ({ ...run, perQuery: Object.fromEntries(run.perQuery) }));
    return `${JSON.stringify({ pool: pooled, ...stats, perQuery: Object.fromEntries(stats.perQuery), runs }, null, 2)}\n`;
  }
  const rows: Cell[][] = [['pool', '', stats.queries, stats.pairs, null, null]];
  for (const run of stats.runs) rows.push(['run', run.run, run.perQuery.size, null, run.judged, run.unique]);
  if (perQuery) for (const [qid, pairs] of stats.perQuery) rows.push(['query', qid, 1, pairs, lowestShare(stats, qid), null]);
  const table = renderTable(columns(stats.depth), rows, format);
  if (format === 'csv') return table;
  const escape = format === 'markdown' ? escapeMarkdown : escapeControls;
  const k = stats.depth;
  const notes = [
    `depth ${pooled.depth}, order ${pooled.order}; judged@${k}: the share of a run's top ${k} that the pool or the qrels hold${perQuery ? ' (a query: its lowest over the runs)' : ''}; unique: the pairs only that run brings in its top ${k}`,
  ];
  if (stats.empty.length > 0) {
    const named = stats.empty.slice(0, EMPTY_SHOWN).map(escape).join(', ');
    notes.push(`nothing left to judge: ${stats.empty.length} ${stats.empty.length === 1 ? 'query' : 'queries'} (${named}${stats.empty.length > EMPTY_SHOWN ? ', …' : ''})`);
  }
  return `${table}\n${notes.join('\n')}\n`;
}

/** The lowest Judged@depth of the runs that rank a query, or null when none does. */
function lowestShare(stats: PoolStats, qid: string): number | null {
  const shares = stats.runs.flatMap((run) => (run.perQuery.has(qid) ? [run.perQuery.get(qid)!] : []));
  return shares.length === 0 ? null : Math.min(...shares);
}
