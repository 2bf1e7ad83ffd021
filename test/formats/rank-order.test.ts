// trec_eval's rank order of a block (RankOrder): score descending, ties by docno descending in byte order,
// and each RankOrder's order its own, whatever another one ordered since.
import { describe, expect, test } from 'vitest';
import { RankOrder } from '../../src/formats/rank-order.js';
import { blocksOf } from '../helpers/trec-bytes.js';

// Written by score: d1 3, then d2 and d4 tied at 2 (d4 first by docno descending), d3 1.
const [byScore, other] = blocksOf('q1 Q0 d1 1 3 r\nq1 Q0 d2 2 2 r\nq1 Q0 d4 3 2 r\nq1 Q0 d3 4 1 r\nq2 Q0 e1 1 9 r\nq2 Q0 e2 2 8 r\n');
const [unordered] = blocksOf('q1 Q0 d1 1 1 r\nq1 Q0 d2 2 3 r\nq1 Q0 d3 3 3 r\n');

describe('RankOrder', () => {
  test('orders by score descending, a tie by docno descending, whether or not the file is ordered by score', () => {
    const rankOrder = new RankOrder();
    expect([...rankOrder.of(byScore!)]).toEqual([0, 2, 1, 3]);
    expect([...rankOrder.of(unordered!)]).toEqual([2, 1, 0]);
  });

  test('two RankOrders used in turns each keep the order of the block it ordered last', () => {
    const [one, next] = [new RankOrder(), new RankOrder()];
    const first = one.of(byScore!);
    const second = next.of(other!);
    expect([...first]).toEqual([0, 2, 1, 3]);
    expect([...second]).toEqual([0, 1]);
  });
});
