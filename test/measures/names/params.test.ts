// A name's `(…)` and `@x` read into its catalogue entry's parameters, defaults filled in.
import { describe, expect, test } from 'vitest';
import { measureDefinitions } from '../../../src/measures/catalogue.js';
import { PARAMS, readParameters } from '../../../src/measures/names/params.js';

const entry = (name: string) => measureDefinitions.find((definition) => definition.name === name)!;

describe('readParameters', () => {
  test('a cutoff and parameters, the defaults kept for the rest', () => {
    const parsed = readParameters('P(rel=2)@5', entry('P'), 'rel=2', '5', 'ir_measures');
    expect(parsed.cutoff).toBe(5);
    expect(parsed.params).toEqual({ ...entry('P').defaults, rel: 2, cutoff: 5 });
  });

  test('ir_measures’ cutoff keyword takes the place of @', () => {
    expect(readParameters('P(cutoff=5)', entry('P'), 'cutoff=5', undefined, 'ir_measures').cutoff).toBe(5);
  });

  test('a parameter is matched by its rankeval name (or key) ignoring case and _, by its ir_measures name exactly', () => {
    expect(readParameters('m', entry('map'), 'JUDGED_ONLY=true', undefined, 'rankeval').params.judgedOnly).toBe(true);
    expect(readParameters('m', entry('map'), 'judgedOnly=TRUE', undefined, 'rankeval').params.judgedOnly).toBe(true);
    expect(() => readParameters('m', entry('map'), 'judgedOnly=True', undefined, 'ir_measures')).toThrow('measure `m`: map takes no parameter `judgedOnly` (it takes rel, judged_only, budget)');
  });

  test('a recall level, a multiple of R and a token budget are read from @', () => {
    expect(readParameters('iprec@0.5', entry('iprec'), undefined, '0.5', 'rankeval').params.point).toBe(0.5);
    expect(readParameters('Rprec_mult@2', entry('Rprec_mult'), undefined, '2', 'rankeval').params.point).toBe(2);
    expect(readParameters('recall@budget=2000', entry('recall'), undefined, 'budget=2000', 'rankeval')).toMatchObject({ cutoff: Infinity, params: { budget: 2000, cutoff: Infinity } });
  });

  test.each([
    ['ndcg', '0', 'expected the cutoff after `@` to be a positive integer, got `0`'],
    ['map', undefined, undefined],
    ['bpref', '10', 'bpref has no cutoff: write it without `@`'],
    ['iprec', '1.5', 'expected a recall level in [0, 1] after `@` (`iprec@0.5`), got `1.5`'],
  ])('%s@%s', (name, at, message) => {
    const read = () => readParameters(`${name}@${at}`, entry(name), undefined, at, 'rankeval');
    if (message === undefined) expect(read().cutoff).toBe(Infinity);
    else expect(read).toThrow(message);
  });

  test('a value out of range is refused with what the parameter takes', () => {
    expect(() => readParameters('rbp(p=1)', entry('rbp'), 'p=1', undefined, 'rankeval')).toThrow('expected `p` to be a number between 0 and 1 (excluded)');
  });

  test('PARAMS: every key once, in the order names are written', () => {
    const keys = PARAMS.map((spec) => spec.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.slice(0, 4)).toEqual(['rel', 'judgedOnly', 'gain', 'gains']);
  });
});
