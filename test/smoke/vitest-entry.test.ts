// The built `rankeval/vitest` entry, loaded by package name as a user's test file loads it: importing it
// registers the matchers (a side effect kept by `sideEffects` in package.json).
import 'rankeval/vitest';
import { expect, it } from 'vitest';

it('registers the matchers on vitest’s expect', () => {
  expect(['G', 'x', 'T']).toRankFirst('G');
  expect(['G', 'x', 'T']).toHaveRecallAtK({ T: 2, G: 1, F: 1 }, 3, 2 / 3);
  expect(() => expect(['x']).toRankFirst('G')).toThrow('expected "G" to rank first, but it was not retrieved');
});
