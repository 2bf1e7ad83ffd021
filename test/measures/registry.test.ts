import { describe, expect, expectTypeOf, test } from 'vitest';
import { fc, test as propTest } from '@fast-check/vitest';
import { isRankevalError } from '../../src/core/errors.js';
import { caught } from '../helpers/caught.js';
import { expandMeasure, formatMeasure, measureDefinitions, parseMeasure, type MeasureKey, type MeasureName, type ParsedMeasure } from '../../src/measures/registry.js';
import type { MeasureParams } from '../../src/measures/context.js';

/** What a name reads as: the rankeval name, the cutoff and the parameters other than the defaults. */
const read = (name: string) => {
  const { definition, cutoff, params } = parseMeasure(name);
  const { cutoff: _cutoff, ...rest } = params;
  const given = Object.fromEntries(Object.entries(rest).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(definition.defaults[key as keyof MeasureParams])));
  return { name: definition.name, cutoff, ...given };
};

const codeOf = (run: () => unknown): string | undefined => {
  try {
    run();
  } catch (error) {
    return isRankevalError(error) ? error.code : 'not a RankevalError';
  }
  return undefined;
};

describe('rankeval names (case, - and _ ignored)', () => {
  test.each([
    ['ndcg@10', 'ndcg', 10],
    ['P@5', 'P', 5],
    ['precision@5', 'P', 5],
    ['recall@20', 'recall', 20],
    ['mrr@10', 'mrr', 10],
    ['recip_rank', 'mrr', Infinity],
    ['rr', 'mrr', Infinity],
    ['map', 'map', Infinity],
    ['map@100', 'map', 100],
    ['ap', 'map', Infinity],
    ['R-prec', 'R-prec', Infinity],
    ['r_precision', 'R-prec', Infinity],
    ['success@1', 'success', 1],
    ['hit_rate@3', 'success', 3],
    ['f1@5', 'f1', 5],
    ['dcg@3', 'dcg', 3],
    ['idcg', 'idcg', Infinity],
    ['context_precision@5', 'context_precision', 5],
    ['contextPrecision', 'context_precision', Infinity],
    ['Ndcg@10', 'ndcg', 10],
  ])('%s → %s at %s', (name, canonical, cutoff) => {
    const parsed = parseMeasure(name);
    expect(parsed.definition.name).toBe(canonical);
    expect(parsed.cutoff).toBe(cutoff);
    expect(parsed.params.cutoff).toBe(cutoff);
  });

  test('parameters in parentheses, as ir_measures writes them, with words and lower-case booleans', () => {
    expect(read('p(rel=2)@5')).toEqual({ name: 'P', cutoff: 5, rel: 2 });
    expect(read('ndcg(gain=exponential)@10')).toEqual({ name: 'ndcg', cutoff: 10, gain: 'exponential' });
    expect(formatMeasure(parseMeasure('ndcg(gain=exponential)@10'))).toBe('ndcg(gain=exponential)@10');
    expect(formatMeasure(parseMeasure('p(rel=2)@5'))).toBe('P(rel=2)@5');
    expect(formatMeasure(parseMeasure('precision(judged_only=true)@5'))).toBe('P(judged_only=True)@5');
    expect(read('ap(judged_only=true)')).toEqual({ name: 'map', cutoff: Infinity, judgedOnly: true });
    expect(read('map(judgedOnly=TRUE, rel=2)@100')).toEqual({ name: 'map', cutoff: 100, judgedOnly: true, rel: 2 });
    expect(read('utility(coefficients=[2,-1,0,0])')).toEqual({ name: 'utility', cutoff: Infinity, coefficients: [2, -1, 0, 0] });
    expect(read('iprec@0.5')).toEqual({ name: 'iprec', cutoff: Infinity, point: 0.5 });
    expect(read('Rprec_mult@2')).toEqual({ name: 'Rprec_mult', cutoff: Infinity, point: 2 });
  });

  test('judged@10 is rankeval’s judged (ir_measures’ names match with their case only)', () => {
    expect(parseMeasure('judged@10').definition.name).toBe('judged');
  });
});

describe('ir_measures names (exact case, tried first)', () => {
  test.each<[string, Record<string, unknown>]>([
    ['nDCG@10', { name: 'ndcg', cutoff: 10 }],
    ['NDCG', { name: 'ndcg', cutoff: Infinity }],
    ['P(rel=2)@5', { name: 'P', cutoff: 5, rel: 2 }],
    ['AP(rel=2)', { name: 'map', cutoff: Infinity, rel: 2 }],
    ["nDCG(dcg='exp-log2')@10", { name: 'ndcg', cutoff: 10, gain: 'exponential' }],
    ['nDCG(dcg="log2")@10', { name: 'ndcg', cutoff: 10, gain: 'linear' }],
    ['nDCG(gains={0:0,1:1,2:3})@10', { name: 'ndcg', cutoff: 10, gains: [{ name: '0', level: 0, gain: 0 }, { name: '1', level: 1, gain: 1 }, { name: '2', level: 2, gain: 3 }] }],
    ['RR@10', { name: 'mrr', cutoff: 10 }],
    ['R@100', { name: 'recall', cutoff: 100 }],
    ['RBP', { name: 'rbp', cutoff: Infinity, p: 0.8 }],
    ['RBP(p=0.5)', { name: 'rbp', cutoff: Infinity, p: 0.5 }],
    ['RBP(p=0.8,rel=1)', { name: 'rbp', cutoff: Infinity, p: 0.8, rel: 1 }],
    ['Bpref', { name: 'bpref', cutoff: Infinity }],
    ['infAP', { name: 'infAP', cutoff: Infinity }],
    ['IPrec@0.5', { name: 'iprec', cutoff: Infinity, point: 0.5 }],
    ['IPrec(recall=0.2)', { name: 'iprec', cutoff: Infinity, point: 0.2 }],
    ['P(cutoff=5)', { name: 'P', cutoff: 5 }],
    ['NumRet', { name: 'num_ret', cutoff: Infinity }],
    ['NumRet(rel=1)', { name: 'num_ret', cutoff: Infinity, rel: 1 }],
    ['NumRelRet', { name: 'num_rel_ret', cutoff: Infinity }],
    ['NumRel', { name: 'num_rel', cutoff: Infinity }],
    ['SetP', { name: 'P', cutoff: Infinity }],
    ['SetR', { name: 'recall', cutoff: Infinity }],
    ['SetF(beta=0.5)', { name: 'f1', cutoff: Infinity, beta: 0.5 }],
    ['Success@5', { name: 'success', cutoff: 5 }],
    ['Rprec', { name: 'R-prec', cutoff: Infinity }],
    ['AP(judged_only=True)@100', { name: 'map', cutoff: 100, judgedOnly: true }],
    ["nDCG( dcg = 'exp-log2' ) @ 10", { name: 'ndcg', cutoff: 10, gain: 'exponential' }],
  ])('%s', (name, expected) => {
    expect(read(name)).toEqual(expected);
  });

  test('its values are Python literals: True, not true; quoted strings, not words', () => {
    expect(codeOf(() => parseMeasure('AP(judged_only=true)'))).toBe('invalid_option');
    expect(() => parseMeasure('nDCG(dcg=exp)@10')).toThrow(/not a Python literal/);
    expect(() => parseMeasure("nDCG(dcg='exp')@10")).toThrow("measure `nDCG(dcg='exp')@10`: expected `dcg` to be 'log2' (linear: the grade) or 'exp-log2'");
  });

  test('a parameter the measure does not take is refused, naming it and those it takes', () => {
    expect(() => parseMeasure('nDCG(rel=2)@10')).toThrow('measure `nDCG(rel=2)@10`: ndcg takes no parameter `rel` (it takes judged_only, dcg, gains, budget)');
    expect(() => parseMeasure('P(relative=True)')).toThrow(/P takes no parameter `relative`/);
    expect(codeOf(() => parseMeasure('bpref(p=0.5)'))).toBe('invalid_option');
  });
});

describe('trec_eval names (exact, as -m takes them and as trec_eval prints them)', () => {
  const keys = (name: string) => expandMeasure(name).map(({ key, measure }) => [key, formatMeasure(measure)]);

  test.each([
    ['ndcg_cut.10', 'ndcg@10'],
    ['ndcg_cut_10', 'ndcg@10'],
    ['P_5', 'P@5'],
    ['P.5', 'P@5'],
    ['recip_rank', 'mrr'],
    ['set_P', 'P'],
    ['set_F.0.25', 'f1(beta=0.25)'],
    ['set_F_0.25', 'f1(beta=0.25)'],
    ['map_cut.100', 'map@100'],
    ['iprec_at_recall.0.5', 'iprec@0.5'],
    ['iprec_at_recall_0.50', 'iprec@0.5'],
    ['Rprec_mult.2', 'Rprec_mult@2'],
    ['rbp.p=0.8', 'rbp(gains={p:0.8})'],
    ['ndcg.0=0,1=1,2=3', 'ndcg(gains={0:0,1:1,2:3})'],
    ['utility.1,-1,0,0', 'utility'],
    ['utility.2,-1,0,0', 'utility(coefficients=[2,-1,0,0])'],
    ['num_rel_ret', 'num_rel_ret'],
    ['unj.10', 'unj@10'],
  ])('%s is one value, keyed as written: %s', (name, canonical) => {
    expect(keys(name)).toEqual([[name, canonical]]);
  });

  test('a list of cutoffs is several values, keyed as trec_eval prints them', () => {
    expect(keys('P.5,10')).toEqual([
      ['P_5', 'P@5'],
      ['P_10', 'P@10'],
    ]);
    expect(keys('iprec_at_recall.0.2,0.5')).toEqual([
      ['iprec_at_recall_0.20', 'iprec@0.2'],
      ['iprec_at_recall_0.50', 'iprec@0.5'],
    ]);
    expect(keys('ndcg_cut').map(([key]) => key)).toEqual(['5', '10', '15', '20', '30', '100', '200', '500', '1000'].map((k) => `ndcg_cut_${k}`));
    expect(keys('Rprec_mult')).toHaveLength(10);
    expect(keys('iprec_at_recall')).toHaveLength(11);
  });

  test('a bare name that is also a rankeval or ir_measures measure is that measure, of the whole ranking', () => {
    for (const name of ['P', 'recall', 'success', 'relative_P', 'ndcg', 'map', 'utility']) expect(keys(name)).toHaveLength(1);
    expect(parseMeasure('recall').cutoff).toBe(Infinity);
  });

  test('parseMeasure refuses a name of several values', () => {
    expect(() => parseMeasure('P.5,10')).toThrow('measure `P.5,10`: names 2 values (P_5, P_10): name one');
  });

  test('runid, num_q, relstring and the groups are not scores of a ranking', () => {
    expect(() => parseMeasure('runid')).toThrow("measure `runid`: trec_eval's `runid` is not a score of a ranking (`rankeval trec -m runid` prints it)");
    expect(codeOf(() => parseMeasure('num_q'))).toBe('unknown_measure');
    expect(codeOf(() => parseMeasure('relstring.5'))).toBe('unknown_measure');
    expect(() => expandMeasure('official')).toThrow('measure `official`: `official` is a group of trec_eval measures (`rankeval trec -m official`), not a measure: name its measures');
    expect(codeOf(() => expandMeasure('all_trec'))).toBe('unknown_measure');
  });

  test('trec_eval’s own parameter errors are named by the measure', () => {
    expect(() => expandMeasure('P.5,5')).toThrow("measure `P.5,5`: P: duplicate cutoffs in '5,5'");
    expect(() => expandMeasure('utility.1,2')).toThrow(/utility takes 4 parameters, got 2/);
    expect(caught(() => expandMeasure('utility.1,2'))).toMatchObject({ subject: { kind: 'measure', measure: 'utility' }, facts: { limit: 4, count: 2 } });
    expect(codeOf(() => expandMeasure('P.'))).toBe('unknown_measure');
  });

  test('an error in a measure name has the measure as its scope, in fields', () => {
    for (const name of ['P.5,5', 'nDCG(rel=2)@10']) {
      let thrown: unknown;
      try {
        expandMeasure(name);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toMatchObject({ within: [{ subject: { kind: 'measure', measure: name }, words: `measure \`${name}\`` }], received: name });
    }
  });
});

describe('bad names', () => {
  test.each(['ndcg@', 'ndcg@0', 'ndcg@-1', 'ndcg@1.5', 'ndcg@ten', 'nDCG@10.0', 'ndcg@99999999999999999999', 'iprec', 'iprec@1.5', 'Rprec_mult@0', 'bpref@10', 'NumRet@5'])(
    '%j is an invalid_cutoff',
    (name) => {
      expect(codeOf(() => parseMeasure(name))).toBe('invalid_cutoff');
    },
  );

  test.each(['ndgc@10', '@10', '', 'xyzzy', 'P(rel=2', 'ndcg(rel=)@10'])('%j is refused with a typed error', (name) => {
    expect(codeOf(() => parseMeasure(name))).toMatch(/^(unknown_measure|invalid_option)$/);
  });

  test('an unknown name suggests the closest known names and their spellings in the three grammars', () => {
    expect(() => parseMeasure('ndgc@10')).toThrow('unknown measure `ndgc@10`: did you mean `ndcg@10`? Names: rankeval `ndcg@10`, ir_measures `nDCG@10`, trec_eval `ndcg_cut.10`');
    expect(() => parseMeasure('recal')).toThrow('unknown measure `recal`: did you mean `recall`? Names: rankeval `recall`, ir_measures `R`, trec_eval `set_recall`');
    expect(() => parseMeasure('xyzzy@10')).toThrow(/^unknown measure `xyzzy@10`: not a name of rankeval \(`ndcg@10`, `P@5`, `map`\), ir_measures/);
    expect(() => parseMeasure(5 as never)).toThrow(/expected a measure name/);
    // The name and the suggestions are data, as well as words.
    expect(caught(() => parseMeasure('ndgc@10'))).toMatchObject({ subject: { kind: 'measure', measure: 'ndgc@10' }, facts: { suggestions: ['ndcg@10'] } });
    expect(caught(() => parseMeasure(5 as never))).toMatchObject({ subject: { kind: 'argument', argument: 'name' } });
  });

  test('the message stays one bounded line whatever the name', () => {
    const error = (() => {
      try {
        parseMeasure(`${'x'.repeat(100_000)}@10`);
      } catch (caught) {
        return caught as Error;
      }
    })();
    expect(error?.message.length).toBeLessThan(600);
    expect(error?.message).not.toContain('\n');
  });
});

describe('the catalogue’s names', () => {
  test('no two measures share a rankeval name or alias, nor an ir_measures name', () => {
    const owners = new Map<string, Set<string>>();
    for (const d of measureDefinitions) {
      for (const name of [d.name, ...d.aliases]) {
        const folded = name.toLowerCase().replace(/[-_]/g, '');
        owners.set(folded, (owners.get(folded) ?? new Set()).add(d.name));
      }
    }
    expect([...owners].filter(([, names]) => names.size > 1)).toEqual([]);
    const ir = measureDefinitions.flatMap((d) => d.irMeasures);
    expect(new Set(ir).size).toBe(ir.length);
  });

  test('every rankeval name, alias and ir_measures name parses to its own entry', () => {
    for (const definition of measureDefinitions) {
      const at = definition.at === 'recall' ? '@0.5' : definition.at === 'multiple' ? '@2' : '';
      const irScale = definition.required?.includes('maxGrade') ? '(max_rel=3)' : '';
      const scale = definition.required?.includes('maxGrade') ? '(max_grade=3)' : '';
      for (const name of [definition.name, ...definition.aliases]) expect(parseMeasure(`${name}${scale}${at}`).definition).toBe(definition);
      for (const name of definition.irMeasures) expect(parseMeasure(`${name}${irScale}${at}`).definition).toBe(definition);
    }
  });
});

// ------------------------------------------------------------------------------------ round trip

const gains = fc.uniqueArray(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 3 }).chain((levels) =>
  fc.tuple(...levels.map((level) => fc.integer({ min: 0, max: 15 }).map((gain) => ({ name: String(level), level, gain })))),
);
/** Parameters of each kind, as a name can give them. */
const paramValues: { [K in keyof MeasureParams]?: fc.Arbitrary<MeasureParams[K]> } = {
  rel: fc.integer({ min: 0, max: 3 }),
  judgedOnly: fc.boolean(),
  gain: fc.constantFrom('linear' as const, 'exponential' as const),
  gains,
  p: fc.double({ min: 0.01, max: 0.99, noNaN: true }),
  beta: fc.double({ min: 0, max: 10, noNaN: true }),
  maxGrade: fc.integer({ min: 1, max: 4 }),
  points: fc.array(fc.constantFrom(0, 0.25, 0.5, 1), { minLength: 1, maxLength: 3 }),
  coefficients: fc.array(fc.integer({ min: -3, max: 3 }), { minLength: 4, maxLength: 4 }),
  budget: fc.oneof(fc.integer({ min: 0, max: 100_000 }), fc.double({ min: 0, max: 1e30, noNaN: true, noDefaultInfinity: true })),
};

const parsedMeasures: fc.Arbitrary<ParsedMeasure> = fc.constantFrom(...measureDefinitions).chain((definition) => {
  const given = fc.record(Object.fromEntries(definition.params.filter((key) => key in paramValues).map((key) => [key, paramValues[key]!])), {
    requiredKeys: (definition.required ?? []).filter((key) => key in paramValues),
  });
  const at =
    definition.at === 'k'
      ? fc.record({ cutoff: fc.oneof(fc.constant(Infinity), fc.integer({ min: 1, max: 10_000 })) })
      : definition.at === 'none'
        ? fc.constant({ cutoff: Infinity })
        : fc.record({ cutoff: fc.constant(Infinity), point: definition.at === 'recall' ? fc.double({ min: 0, max: 1, noNaN: true }) : fc.double({ min: 0.01, max: 5, noNaN: true }) });
  return fc.tuple(given, at).map(([params, where]) => {
    // A token budget takes the place of the cutoff.
    const cutoff = 'budget' in params ? Infinity : where.cutoff;
    return { definition, cutoff, params: { ...definition.defaults, ...params, ...where, cutoff } as MeasureParams };
  });
});

propTest.prop([parsedMeasures])('parse(format(m)) gives m back', (measure) => {
  expect(parseMeasure(formatMeasure(measure))).toEqual(measure);
});

// Upper case is left out: `RBP` is ir_measures' name, with its own default p.
propTest.prop([parsedMeasures])('a rankeval alias, in lower case, formats as the canonical name', (measure) => {
  const canonical = formatMeasure(measure);
  if (canonical.includes('(')) return; // the parameters of `P(…)` are in ir_measures' spelling, which lower-case `p(…)` reads too, but not always in the same way
  const alias = measure.definition.aliases[0] ?? measure.definition.name;
  const written = `${alias.toLowerCase()}${canonical.slice(measure.definition.name.length)}`;
  expect(formatMeasure(parseMeasure(written))).toBe(canonical);
});

// ------------------------------------------------------------------------------------ typed names

test('MeasureName: the catalogue’s names in their forms, and no misspelling', () => {
  expectTypeOf<'ndcg@10'>().toMatchTypeOf<MeasureName>();
  expectTypeOf<'P(rel=2)@5'>().toMatchTypeOf<MeasureName>();
  expectTypeOf<"nDCG(dcg='exp-log2')@10">().toMatchTypeOf<MeasureName>();
  expectTypeOf<'R-prec'>().toMatchTypeOf<MeasureName>();
  expectTypeOf<'ndcg_cut.10'>().toMatchTypeOf<MeasureName>();
  expectTypeOf<'P_5'>().toMatchTypeOf<MeasureName>();
  expectTypeOf<'iprec_at_recall_0.50'>().toMatchTypeOf<MeasureName>();
  expectTypeOf<'IPrec@0.5'>().toMatchTypeOf<MeasureName>();
  expectTypeOf<'ndgc@10'>().not.toMatchTypeOf<MeasureName>();
  expectTypeOf<'ndcg@ten'>().not.toMatchTypeOf<MeasureName>();
  expectTypeOf<'bpref@10'>().not.toMatchTypeOf<MeasureName>();
  expectTypeOf<'iprec'>().not.toMatchTypeOf<MeasureName>();
});

test('MeasureKey: the name itself, or string for a name that may denote several values', () => {
  expectTypeOf<MeasureKey<'ndcg@10'>>().toEqualTypeOf<'ndcg@10'>();
  expectTypeOf<MeasureKey<'P'>>().toEqualTypeOf<'P'>();
  expectTypeOf<MeasureKey<'P.5,10'>>().toEqualTypeOf<string>();
  expectTypeOf<MeasureKey<'ndcg_cut'>>().toEqualTypeOf<string>();
  expectTypeOf<MeasureKey<'ndcg_cut.10'>>().toEqualTypeOf<'ndcg_cut.10'>();
});

describe("trec_eval's parameters in a library name are checked as the other grammars' are", () => {
  test.each([
    ['rbp.p=1.5', 'invalid_option', /persistence p to be between 0 and 1/],
    ['rbp.p=abc', 'invalid_option', /decimal number, got `abc`/],
    ['set_F.abc', 'invalid_option', /decimal number, got `abc`/],
    ['set_F.-1', 'invalid_option', /β to be a number ≥ 0/],
    ['iprec_at_recall.2', 'invalid_cutoff', /recall level in \[0, 1\], got 2/],
    ['Rprec_mult.0', 'invalid_cutoff', /multiple of R above 0, got 0/],
    ['Rprec_mult.-1', 'invalid_cutoff', /multiple of R above 0, got -1/],
    ['ndcg.a=1', 'invalid_option', /a grade \(a whole number\) or `p` before `=`, got `a`/],
    ['ndcg(gains={a:1})', 'invalid_option', /`gains` to be a table of grade: gain/],
  ])('%s is a %s error naming it', (name, code, message) => {
    expect(() => parseMeasure(name)).toThrow(expect.objectContaining({ code, message: expect.stringMatching(message) }));
    expect(() => parseMeasure(name)).toThrow(name);
  });

  test('valid ones still read as trec_eval reads them', () => {
    expect(parseMeasure('set_F.0.5').params.beta).toBe(0.5);
    expect(parseMeasure('iprec_at_recall.0.5').params.point).toBe(0.5);
    expect(parseMeasure('rbp.p=0.8').params.gains).toEqual([{ name: 'p', level: 0, gain: 0.8 }]);
  });
});

describe('parameters a measure cannot do without', () => {
  test.each([
    ['NERR8@10', /NERR8 needs `max_rel` .* e\.g\. `NERR8\(max_rel=3\)`/],
    ['nerr8@10', /nerr8 needs `max_grade`/],
    ['INST', /INST needs `max_rel`/],
  ])('%s without its scale is refused when read, naming the parameter', (name, message) => {
    expect(() => parseMeasure(name)).toThrow(expect.objectContaining({ code: 'invalid_option', message: expect.stringMatching(message) }));
  });

  test("INST's T (ir_measures) is its desired gain", () => {
    expect(parseMeasure('INST(T=2,max_rel=3)').params).toMatchObject({ desiredGain: 2, maxGrade: 3 });
    expect(parseMeasure('inst(max_grade=3,desired_gain=2)').params).toMatchObject({ desiredGain: 2, maxGrade: 3 });
  });
});

describe('token budgets: `@budget=N` in place of the cutoff', () => {
  test.each([
    ['recall@budget=2000', 'recall'],
    ['R@budget=2000', 'recall'],
    ['recall(budget=2000)', 'recall'],
    ['Recall(budget=2000)', 'recall'],
    ['P@budget=2000', 'P'],
    ['ndcg@budget=2000', 'ndcg'],
    ['nDCG@budget=2000', 'ndcg'],
    ['tokens@budget=2000', 'tokens'],
    ['miss@budget=2000', 'miss'],
  ])('%j is %s cut at 2000 tokens, with no cutoff', (name, measure) => {
    expect(read(name)).toEqual({ name: measure, cutoff: Infinity, budget: 2000 });
  });

  test('formats as the cutoff it replaces, in rankeval’s grammar', () => {
    for (const written of ['recall@budget=2000', 'R@budget=2000', 'recall(budget=2000)', 'recall@budget = 2000']) {
      expect(formatMeasure(parseMeasure(written))).toBe('recall@budget=2000');
    }
    expect(formatMeasure(parseMeasure('P(rel=2)@budget=512.5'))).toBe('P(rel=2)@budget=512.5');
    expect(formatMeasure(parseMeasure('recall@budget=0'))).toBe('recall@budget=0');
    // A budget a number formats with an exponent reads again.
    expect(formatMeasure(parseMeasure('recall@budget=0.0000001'))).toBe('recall@budget=1e-7');
    expect(read('recall@budget=1e-7')).toEqual({ name: 'recall', cutoff: Infinity, budget: 1e-7 });
  });

  test('a measure that takes no budget is refused, naming those that do', () => {
    expect(codeOf(() => parseMeasure('bpref@budget=3'))).toBe('invalid_cutoff');
    expect(() => parseMeasure('bpref@budget=3')).toThrow('measure `bpref@budget=3`: bpref takes no token budget (`@budget=N` is for P, recall, f1, success, mrr, map, dcg, ndcg, context_precision, miss, tokens)');
    expect(() => parseMeasure('num_ret@budget=3')).toThrow('num_ret takes no token budget');
  });

  test.each(['recall@budget=x', 'recall@budget=', 'recall@budget=-1', 'recall@budget=Infinity', 'recall@budget=1e400'])('%j: the budget is not a number of tokens', (name) => {
    expect(codeOf(() => parseMeasure(name))).toBe('invalid_cutoff');
    expect(() => parseMeasure(name)).toThrow('expected a number of tokens after `@budget=`');
  });

  test('a budget and a cutoff together are refused: the budget takes the cutoff’s place', () => {
    for (const name of ['recall(budget=2000)@5', 'R(budget=2000)@5', 'recall(cutoff=5,budget=2000)']) {
      expect(codeOf(() => parseMeasure(name))).toBe('invalid_cutoff');
      expect(() => parseMeasure(name)).toThrow('a token budget takes the place of the cutoff: write `recall@budget=2000` or `recall@5`, not both');
    }
    expect(() => parseMeasure('recall(budget=5)@budget=10')).toThrow('a token budget is given twice');
  });

  test('ERR-IA with alpha 0 needs a cutoff, refused as the name is read (its ideal sum never ends)', () => {
    for (const name of ['ERR_IA(alpha=0)', 'err_ia(alpha=0)']) {
      expect(codeOf(() => parseMeasure(name))).toBe('invalid_option');
      expect(() => parseMeasure(name)).toThrow('alpha 0 needs a cutoff (without one the ideal sum never ends): write err_ia(alpha=0)@20');
    }
    expect(parseMeasure('ERR_IA(alpha=0)@20').params).toMatchObject({ alpha: 0, cutoff: 20 });
  });

  test('MeasureName takes the @budget=N form', () => {
    expectTypeOf<'recall@budget=2000'>().toMatchTypeOf<MeasureName>();
    expectTypeOf<'tokens@5'>().toMatchTypeOf<MeasureName>();
    expectTypeOf<'miss@20'>().toMatchTypeOf<MeasureName>();
  });
});
