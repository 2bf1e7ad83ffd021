// queriesNeeded and testPower: identities, laws and refusals. R's own values, row by row: ppi-oracle.test.ts.
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { queriesNeeded, testPower, type QueriesNeededOptions } from '../../src/index.js';
import { noncentralTUpper, studentTwoSidedQuantile } from '../../src/stats/distributions.js';

describe('identities', () => {
  it('an ANOVA of two systems is the two-sided t-test of their difference: F(1, 2(n − 1)) = T², ncp n · between / within = (√n Δ / √(2 within))²', () => {
    const queries = 15;
    const within = 0.04;
    const delta = 0.1; // the two means differ by Δ: their variance (divisor 1) is Δ² / 2
    const df = 2 * (queries - 1);
    const critical = studentTwoSidedQuantile(0.05, df);
    const ncp = (Math.sqrt(queries) * delta) / Math.sqrt(2 * within);
    const twoTails = noncentralTUpper(critical, df, ncp) + (1 - noncentralTUpper(-critical, df, ncp));
    expect(testPower({ test: 'anova', queries, systems: 2, betweenVariance: delta ** 2 / 2, withinVariance: within }).power).toBeCloseTo(twoTails, 12);
  });

  it('a paired t-test’s power is P(T′ > t(1 − α/sides, n − 1)), T′ of noncentrality √n · δ / sd', () => {
    const power = testPower({ test: 'paired-t', queries: 30, delta: 0.05, sd: 0.1, alpha: 0.05, sides: 2 }).power;
    expect(power).toBeCloseTo(noncentralTUpper(studentTwoSidedQuantile(0.05, 29), 29, (Math.sqrt(30) * 0.05) / 0.1), 14);
  });

  it('defaults: α = 0.05, two sides, power 0.8', () => {
    expect(queriesNeeded({ test: 'paired-t', delta: 0.02, sd: 0.05 })).toEqual(queriesNeeded({ test: 'paired-t', delta: 0.02, sd: 0.05, alpha: 0.05, sides: 2, power: 0.8 }));
  });

  it('an effect so large that 2 queries give the power: n = 2', () => {
    expect(queriesNeeded({ test: 'paired-t', delta: 1, sd: 0.01, power: 0.9 })).toMatchObject({ n: 2, queries: 2 });
  });
});

const pairedDesign = fc.record({
  test: fc.constant('paired-t' as const),
  delta: fc.double({ min: 0.01, max: 0.3, noNaN: true }),
  sd: fc.double({ min: 0.05, max: 0.4, noNaN: true }),
  alpha: fc.constantFrom(0.01, 0.05, 0.1),
  sides: fc.constantFrom(1 as const, 2 as const),
});
const anovaDesign = fc.record({
  test: fc.constant('anova' as const),
  systems: fc.integer({ min: 2, max: 8 }),
  betweenVariance: fc.double({ min: 0.0005, max: 0.02, noNaN: true }),
  withinVariance: fc.double({ min: 0.01, max: 0.1, noNaN: true }),
  alpha: fc.constantFrom(0.01, 0.05),
});

describe('laws', () => {
  test.prop([fc.oneof(pairedDesign, anovaDesign), fc.integer({ min: 2, max: 400 })])('power increases with queries (until it rounds to 1)', (design, queries) => {
    const before = testPower({ ...design, queries }).power;
    const after = testPower({ ...design, queries: queries + 1 }).power;
    if (before < 0.999) expect(after).toBeGreaterThan(before);
    // Near 1, to the 1e-9 promised: at a noncentrality in the thousands the Poisson weights' logs (about 1e4) leave 1e-12.
    else expect(after).toBeGreaterThanOrEqual(before - 1e-9);
  });

  test.prop([fc.oneof(pairedDesign, anovaDesign), fc.constantFrom(0.5, 0.8, 0.9)])(
    'queriesNeeded’s queries give at least the power asked, one query fewer less',
    (design, power) => {
      const needed = queriesNeeded({ ...design, power } as QueriesNeededOptions);
      expect(needed.queries).toBe(Math.ceil(needed.n));
      expect(testPower({ ...design, queries: needed.queries }).power).toBeGreaterThanOrEqual(power);
      expect(needed.power).toBe(testPower({ ...design, queries: needed.queries }).power);
      if (needed.queries > 2) expect(testPower({ ...design, queries: needed.queries - 1 }).power).toBeLessThan(power);
    },
  );
});

describe('refusals: a RankevalError naming the option', () => {
  it.each([
    ['an unknown test', { test: 'z', delta: 0.1, sd: 0.1 }, 'test'],
    ['delta 0', { test: 'paired-t', delta: 0, sd: 0.1 }, 'delta'],
    ['sd NaN', { test: 'paired-t', delta: 0.1, sd: NaN }, 'sd'],
    ['sides 3', { test: 'paired-t', delta: 0.1, sd: 0.1, sides: 3 }, 'sides'],
    ['alpha 1', { test: 'paired-t', delta: 0.1, sd: 0.1, alpha: 1 }, 'alpha'],
    ['power 1', { test: 'paired-t', delta: 0.1, sd: 0.1, power: 1 }, 'power'],
    ['one system', { test: 'anova', systems: 1, betweenVariance: 0.01, withinVariance: 0.04 }, 'systems'],
    ['withinVariance Infinity', { test: 'anova', systems: 3, betweenVariance: 0.01, withinVariance: Infinity }, 'withinVariance'],
    ['the other test’s option', { test: 'anova', systems: 3, betweenVariance: 0.01, withinVariance: 0.04, delta: 0.1 }, 'delta'],
  ] as [string, QueriesNeededOptions, string][])('queriesNeeded: %s', (_, options, key) => {
    expect(() => queriesNeeded(options)).toThrow(expect.objectContaining({ name: 'RankevalError', code: 'invalid_option', subject: { kind: 'option', option: key } }));
  });

  it('testPower: fewer than 2 queries, or not an integer', () => {
    for (const queries of [1, 2.5]) {
      expect(() => testPower({ test: 'paired-t', queries, delta: 0.1, sd: 0.1 })).toThrow(expect.objectContaining({ code: 'invalid_option', subject: { kind: 'option', option: 'queries' } }));
    }
  });

  it('words the refusal of a test’s option given to the other', () => {
    expect(() => queriesNeeded({ test: 'paired-t', delta: 0.1, sd: 0.1, systems: 3 } as never)).toThrow(
      "queriesNeeded: expected `systems` to be left out: test 'paired-t' takes `delta`, `sd`, `sides`, got `3` (number)",
    );
  });
});
