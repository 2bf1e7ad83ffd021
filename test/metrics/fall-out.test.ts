import { describe, expect, test } from 'vitest';
import { scoreQuery } from '../helpers/query-context.js';

// a and e relevant; b, c and d judged non-relevant; x unjudged, f pooled but not judged (negative grade).
const qrels = { a: 1, b: 0, c: 0, d: 0, e: 2, f: -1 };
const fallOut = (cutoff: number, docs: readonly string[], judged: Record<string, number> = qrels, rel?: number): number =>
  scoreQuery('fall_out', [{ cutoff, ...(rel === undefined ? {} : { rel }) }], [...docs], judged)[0]!;

describe('fall_out', () => {
  test('judged non-relevant documents in the top k over the judged non-relevant documents', () => {
    expect(fallOut(2, ['a', 'b', 'x', 'c'])).toBe(1 / 3);
    expect(fallOut(4, ['a', 'b', 'x', 'c'])).toBe(2 / 3);
    expect(fallOut(Infinity, ['a', 'b', 'x', 'c', 'd'])).toBe(3 / 3);
  });

  test('unjudged documents and negative grades are not counted as non-relevant', () => {
    expect(fallOut(3, ['x', 'f', 'b'])).toBe(1 / 3);
  });

  test('the relevance level moves documents between relevant and non-relevant', () => {
    expect(fallOut(4, ['a', 'b', 'x', 'c'], qrels, 2)).toBe(3 / 4);
  });

  test('is 0 without judged non-relevant documents, and for an empty ranking', () => {
    expect(fallOut(10, ['a', 'x'], { a: 1, e: 2 })).toBe(0);
    expect(fallOut(10, [])).toBe(0);
  });
});
