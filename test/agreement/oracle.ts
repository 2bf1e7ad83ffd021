// The reference values of test/fixtures/agreement/ (copied from the agreement oracle: ircor for τ, τ_AP;
// scikit-learn for κ; fast-krippendorff for α), read as rows of named columns; `NA` is undefined.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';

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

/**
 * Expects `call(row)` to be within `tolerance` (default 1e-9) of each row's `column` where it is defined, and to throw an
 * `undefined_statistic` RankevalError where it is `NA`; returns how many rows did which.
 */
export function expectOracle(rows: readonly Record<string, string>[], column: string, call: (row: Record<string, string>) => number, tolerance = 1e-9): { matched: number; refused: number } {
  let matched = 0;
  let refused = 0;
  for (const row of rows) {
    if (row[column] === 'NA') {
      expect(() => call(row)).toThrow(expect.objectContaining({ code: 'undefined_statistic' }));
      refused++;
    } else {
      expect(Math.abs(call(row) - Number(row[column]))).toBeLessThan(tolerance);
      matched++;
    }
  }
  return { matched, refused };
}
