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

// Combining marks and zero-width characters add nothing to the width on a terminal.
const ZERO_WIDTH = /^[\p{Mn}\p{Me}\u200b-\u200d\ufeff]$/u;
// East Asian wide and fullwidth forms (Hangul Jamo, CJK, Hiragana, Katakana, Hangul, fullwidth forms, the
// wide emoji blocks, the supplementary ideographs) take two columns.
const WIDE: readonly (readonly [number, number])[] = [
  [0x1100, 0x115f], [0x2e80, 0x303e], [0x3041, 0x33ff], [0x3400, 0x4dbf], [0x4e00, 0x9fff], [0xa000, 0xa4cf],
  [0xac00, 0xd7a3], [0xf900, 0xfaff], [0xfe30, 0xfe4f], [0xff00, 0xff60], [0xffe0, 0xffe6],
  [0x1f300, 0x1f64f], [0x1f900, 0x1f9ff], [0x20000, 0x3fffd],
];

/** Display width on a terminal, so that columns line up under ids in any script. */
const width = (text: string): number => {
  let count = 0;
  for (const char of text) {
    if (ZERO_WIDTH.test(char)) continue;
    const code = char.codePointAt(0)!;
    count += WIDE.some(([low, high]) => code >= low && code <= high) ? 2 : 1;
  }
  return count;
};
