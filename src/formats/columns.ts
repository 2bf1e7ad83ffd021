// Internal: header rows of CSV and BEIR files — which column holds what, under the names people use.
import { parseError } from '../core/errors.js';
import { quoteJson } from '../core/quoting.js';

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

/** A column the caller names for a role (an option), and how a message tells them to name it. */
export interface NamedColumn<Role extends string> {
  readonly role: Role;
  /** The header's name of the column, as the caller gave it; undefined to find it by the role's aliases. */
  readonly name: string | undefined;
  /** The option (and flag) that names it, for messages: ``the `gradeColumn` option (--grade-column NAME)``. */
  readonly option: string;
}

/**
 * The index of each wanted column in a header, -1 when absent: the one column whose name is among the
 * role's aliases, or the column `named` names for its role. A column name is never resolved by guessing:
 * - two columns for one role (`score` and `label` for the grade) are refused, naming both and the option
 *   that picks one (or, for a role without one, asking to keep one); a name shared by two roles (`query`,
 *   the query id or the question) goes to the other role when this one has a column of its own;
 * - a name read twice (`grade,grade`) is refused, as is a required role without a column.
 * Errors are at the header's line.
 */
export function mapColumns<Role extends string>(
  header: readonly string[],
  wanted: Readonly<Record<Role, readonly string[]>>,
  required: readonly NoInfer<Role>[],
  file: string,
  line: number,
  named?: NamedColumn<NoInfer<Role>>,
): Record<Role, number> {
  const names = header.map(normal);
  const shown = quoteJson(header.join(','));
  const roles = Object.keys(wanted) as Role[];
  const column = (i: number): string => `${quoteJson(header[i]!.trim())} (column ${i + 1})`;
  const candidates = new Map<Role, number[]>();
  for (const role of roles) {
    const chosen = named?.role === role && named.name !== undefined ? normal(named.name) : undefined;
    const indices = names.flatMap((name, i) => ((chosen === undefined ? wanted[role].includes(name) : name === chosen) ? [i] : []));
    if (chosen !== undefined && indices.length === 0) throw parseError(file, line, `the header ${shown} has no column ${quoteJson(named!.name)} (named by ${named!.option})`);
    candidates.set(role, indices);
  }
  // A name read twice: which of the two columns holds the values is anyone's guess.
  for (const indices of candidates.values()) {
    for (const i of indices) {
      const twin = names.indexOf(names[i]!);
      if (twin !== i) throw parseError(file, line, `the header ${shown} has the column ${quoteJson(header[i]!.trim())} twice (columns ${twin + 1} and ${i + 1}); keep one`);
    }
  }
  // The named column first: it is that role's whatever its name, so no other role takes it.
  const order = named === undefined ? roles : [named.role, ...roles.filter((role) => role !== named.role)];
  const taken = new Set<number>();
  const map = {} as Record<Role, number>;
  for (const role of order) {
    let indices = candidates.get(role)!.filter((i) => !taken.has(i));
    // A name another role also reads (`query`) is left to it when this role has one column of its own.
    const own = indices.filter((i) => !roles.some((other) => other !== role && !(other in map) && candidates.get(other)!.includes(i)));
    if (indices.length > 1 && own.length === 1) indices = own;
    if (indices.length > 1) {
      const pick = named?.role === role ? `name the one to read with ${named.option}` : 'keep one (remove or rename the others)';
      throw parseError(file, line, `the header ${shown} has ${indices.length} ${role} columns, ${indices.map(column).join(' and ')}; ${pick}`);
    }
    const index = indices[0] ?? -1;
    if (index !== -1) taken.add(index);
    else if (required.includes(role)) {
      throw parseError(file, line, `the header ${shown} has no ${role} column (one of ${wanted[role].join(', ')})`);
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
