// What `rankeval trec` prints: per-query lines with -q, then the `all` lines averaged per measure.
import { describe, expect, test } from 'vitest';
import { MIN_GEO_MEAN, printResults, type QueryResult } from '../../src/trec/output.js';
import { selectMeasures } from '../../src/trec/select-measures.js';
import { qrelsOf } from '../helpers/trec-bytes.js';

// Four judged queries, two of them evaluated; 3 grades above 0 in all.
const qrels = qrelsOf('q1 0 d1 1\nq2 0 d1 2\nq3 0 d1 1\nq4 0 d1 0\n');
// runid, num_q, map, gm_map in trec_eval's order; gm_map's values are the logs of AP.
const bound = selectMeasures(['map', 'gm_map', 'num_q', 'runid']);
const offset = (name: string): number => bound.find((b) => b.measure.name === name)!.offset;
function result(qid: string, ap: number): QueryResult {
  const values = new Float64Array(4);
  values[offset('num_q')] = 1;
  values[offset('map')] = ap;
  values[offset('gm_map')] = Math.log(Math.max(ap, MIN_GEO_MEAN));
  return { qid, values, relstring: '' };
}
const results = [result('q1', 0.5), result('q2', 0.25)];
const print = (flags: { perQuery?: boolean; summary?: boolean; complete?: boolean }) =>
  printResults(results, bound, 'myrun', qrels, { perQuery: false, summary: true, complete: false, ...flags });

describe('printResults', () => {
  test('the all lines: a mean, a geometric mean, the number of queries and the run id', () => {
    expect(bound.map((b) => b.measure.name)).toEqual(['runid', 'num_q', 'map', 'gm_map']);
    expect(print({})).toBe(
      ['runid                 \tall\tmyrun', 'num_q                 \tall\t2', 'map                   \tall\t0.3750', `gm_map                \tall\t${Math.sqrt(0.5 * 0.25).toFixed(4)}`, ''].join('\n'),
    );
  });

  test('with -c, averages over every query of the qrels, a missing one as 0 (gm_map: as 0.00001)', () => {
    const gm = Math.exp((Math.log(0.5) + Math.log(0.25) + 2 * Math.log(0.00001)) / 4);
    expect(print({ complete: true }).split('\n').slice(1, 4)).toEqual(['num_q                 \tall\t4', `map                   \tall\t${(0.75 / 4).toFixed(4)}`, `gm_map                \tall\t${gm.toFixed(4)}`]);
  });

  test('with -q, every query’s lines first, leaving out the measures printed for all only', () => {
    expect(print({ perQuery: true, summary: false })).toBe('map                   \tq1\t0.5000\nmap                   \tq2\t0.2500\n');
  });

  test('prints nothing when neither is asked for', () => {
    expect(print({ summary: false })).toBe('');
  });
});
