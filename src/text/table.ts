// Tables as the command line and the matchers print them: aligned text, Markdown or CSV, from one list of
// columns and rows, so that every output form shows the same numbers.

export type TableFormat = 'table' | 'markdown' | 'csv';

export interface Column {
  readonly name: string;
  /** `score`: 4 decimals in text and Markdown, every digit in CSV; `count` and `score` align right. */
  readonly kind: 'text' | 'count' | 'score';
}

/** A cell: text, a number, or null for nothing to show. */
export type Cell = string | number | null;

const cellText = (cell: Cell, column: Column, format: TableFormat): string => {
  if (cell === null) return '';
  if (typeof cell === 'string') return cell;
  if (column.kind === 'score' && format !== 'csv') return cell.toFixed(4);
  return String(cell);
};

const csvQuote = (text: string): string => (/[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** Renders rows under their columns; text ends with a newline. */
export function renderTable(columns: readonly Column[], rows: readonly (readonly Cell[])[], format: TableFormat): string {
  const texts = rows.map((row) => columns.map((column, i) => cellText(row[i] ?? null, column, format)));
  if (format === 'csv') return [columns.map((column) => csvQuote(column.name)), ...texts.map((row) => row.map(csvQuote))].map((row) => `${row.join(',')}\n`).join('');
  if (format === 'markdown') {
    const escape = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
    const rule = columns.map((column) => (column.kind === 'text' ? '---' : '---:'));
    return [columns.map((column) => escape(column.name)), rule, ...texts.map((row) => row.map(escape))].map((row) => `| ${row.join(' | ')} |\n`).join('');
  }
  const widths = columns.map((column, i) => Math.max(width(column.name), ...texts.map((row) => width(row[i]!))));
  const pad = (text: string, i: number): string => {
    const fill = ' '.repeat(widths[i]! - width(text));
    return columns[i]!.kind === 'text' ? text + fill : fill + text;
  };
  return [columns.map((column) => column.name), ...texts].map((row) => `${row.map(pad).join('  ').trimEnd()}\n`).join('');
}

/** Display width: code points, not UTF-16 units (good enough for ids and names; no East Asian wide forms). */
const width = (text: string): number => {
  let count = 0;
  for (const _ of text) count++;
  return count;
};
