// Tables as the command line and the matchers print them: aligned text, Markdown or CSV, from one list of
// columns and rows, so that every output form shows the same numbers.
import { csvField, escapeControls, escapeMarkdown } from './escape.js';

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

/** Renders rows under their columns; text ends with a newline. Text cells are escaped for the format. */
export function renderTable(columns: readonly Column[], rows: readonly (readonly Cell[])[], format: TableFormat): string {
  if (format === 'csv') {
    // Only text cells can be formulas: a number such as -0.5 stays a number.
    const field = (cell: Cell, column: Column): string => csvField(cellText(cell, column, format), typeof cell === 'string');
    return [columns.map((column) => csvField(column.name, true)), ...rows.map((row) => columns.map((column, i) => field(row[i] ?? null, column)))].map((row) => `${row.join(',')}\n`).join('');
  }
  const escape = format === 'markdown' ? escapeMarkdown : escapeControls;
  // Number columns are shown as they are: escaping the point of 0.5000 would only clutter the Markdown source.
  const texts = rows.map((row) => columns.map((column, i) => (column.kind === 'text' ? escape : escapeControls)(cellText(row[i] ?? null, column, format))));
  // Column names are the program's (measure names, checked when parsed), not a file's: only a pipe could break them.
  const names = columns.map((column) => (format === 'markdown' ? escapeControls(column.name).replace(/\|/g, '\\|') : escapeControls(column.name)));
  if (format === 'markdown') {
    const rule = columns.map((column) => (column.kind === 'text' ? '---' : '---:'));
    return [names, rule, ...texts].map((row) => `| ${row.join(' | ')} |\n`).join('');
  }
  const widths = columns.map((_, i) => Math.max(width(names[i]!), ...texts.map((row) => width(row[i]!))));
  const pad = (text: string, i: number): string => {
    const fill = ' '.repeat(widths[i]! - width(text));
    return columns[i]!.kind === 'text' ? text + fill : fill + text;
  };
  return [names, ...texts].map((row) => `${row.map(pad).join('  ').trimEnd()}\n`).join('');
}

/** Display width: code points, not UTF-16 units (good enough for ids and names; no East Asian wide forms). */
const width = (text: string): number => {
  let count = 0;
  for (const _ of text) count++;
  return count;
};
