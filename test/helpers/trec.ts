// Test-only readers of the TREC files in test/fixtures, kept deliberately plain: they turn the files into
// the library's own inputs so that the metrics can be checked against trec_eval's printed numbers.
import { readFileSync } from 'node:fs';
import type { ScoredDocument } from '../../src/index.js';

const fields = (line: string): string[] => line.split(/[ \t\r]+/).filter((field) => field !== '');

/** qid → docno → grade. */
export function readQrels(path: string): Map<string, Record<string, number>> {
  const qrels = new Map<string, Record<string, number>>();
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const [qid, , docno, grade] = fields(line);
    if (qid === undefined || docno === undefined || grade === undefined) continue;
    let judged = qrels.get(qid);
    if (judged === undefined) qrels.set(qid, (judged = {}));
    judged[docno] = Number(grade);
  }
  return qrels;
}

/** qid → scored documents, in file order (the library orders them). */
export function readRun(path: string): Map<string, ScoredDocument[]> {
  const run = new Map<string, ScoredDocument[]>();
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const [qid, , docno, , score] = fields(line);
    if (qid === undefined || docno === undefined || score === undefined) continue;
    let ranking = run.get(qid);
    if (ranking === undefined) run.set(qid, (ranking = []));
    ranking.push({ id: docno, score: Number(score) });
  }
  return run;
}

/** `measure\tqid` → printed value, from trec_eval's output. */
export function readExpected(path: string): Map<string, string> {
  const expected = new Map<string, string>();
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const [measure, qid, value] = line.split('\t');
    if (measure === undefined || qid === undefined || value === undefined) continue;
    expected.set(`${measure.trim()}\t${qid}`, value);
  }
  return expected;
}

const TEN_THOUSAND = 10_000n;

/**
 * Formats as C's printf("%.4f"): the exact binary value rounded half to even. (toFixed rounds exact ties
 * away from zero, e.g. 0.03125 → "0.0313" where trec_eval prints "0.0312".)
 */
export function printf4(x: number): string {
  const sign = x < 0 || Object.is(x, -0) ? '-' : '';
  const [mantissa, exponent] = decompose(Math.abs(x));
  let scaled: bigint; // round(|x| · 10^4), half to even
  if (exponent >= 0) scaled = mantissa * TEN_THOUSAND * (1n << BigInt(exponent));
  else {
    const shift = BigInt(-exponent);
    const numerator = mantissa * TEN_THOUSAND;
    const floor = numerator >> shift;
    const remainder = numerator - (floor << shift);
    const half = 1n << (shift - 1n);
    scaled = remainder > half || (remainder === half && (floor & 1n) === 1n) ? floor + 1n : floor;
  }
  const digits = scaled.toString().padStart(5, '0');
  return `${sign}${digits.slice(0, -4)}.${digits.slice(-4)}`;
}

/** |x| = mantissa · 2^exponent exactly. */
function decompose(x: number): [bigint, number] {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const biased = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & ((1n << 52n) - 1n);
  return biased === 0 ? [fraction, -1074] : [fraction | (1n << 52n), biased - 1075];
}
