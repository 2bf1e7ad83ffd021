// Internal: header rows of CSV and BEIR files — which column holds what, under the names people use.
import { parseError, quoteJson } from '../errors.js';

export const QUERY_COLUMNS = ['query_id', 'query-id', 'queryid', 'qid', 'query'];
export const DOCUMENT_COLUMNS = ['doc_id', 'doc-id', 'docid', 'docno', 'corpus_id', 'corpus-id', 'corpusid', 'document_id', 'document', 'doc', 'id'];

const normal = (name: string): string => name.trim().toLowerCase();

/** True when `fields` read as a header: a query id column and a document id column. */
export function isHeader(fields: readonly string[]): boolean {
  const names = fields.map(normal);
  return names.some((name) => QUERY_COLUMNS.includes(name)) && names.some((name) => DOCUMENT_COLUMNS.includes(name));
}

/** Splits a possible CSV header loosely (quotes dropped), only to tell the format. */
export const looseCsvFields = (line: string): string[] => line.split(',').map((field) => field.trim().replace(/^"(.*)"$/, '$1'));

/**
 * The index of each wanted column in a header: the first header name among its aliases, -1 when absent.
 * A required column that is absent is an error at the header's line.
 */
export function mapColumns<Role extends string>(
  header: readonly string[],
  wanted: Readonly<Record<Role, readonly string[]>>,
  required: readonly NoInfer<Role>[],
  file: string,
  line: number,
): Record<Role, number> {
  const names = header.map(normal);
  const taken = new Set<number>();
  const map = {} as Record<Role, number>;
  for (const role of Object.keys(wanted) as Role[]) {
    let index = -1;
    for (const alias of wanted[role]) {
      index = names.findIndex((name, i) => name === alias && !taken.has(i));
      if (index !== -1) break;
    }
    if (index !== -1) taken.add(index);
    else if (required.includes(role)) {
      throw parseError(file, line, `the header ${quoteJson(header.join(','))} has no ${role} column (one of ${wanted[role].join(', ')})`);
    }
    map[role] = index;
  }
  return map;
}

/** The field of a column in a record, checked: present and not empty. */
export function requiredField(fields: readonly string[], index: number, role: string, file: string, line: number): string {
  const value = fields[index];
  if (value === undefined) throw parseError(file, line, `expected a ${role} in column ${index + 1}, but the line has ${fields.length} field${fields.length === 1 ? '' : 's'}`);
  if (value === '') throw parseError(file, line, `the ${role} in column ${index + 1} is empty`);
  return value;
}

/** How a number is written in a text file (or a flag): decimal, with an optional sign, fraction and exponent. */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * The number `text` writes in decimal, blanks around it aside; NaN for anything else. `Number` alone would
 * also take `0x10`, `0b1`, `Infinity` and a blank field (as 0).
 */
export function decimalNumber(text: string): number {
  const trimmed = text.trim();
  return DECIMAL.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** A number field (a grade, a score or a rank), checked: a decimal number whose value is finite. */
export function numberField(text: string, role: string, file: string, line: number): number {
  const value = decimalNumber(text);
  if (!Number.isFinite(value)) throw parseError(file, line, `the ${role} ${quoteJson(text)} is not a finite number`);
  return value;
}
