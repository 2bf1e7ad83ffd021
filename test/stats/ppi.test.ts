// estimateMean and planLabels worked by hand (expected values written as the formula), their laws, their
// refusals, and a seeded simulation of their coverage. Reference values from ppi_py: ppi-oracle.test.ts.
import { fc, test } from '@fast-check/vitest';
import { beforeAll, describe, expect, it } from 'vitest';
import { estimateMean, planLabels, type EstimateMeanOptions } from '../../src/index.js';
import { roundHalfEven } from '../../src/stats/ppi.js';
import { seededRandom } from '../../src/stats/random.js';

const Z_975 = 1.959963984540054; // the normal distribution's 97.5 % quantile (SciPy norm.isf(0.025))
const Z_95 = 1.6448536269514722; // its 95 % quantile

const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
/** The variance with divisor n, as ppi_py's numpy `std` takes it. */
const variance = (values: readonly number[]) => mean(values.map((value) => (value - mean(values)) ** 2));
const close = (actual: number, expected: number) => expect(actual).toBeCloseTo(expected, 12);

const human = [0.2, 0.6, 0.4, 0.8];
const judgeOnHuman = [0.3, 0.7, 0.3, 0.9];
const judgeOnRest = [0.5, 0.8, 0.2, 0.6, 0.4, 0.1];
const data = { human, judgeOnHuman, judgeOnRest };
const n = human.length;
const N = judgeOnRest.length;

describe('estimateMean, worked by hand', () => {
  it('λ = 0 is the classical mean of the human values ± z · s/√n (s with divisor n)', () => {
    const result = estimateMean(data, { lambda: 0 });
    close(result.estimate, 0.5);
    close(result.standardError, Math.sqrt(0.05) / 2); // s² = (0.09 + 0.01 + 0.01 + 0.09) / 4
    close(result.lower, 0.5 - (Z_975 * Math.sqrt(0.05)) / 2);
    close(result.upper, 0.5 + (Z_975 * Math.sqrt(0.05)) / 2);
    expect(result.humanOnly).toEqual({ estimate: result.estimate, lower: result.lower, upper: result.upper, standardError: result.standardError });
    expect(result.effectiveHumanLabels).toBeCloseTo(n, 12);
  });

  it('λ = 1 is plain PPI: mean(judgeOnRest) + mean(human − judgeOnHuman), se² = s²(rest)/N + s²(human − judge)/n', () => {
    const result = estimateMean(data, { lambda: 1 });
    const rectifier = human.map((value, i) => value - judgeOnHuman[i]!);
    const se = Math.sqrt(variance(judgeOnRest) / N + variance(rectifier) / n);
    close(result.estimate, mean(judgeOnRest) + mean(rectifier));
    close(result.standardError, se);
    close(result.lower, result.estimate - Z_975 * se);
    close(result.upper, result.estimate + Z_975 * se);
    expect([result.lambda, result.n, result.N]).toEqual([1, n, N]);
  });

  it('the tuned λ is cov(human, judge) / ((1 + n/N) · var(all judge values)), cov with divisor n, var with n + N − 1', () => {
    const all = [...judgeOnHuman, ...judgeOnRest];
    const covariance = mean(human.map((value, i) => (value - mean(human)) * (judgeOnHuman[i]! - mean(judgeOnHuman))));
    const lambda = covariance / ((1 + n / N) * ((variance(all) * all.length) / (all.length - 1)));
    const result = estimateMean(data);
    close(result.lambda, lambda);
    close(result.estimate, lambda * mean(judgeOnRest) + mean(human.map((value, i) => value - lambda * judgeOnHuman[i]!)));
  });

  it('effectiveHumanLabels is n · Var_classical / Var_ppi', () => {
    const result = estimateMean(data, { lambda: 1 });
    close(result.effectiveHumanLabels, (n * result.humanOnly.standardError ** 2) / result.standardError ** 2);
  });

  it('a one-sided interval has its open side at ±Infinity and uses z(1 − α)', () => {
    const larger = estimateMean(data, { lambda: 1, alternative: 'larger' });
    close(larger.lower, larger.estimate - Z_95 * larger.standardError);
    expect(larger.upper).toBe(Infinity);
    const smaller = estimateMean(data, { lambda: 1, alternative: 'smaller', alpha: 0.05 });
    expect(smaller.lower).toBe(-Infinity);
    close(smaller.upper, smaller.estimate + Z_95 * smaller.standardError);
    expect(larger.humanOnly.upper).toBe(Infinity);
  });

  it('a judge that gives one value only has λ = 0 (every λ gives the same interval)', () => {
    expect(estimateMean({ human, judgeOnHuman: [0.5, 0.5, 0.5, 0.5], judgeOnRest: [0.5, 0.5] }).lambda).toBe(0);
  });

  it('a judge that matches every human value, tuned: λ = cov/((1 + n/N) var), close to 1 for a large N', () => {
    const rest = Array.from({ length: 400 }, (_, i) => human[i % 4]!);
    const result = estimateMean({ human, judgeOnHuman: human, judgeOnRest: rest });
    const all = [...human, ...rest];
    close(result.lambda, variance(human) / ((1 + 4 / 400) * ((variance(all) * all.length) / (all.length - 1))));
  });

  it('human values all equal, judge exact: both variances 0, worth n labels; only the PPI one 0: Infinity', () => {
    expect(estimateMean({ human: [0.5, 0.5], judgeOnHuman: [0.5, 0.5], judgeOnRest: [0.5] }).effectiveHumanLabels).toBe(2);
    expect(estimateMean({ human: [0.2, 0.6], judgeOnHuman: [0.2, 0.6], judgeOnRest: [0.4] }, { lambda: 1 }).effectiveHumanLabels).toBe(Infinity);
  });

  it('values near Number.MAX_VALUE are scaled (exactly) before they are summed: the interval is that of the scaled values', () => {
    const scale = 2 ** 1000;
    const big = estimateMean({ human: human.map((v) => v * scale), judgeOnHuman: judgeOnHuman.map((v) => v * scale), judgeOnRest: judgeOnRest.map((v) => v * scale) }, { lambda: 1 });
    const small = estimateMean(data, { lambda: 1 });
    expect(big.estimate / scale).toBeCloseTo(small.estimate, 12);
    expect(big.lower / scale).toBeCloseTo(small.lower, 12);
  });

  it('typed arrays are read as arrays', () => {
    expect(estimateMean({ human: Float64Array.from(human), judgeOnHuman: Float32Array.from([0.5, 0.5, 0.25, 1]), judgeOnRest }).n).toBe(4);
  });
});

/** The code, subject and received value of what `call` throws. */
function refusal(call: () => unknown): { code: string; subject: unknown; received: unknown; message: string } {
  try {
    call();
  } catch (error) {
    const { code, subject, received, message } = error as { code: string; subject: unknown; received: unknown; message: string };
    return { code, subject, received, message };
  }
  throw new Error('no error thrown');
}

describe('estimateMean refuses bad input with a RankevalError naming the value', () => {
  const argument = (name: string) => ({ kind: 'argument', argument: name });
  const optionOf = (name: string) => ({ kind: 'option', option: name });
  it.each([
    ['n < 2', { human: [0.5], judgeOnHuman: [0.5], judgeOnRest }, {}, argument('human'), 1],
    ['N = 0', { human, judgeOnHuman, judgeOnRest: [] }, {}, argument('judgeOnRest'), 0],
    ['lengths that differ', { human, judgeOnHuman: [0.1, 0.2, 0.3], judgeOnRest }, {}, argument('judgeOnHuman'), 3],
    ['NaN', { human: [0.1, NaN], judgeOnHuman: [0.1, 0.2], judgeOnRest }, {}, argument('human'), NaN],
    ['Infinity', { human, judgeOnHuman, judgeOnRest: [0.1, Infinity] }, {}, argument('judgeOnRest'), Infinity],
    ['−Infinity', { human, judgeOnHuman: [0.1, 0.2, -Infinity, 0.3], judgeOnRest }, {}, argument('judgeOnHuman'), -Infinity],
    // eslint-disable-next-line no-sparse-arrays
    ['a human value with no judge value (a hole)', { human, judgeOnHuman: [0.1, , 0.3, 0.4], judgeOnRest }, {}, argument('judgeOnHuman'), undefined],
    ['a string', { human: ['0.5', 0.4], judgeOnHuman: [0.1, 0.2], judgeOnRest }, {}, argument('human'), '0.5'],
    ['not an array', { human: 'abc', judgeOnHuman, judgeOnRest }, {}, argument('human'), 'abc'],
    ['alpha 0', data, { alpha: 0 }, optionOf('alpha'), 0],
    ['alpha 1', data, { alpha: 1 }, optionOf('alpha'), 1],
    ['alpha NaN', data, { alpha: NaN }, optionOf('alpha'), NaN],
    ['lambda above 1', data, { lambda: 1.5 }, optionOf('lambda'), 1.5],
    ['lambda below 0', data, { lambda: -0.1 }, optionOf('lambda'), -0.1],
    ['lambda a word', data, { lambda: 'auto' }, optionOf('lambda'), 'auto'],
    ['unknown alternative', data, { alternative: 'less' }, optionOf('alternative'), 'less'],
  ] as [string, unknown, unknown, unknown, unknown][])('%s', (_, input, options, subject, received) => {
    const error = refusal(() => estimateMean(input as never, options as EstimateMeanOptions));
    expect(error).toMatchObject({ code: 'invalid_option', subject });
    expect(Object.is(error.received, received) || error.received === received).toBe(true);
    expect(error.message).toMatch(/^estimateMean: /);
  });

  it('says which human value has no judge value, and how many there should be', () => {
    expect(refusal(() => estimateMean({ human, judgeOnHuman: [0.1, 0.2, 0.3], judgeOnRest })).message).toBe(
      'estimateMean: expected `judgeOnHuman` to be 4 values, one for each value of `human` (the same queries, in the same order), got `3` (number)',
    );
    expect(refusal(() => estimateMean({ human: [0.1, NaN], judgeOnHuman: [0.1, 0.2], judgeOnRest })).message).toBe('estimateMean: expected `human[1]` to be a finite number, got `NaN` (number)');
  });

  it('refuses an unknown option and data that is no object', () => {
    expect(refusal(() => estimateMean(data, { level: 0.9 } as never)).code).toBe('invalid_option');
    expect(refusal(() => estimateMean(null as never)).subject).toEqual(argument('data'));
  });

  it('refuses an interval beyond the doubles rather than give an infinite or NaN bound', () => {
    const max = Number.MAX_VALUE;
    expect(refusal(() => estimateMean({ human: [-max, max], judgeOnHuman: [0, 0], judgeOnRest: [0] }, { lambda: 0 })).code).toBe('invalid_option');
  });
});

const values = (least: number) => fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: least, maxLength: 30 });
const pairs = fc.array(fc.tuple(fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true })), { minLength: 2, maxLength: 30 });
const settings = fc.record({
  alpha: fc.double({ min: 0.001, max: 0.5, noNaN: true }),
  alternative: fc.constantFrom('two-sided' as const, 'larger' as const, 'smaller' as const),
  lambda: fc.oneof(fc.constant('tuned' as const), fc.double({ min: 0, max: 1, noNaN: true })),
});

describe('estimateMean laws', () => {
  test.prop([pairs, values(1), settings])('the interval contains the estimate, and no bound is NaN', (labelled, rest, options) => {
    const result = estimateMean({ human: labelled.map((p) => p[0]), judgeOnHuman: labelled.map((p) => p[1]), judgeOnRest: rest }, options);
    for (const interval of [result, result.humanOnly]) {
      expect(interval.lower).toBeLessThanOrEqual(interval.estimate);
      expect(interval.upper).toBeGreaterThanOrEqual(interval.estimate);
      expect(Number.isNaN(interval.lower) || Number.isNaN(interval.upper)).toBe(false);
    }
  });

  test.prop([pairs, fc.integer({ min: 1, max: 5 })])(
    'the tuned interval is no wider than the human-only one when the judge spreads alike on both sets (its rest values are copies of its human-set values)',
    (labelled, copies) => {
      const judge = labelled.map((p) => p[1]);
      const result = estimateMean({ human: labelled.map((p) => p[0]), judgeOnHuman: judge, judgeOnRest: Array.from({ length: copies }, () => judge).flat() });
      expect(result.standardError).toBeLessThanOrEqual(result.humanOnly.standardError * (1 + 1e-12));
      expect(result.effectiveHumanLabels).toBeGreaterThanOrEqual(labelled.length * (1 - 1e-12));
    },
  );

  test.prop([pairs, values(1)])('the tuned λ lies in [0, 1]', (labelled, rest) => {
    const { lambda } = estimateMean({ human: labelled.map((p) => p[0]), judgeOnHuman: labelled.map((p) => p[1]), judgeOnRest: rest });
    expect(lambda).toBeGreaterThanOrEqual(0);
    expect(lambda).toBeLessThanOrEqual(1);
  });
});

describe('a seeded simulation with a known truth', () => {
  // Per query, true score Y ~ N(0.5, 0.2²) and a biased judge Ŷ = 0.8 Y + 0.15 + N(0, 0.1²) (so E Ŷ = 0.55,
  // correlation 0.85); n = 100 human-judged queries, N = 400 judged by the judge only; 2,000 draws.
  const truth = 0.5;
  const draws = 2000;
  const random = seededRandom(38);
  const uniform = () => (random.uint32() + 0.5) / 2 ** 32;
  /** Standard normal values (Box–Muller, both of each pair). */
  const normals = (into: Float64Array): Float64Array => {
    for (let i = 0; i < into.length; i += 2) {
      const radius = Math.sqrt(-2 * Math.log(uniform()));
      const angle = 2 * Math.PI * uniform();
      into[i] = radius * Math.cos(angle);
      if (i + 1 < into.length) into[i + 1] = radius * Math.sin(angle);
    }
    return into;
  };
  const sizes = { n: 100, N: 400 };
  const noise = new Float64Array(2 * (sizes.n + sizes.N));
  const tally = { tuned: 0, plain: 0, wider: 0 };
  beforeAll(() => {
    for (let draw = 0; draw < draws; draw++) simulate();
  });
  function simulate(): void {
    normals(noise);
    const human = Float64Array.from({ length: sizes.n }, (_, i) => truth + 0.2 * noise[i]!);
    const judgeOnHuman = human.map((y, i) => 0.8 * y + 0.15 + 0.1 * noise[sizes.n + i]!);
    const judgeOnRest = Float64Array.from({ length: sizes.N }, (_, i) => 0.8 * (truth + 0.2 * noise[2 * sizes.n + i]!) + 0.15 + 0.1 * noise[2 * sizes.n + sizes.N + i]!);
    const tuned = estimateMean({ human, judgeOnHuman, judgeOnRest });
    const plain = estimateMean({ human, judgeOnHuman, judgeOnRest }, { lambda: 1 });
    if (tuned.lower <= truth && truth <= tuned.upper) tally.tuned++;
    if (plain.lower <= truth && truth <= plain.upper) tally.plain++;
    if (tuned.upper - tuned.lower > tuned.humanOnly.upper - tuned.humanOnly.lower) tally.wider++;
  }

  it('the tuned and the plain 95 % intervals cover the truth in 95 % ± 1.5 % of the draws', () => {
    expect(Math.abs(tally.tuned / draws - 0.95)).toBeLessThanOrEqual(0.015);
    expect(Math.abs(tally.plain / draws - 0.95)).toBeLessThanOrEqual(0.015);
  });

  it('the tuned interval is no wider than the human-only one in any draw', () => {
    expect(tally.wider).toBe(0);
  });
});

describe('planLabels, worked by hand', () => {
  // A pilot of correlation ρ: human values x, judge values x + e with e orthogonal to x (ρ = 2/√5 here).
  // Three copies, so that ρ stays below the cap 1 − 1/n = 11/12.
  const pilot = { human: [1, -1, 1, -1, 1, -1, 1, -1, 1, -1, 1, -1], judgeOnHuman: [1.5, -0.5, 0.5, -1.5, 1.5, -0.5, 0.5, -1.5, 1.5, -0.5, 0.5, -1.5] };
  const rho2 = 1 / 1.25; // cov = 1, var(x) = 1, var(x + e) = 1.25

  it('the correlation is the pilot’s, with divisor n', () => {
    expect(planLabels(pilot, { costHuman: 1, costJudge: 0.01, budget: 100 }).correlation).toBeCloseTo(Math.sqrt(rho2), 12);
  });

  it('a judge that matches every human value has its correlation capped at 1 − 1/n', () => {
    expect(planLabels({ human: pilot.human, judgeOnHuman: pilot.human }, { costHuman: 1, costJudge: 0.01, budget: 100 }).correlation).toBe(1 - 1 / 12);
  });

  it('for a budget: n0 = budget / cost per effective label, n = n0 (1 − ρ² + √(γ ρ² (1 − ρ²))), N = n (n0 − n) / (n − (1 − ρ²) n0)', () => {
    const gamma = 0.01;
    const perLabel = 1 - rho2 + gamma * rho2 + 2 * Math.sqrt(gamma * rho2 * (1 - rho2));
    const n0 = 100 / perLabel;
    const exact = n0 * (1 - rho2 + Math.sqrt(gamma * rho2 * (1 - rho2)));
    const judgeOnly = Math.round((exact * (n0 - exact)) / (exact - (1 - rho2) * n0));
    const human = Math.round(exact);
    const plan = planLabels(pilot, { costHuman: 1, costJudge: gamma, budget: 100 });
    expect([plan.human, plan.judgeOnly]).toEqual([human, judgeOnly]);
    expect(plan.cost).toBeCloseTo(human + (human + judgeOnly) * gamma, 12);
    expect(plan.effectiveN).toBe(Math.round((human * (human + judgeOnly)) / (human + (1 - rho2) * judgeOnly)));
  });

  it('a judge dearer than its worth gives human labels only, rounded half to even (2.5 → 2), and warns of too few', () => {
    const plan = planLabels(pilot, { costHuman: 100, costJudge: 100, budget: 250 });
    expect(plan).toMatchObject({ human: 2, judgeOnly: 0, cost: 200, effectiveN: 2, warnings: [] });
    expect(planLabels(pilot, { costHuman: 100, costJudge: 100, budget: 120 }).warnings).toEqual([{ code: 'few_human_labels', message: 'the plan has 1 human label: an interval needs at least 2', human: 1 }]);
  });

  it('a judge uncorrelated with people (ρ = 0) gets no queries of its own: n = n0 = budget / costHuman, N = 0', () => {
    // The cost per effective label equals costHuman, so the design's pair stands (as ppi_py's does), and it
    // still counts the judge's labels of the human-judged queries: 25 · 2 + 25 · 0.01.
    const uncorrelated = { human: [1, -1, 1, -1], judgeOnHuman: [1, 1, -1, -1] };
    const plan = planLabels(uncorrelated, { costHuman: 2, costJudge: 0.01, budget: 50 });
    expect(plan).toMatchObject({ human: 25, judgeOnly: 0, effectiveN: 25, correlation: 0 });
    expect(plan.cost).toBeCloseTo(25 * 2 + 25 * 0.01, 12);
  });

  it('an effectiveN beyond maxTotal gives maxTotal human labels, and says so', () => {
    const plan = planLabels(pilot, { costHuman: 1, costJudge: 0.01, effectiveN: 50, maxTotal: 20 });
    expect(plan).toMatchObject({ human: 20, judgeOnly: 0, cost: 20, effectiveN: 20 });
    expect(plan.warnings).toEqual([{ code: 'beyond_max_total', message: '50 effective labels need more than 20 queries: the plan is 20 human labels', effectiveN: 50, maxTotal: 20 }]);
  });
});

describe('planLabels refuses', () => {
  const pilot = { human: [0.1, 0.5, 0.9], judgeOnHuman: [0.2, 0.4, 0.8] };
  it.each([
    ['human values all equal (no correlation)', { human: [0.3, 0.3, 0.3], judgeOnHuman: [0.1, 0.2, 0.3] }, { costHuman: 1, costJudge: 0.1, budget: 10 }, 'undefined_statistic'],
    ['judge values all equal', { human: [0.1, 0.2, 0.3], judgeOnHuman: [0.5, 0.5, 0.5] }, { costHuman: 1, costJudge: 0.1, budget: 10 }, 'undefined_statistic'],
    ['a judge that reverses the human values', { human: [0.1, 0.2, 0.3], judgeOnHuman: [0.3, 0.2, 0.1] }, { costHuman: 1, costJudge: 0.1, budget: 10 }, 'undefined_statistic'],
    ['both budget and effectiveN', pilot, { costHuman: 1, costJudge: 0.1, budget: 10, effectiveN: 5 }, 'invalid_option'],
    ['neither budget nor effectiveN', pilot, { costHuman: 1, costJudge: 0.1 }, 'invalid_option'],
    ['a judge that costs nothing', pilot, { costHuman: 1, costJudge: 0, budget: 10 }, 'invalid_option'],
    ['effectiveN not an integer', pilot, { costHuman: 1, costJudge: 0.1, effectiveN: 2.5 }, 'invalid_option'],
    ['maxTotal 0', pilot, { costHuman: 1, costJudge: 0.1, budget: 10, maxTotal: 0 }, 'invalid_option'],
    ['a budget that buys no label', pilot, { costHuman: 10, costJudge: 10, budget: 1 }, 'invalid_option'],
    ['a pilot of one query', { human: [0.1], judgeOnHuman: [0.2] }, { costHuman: 1, costJudge: 0.1, budget: 10 }, 'invalid_option'],
  ] as [string, never, never, string][])('%s', (_, given, options, code) => {
    const error = refusal(() => planLabels(given, options));
    expect(error.code).toBe(code);
    expect(error.message).toMatch(/^planLabels: /);
  });

  it('names the constant values of a pilot with no correlation', () => {
    expect(refusal(() => planLabels({ human: [0.3, 0.3, 0.3], judgeOnHuman: [0.1, 0.2, 0.3] }, { costHuman: 1, costJudge: 0.1, budget: 10 }))).toMatchObject({
      subject: { kind: 'argument', argument: 'human' },
      received: 0.3,
      message: 'planLabels: every value of `human` is 0.3: the pilot has no correlation to plan from',
    });
  });
});

describe('roundHalfEven, as Python’s round', () => {
  it.each([
    [0.5, 0],
    [1.5, 2],
    [2.5, 2],
    [2.4999, 2],
    [2.5001, 3],
    [-0.5, 0],
    [-1.5, -2],
    [7, 7],
  ])('%d → %d', (x, expected) => {
    expect(roundHalfEven(x)).toBe(expected);
  });
});
