import { describe, expect, it } from 'vitest';
import { cohenKappa } from '../../src/agreement/kappa.js';
import { kendallTau } from '../../src/agreement/kendall.js';
import { tauAP } from '../../src/agreement/tau-ap.js';
import type { ItemScores } from '../../src/agreement/paired-scores.js';
import { RankevalError } from '../../src/core/errors.js';

// Every reader of two score lists (pairedScores) through its public functions.
const readers: readonly [string, (x: ItemScores, y: ItemScores) => number, readonly [string, string]][] = [
  ['kendallTau', (x, y) => kendallTau(x, y), ['x', 'y']],
  ['tauAP', (x, y) => tauAP(x, y), ['x', 'y']],
  ['cohenKappa', (x, y) => cohenKappa(x, y), ['a', 'b']],
];

const thrown = (call: () => unknown): RankevalError => {
  try {
    call();
  } catch (error) {
    if (error instanceof RankevalError) return error;
    throw error;
  }
  throw new Error('did not throw');
};

describe.each(readers)('%s reads', (fn, call, [nameX, nameY]) => {
  const x = [2, 0, 1, 1, 3, 2];
  const y = [2, 1, 1, 0, 3, 3];

  it('a typed array as the list it holds, whichever side, equal to the plain arrays’ result', () => {
    const plain = call(x, y);
    expect(call(Float64Array.from(x), Float64Array.from(y))).toBe(plain);
    expect(call(Int32Array.from(x), Int32Array.from(y))).toBe(plain);
    expect(call(Float64Array.from(x), y)).toBe(plain);
    expect(call(x, Uint8Array.from(y))).toBe(plain);
  });

  it('a typed array as a list, not as a record: mixed with a record, it is refused as an array would be', () => {
    const error = thrown(() => call(Float64Array.from(x), { a: 1, b: 2 }));
    expect(error).toMatchObject({ code: 'invalid_option', fn, subject: { kind: 'argument', argument: nameY }, expected: `an array, as \`${nameX}\` is` });
  });

  it('refuses a Map on either side, naming the shapes it takes, where it read an empty record', () => {
    for (const [side, args] of [
      [nameX, [new Map([['a', 1], ['b', 2]]), { a: 1, b: 2 }]],
      [nameY, [{ a: 1, b: 2 }, new Map([['a', 1], ['b', 2]])]],
    ] as const) {
      const error = thrown(() => call(...(args as unknown as [ItemScores, ItemScores])));
      expect(error).toMatchObject({ code: 'invalid_option', fn, subject: { kind: 'argument', argument: side } });
      expect(error.expected).toBe('an array or typed array of scores, or a record of name → score (for a Map, give `Object.fromEntries(map)`)');
      expect(error.received).toBeInstanceOf(Map);
      expect(error.message).toMatch(new RegExp(`^${fn}: expected \`${side}\` to be an array or typed array of scores, or a record of name → score`));
    }
  });

  it('refuses a Set, a generator, a DataView or an ArrayBuffer as a Map is, and a non-finite score of a typed array at its place', () => {
    const shapes = 'an array or typed array of scores, or a record of name → score';
    for (const other of [new Set([1, 2]), new DataView(new ArrayBuffer(16)), new ArrayBuffer(16)]) {
      expect(thrown(() => call(other as never, [1, 2]))).toMatchObject({ code: 'invalid_option', subject: { kind: 'argument', argument: nameX }, expected: shapes });
    }
    expect(thrown(() => call([1, 2], (function* () { yield 1; yield 2; })() as never))).toMatchObject({ code: 'invalid_option', subject: { kind: 'argument', argument: nameY } });
    expect(thrown(() => call(Float64Array.of(1, Number.NaN, 2), [1, 2, 3]))).toMatchObject({ code: 'invalid_option', what: `score 2 in \`${nameX}\``, received: Number.NaN });
  });
});
