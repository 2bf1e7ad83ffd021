// estimateMean, planLabels, queriesNeeded and testPower against ppi_py and R, row by row: every case of
// test/fixtures/ppi/cases.jsonl (where each value came from: its README).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { estimateMean, planLabels, queriesNeeded, testPower } from '../../src/index.js';

// A row as JSON gives it: its fields depend on its kind.
type Row = Record<string, any> & { id: string; kind: string; expected: Record<string, any> };
const rows: Row[] = readFileSync(new URL('../fixtures/ppi/cases.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line !== '')
  .map((line) => JSON.parse(line));
const of = (kind: string) => rows.filter((row) => row.kind === kind).map((row) => [row.id, row] as const);

/** |actual − expected| ≤ 1e-9 · max(1, |expected|); `null` expected: an open side (±Infinity). */
function expectNear(actual: number, expected: number | null): void {
  if (expected === null) return expect(Number.isFinite(actual)).toBe(false);
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(expected)));
}

it('holds every kind of row, as many as the README says', () => {
  expect([of('ppi_mean').length, of('ppi_plan').length, of('queries_needed').length, of('power').length]).toEqual([450, 129, 74, 38]);
});

describe('estimateMean as ppi_py', () => {
  it.each(of('ppi_mean'))('%s', (_, row) => {
    const result = estimateMean({ human: row.human, judgeOnHuman: row.judgeOnHuman, judgeOnRest: row.judgeOnRest }, { alpha: row.alpha, alternative: row.alternative, lambda: row.lambda === null ? 'tuned' : row.lambda });
    expectNear(result.estimate, row.expected.estimate);
    expectNear(result.lower, row.expected.lower);
    expectNear(result.upper, row.expected.upper);
    expectNear(result.lambda, row.expected.lambda);
  });
});

describe('planLabels as ppi_py', () => {
  it.each(of('ppi_plan'))('%s', (_, row) => {
    const options = { costHuman: row.costHuman, costJudge: row.costJudge, ...(row.budget === undefined ? { effectiveN: row.effectiveN } : { budget: row.budget }), ...(row.maxTotal === undefined ? {} : { maxTotal: row.maxTotal }) };
    const plan = () => planLabels({ human: row.human, judgeOnHuman: row.judgeOnHuman }, options);
    if (row.expected.error !== undefined) {
      expect(plan).toThrow(expect.objectContaining({ name: 'RankevalError', code: 'undefined_statistic' }));
      return;
    }
    const result = plan();
    expect([result.human, result.judgeOnly, result.effectiveN]).toEqual([row.expected.n, row.expected.N, row.expected.effective_n]);
    expectNear(result.cost, row.expected.cost);
    expectNear(result.correlation, row.expected.ppi_corr);
  });
});

describe('queriesNeeded as R power.t.test and power.anova.test', () => {
  it.each(of('queries_needed'))('%s', (_, row) => {
    const design =
      row.test === 'paired-t'
        ? { test: 'paired-t' as const, delta: row.delta, sd: row.sd, alpha: row.alpha, sides: row.sides, power: row.power }
        : { test: 'anova' as const, systems: row.systems, betweenVariance: row.betweenVariance, withinVariance: row.withinVariance, alpha: row.alpha, power: row.power };
    const result = queriesNeeded(design);
    expect(result.queries).toBe(row.expected.queries);
    // R's uniroot stops at its own tolerance (about 1.2e-4): the real n to 1e-4 relative.
    expect(Math.abs(result.n - row.expected.n)).toBeLessThanOrEqual(1e-4 * row.expected.n);
  });
});

describe('testPower as R power.t.test', () => {
  it.each(of('power'))('%s', (_, row) => {
    expectNear(testPower({ test: 'paired-t', queries: row.queries, delta: row.delta, sd: row.sd, alpha: row.alpha, sides: row.sides }).power, row.expected.power);
  });
});

