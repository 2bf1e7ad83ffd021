// The reference values of test/fixtures/agreement/ (copied from the agreement oracle: ircor for τ, τ_AP;
// scikit-learn for κ; fast-krippendorff for α), read as rows of named columns; `NA` is undefined.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The rows of `file`, each a column name → cell (quoted cells unquoted). */
export function oracleRows(file: string): Record<string, string>[] {
  const [header, ...lines] = readFileSync(join(import.meta.dirname, '../fixtures/agreement', file), 'utf8').trim().split('\n');
  const names = cells(header!);
  return lines.map((line) => Object.fromEntries(cells(line).map((cell, i) => [names[i]!, cell])));
}

function cells(line: string): string[] {
  return [...line.matchAll(/"([^"]*)"|([^,]+)/g)].map((match) => match[1] ?? match[2]!);
}

/** `;`-separated numbers. */
export const numbers = (cell: string): number[] => cell.split(';').map(Number);
