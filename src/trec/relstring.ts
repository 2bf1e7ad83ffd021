// trec_eval's relstring: a query's grades at the top of its ranking as one string, printed per query.
import { NOT_POOLED, UNJUDGED, type JudgedRanking } from '../metrics/judged-ranking.js';

/** trec_eval's relstring: the grades of the first `length` documents, one character each. */
export function relString(query: JudgedRanking, length: number): string {
  let text = '';
  for (let i = 0; i < Math.max(0, Math.min(Math.trunc(length), query.retrieved)); i++) {
    const rel = query.rel[i]!;
    text += rel > 9 ? '>' : rel >= 0 ? String.fromCharCode(48 + Math.trunc(rel)) : rel === NOT_POOLED ? '-' : rel === UNJUDGED ? '.' : '<';
  }
  return text;
}
