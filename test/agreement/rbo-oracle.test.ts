// rbo against the test vectors Corsi & Urbano published with their reference implementation (SIGIR 2024,
// github:julian-urbano/sigir2024-rbo rbo/test.csv; 2,000 rows copied to test/fixtures/agreement/rbo.csv):
// every treatment of ties, every bound, to 1e-9.
import { describe, expect, it } from 'vitest';
import { rbo } from '../../src/agreement/rbo.js';
import { oracleRows } from './oracle.js';

/** A ranking as the test vectors write it: ids separated by spaces, a tie in parentheses (`a (b c) d`). */
function ranking(text: string): (string | string[])[] {
  return [...text.matchAll(/\(([^)]*)\)|(\S+)/g)].map((match) => (match[1] === undefined ? match[2]! : match[1].split(' ')));
}

const rows = oracleRows('rbo.csv');

describe('rbo against Corsi & Urbano’s reference implementation (rbo.csv, 2,000 rows)', () => {
  for (const ties of ['w', 'a', 'b'] as const) {
    it(`matches ext, min, max and res under ties '${ties}' on every row`, () => {
      let matched = 0;
      for (const row of rows) {
        const got = rbo(ranking(row.x!), ranking(row.y!), { p: Number(row.p), ties });
        for (const bound of ['ext', 'min', 'max', 'res'] as const) expect(Math.abs(got[bound] - Number(row[`${ties}.${bound}`]))).toBeLessThan(1e-9);
        matched++;
      }
      expect(matched).toBe(2000);
    });
  }

  it('reads the vectors’ ties: `a (b c) d` is a, then b and c tied, then d', () => {
    expect(ranking('a (b c) d')).toEqual(['a', ['b', 'c'], 'd']);
  });
});
