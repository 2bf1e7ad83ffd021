// trec_eval's -Z: the z-scores file as get_zscores.c reads it and values as convert_zscores.c converts them.
import { describe, expect, test } from 'vitest';
import { convertToZScores, MISSING_ZSCORE, parseZScores } from '../../src/trec/zscores.js';

const zscores = (text: string) => parseZScores(new TextEncoder().encode(text), 'zscores');

describe('parseZScores', () => {
  test('reads whitespace-separated fields, atof numbers, sorted by qid then measure', () => {
    const { lines, queries } = zscores('q2 map 0.25 0.5\n\t q1  P_5\t1e-1 2abc \r\nq1 map .5 x');
    expect(lines).toEqual([
      { qid: 'q1', measure: 'P_5', mean: 0.1, stddev: 2 },
      { qid: 'q1', measure: 'map', mean: 0.5, stddev: 0 },
      { qid: 'q2', measure: 'map', mean: 0.25, stddev: 0.5 },
    ]);
    expect(queries).toEqual([
      { qid: 'q1', start: 0, end: 2 },
      { qid: 'q2', start: 2, end: 3 },
    ]);
  });

  test.each([
    ['q1 map 0.5\n', 'zscores:1: expected 4 fields (qid measure mean stddev), got 3'],
    ['q1 map 0.5 0.1 extra\n', 'zscores:1: expected 4 fields (qid measure mean stddev), got 5'],
    ['q1 map 0.5 0.1\n\nq2 map 0 1\n', 'zscores:2: expected 4 fields (qid measure mean stddev), got 0'],
    ['', 'zscores is empty: a z-scores file needs a `qid measure mean stddev` line'],
  ])('refuses %j', (text, message) => {
    expect(() => zscores(text)).toThrow(message);
  });
});

describe('convertToZScores', () => {
  const table = zscores('q1 map 0.3 0.1\nq1 P_5 0.4 0\nq1 P_10 0.2 0\nq2 recip_rank 0.5 0.25\n');
  const convert = (qid: string, names: string[], values: number[]): number[] => {
    const vector = Float64Array.from(values);
    convertToZScores(table, qid, names, vector);
    return [...vector];
  };

  test('(value − mean) / stddev; 0 when a zero deviation meets the mean, else the missing value', () => {
    expect(convert('q1', ['map', 'P_5', 'P_10'], [0.5, 0.4, 0.3])).toEqual([(0.5 - 0.3) / 0.1, 0, MISSING_ZSCORE]);
  });

  test('a query or measure the file lacks gets -1000000', () => {
    expect(convert('q0', ['map'], [0.5])).toEqual([MISSING_ZSCORE]);
    expect(convert('q1', ['bpref'], [0.5])).toEqual([MISSING_ZSCORE]);
    expect(MISSING_ZSCORE).toBe(-1000000);
  });

  test("past a query's last measure, trec_eval's search reads the next query's first line", () => {
    // q1's measures are P_10, P_5, map (byte order): recip_rank sorts after them all, and the search's last
    // probe is the line after q1's, q2's recip_rank, which it takes (convert_zscores.c searches 0 … n).
    expect(convert('q1', ['recip_rank'], [1])).toEqual([(1 - 0.5) / 0.25]);
    // Past the whole table there is nothing: not found.
    expect(convert('q2', ['success_1'], [1])).toEqual([MISSING_ZSCORE]);
    expect(convert('q3', ['map'], [1])).toEqual([MISSING_ZSCORE]);
  });
});
