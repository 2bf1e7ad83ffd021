import { describe, expect, test } from 'vitest';
import { evaluate, isRankevalError } from '../src/index.js';
import { describeValue } from '../src/errors.js';

/** A proxy of a proxy of … an array, `depth` deep: `Array.isArray` recurses through every level. */
function nestedProxy(depth: number): unknown {
  let value: object = [];
  for (let i = 0; i < depth; i++) value = new Proxy(value, {});
  return value;
}

describe('describeValue', () => {
  test('quotes values and names their type', () => {
    expect(describeValue(0)).toBe('`0` (number)');
    expect(describeValue('a')).toBe('`"a"` (string)');
    expect(describeValue(null)).toBe('`null` (null)');
    expect(describeValue([1, 2])).toBe('`array of 2` (array)');
    expect(describeValue({})).toBe('`[object Object]` (object)');
  });

  test('a long string is cut before it is quoted', () => {
    expect(describeValue('x'.repeat(1 << 24))).toBe(`\`"${'x'.repeat(56)}...\` (string)`);
  });

  test('a value nested 100,000 proxies deep is described, not a RangeError', () => {
    expect(describeValue(nestedProxy(100_000))).toBe('`an uninspectable object` (object)');
  });

  test('a revoked proxy is described, not a TypeError', () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(describeValue(proxy)).toBe('`an uninspectable object` (object)');
  });

  test('so a deeply nested wrong-typed option gets its RankevalError', () => {
    let error: unknown;
    try {
      evaluate(['a'], ['a'], { gain: nestedProxy(100_000) as never });
    } catch (caught) {
      error = caught;
    }
    expect(isRankevalError(error) && error.code).toBe('invalid_option');
    expect((error as Error).message).toBe("evaluate: expected `gain` to be 'linear' or 'exponential', got `an uninspectable object` (object)");
  });
});
