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

export { fixed } from '../../src/core/c-printf.js';
