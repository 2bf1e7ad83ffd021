// "Did you mean …?" for misspelt commands, flags, names and keys.

/**
 * Edits (insert, delete, substitute, swap two neighbours) that turn `a` into `b`: the optimal string
 * alignment distance, so that the common slip of two letters typed in the wrong order (`meausre`) costs one.
 */
export function editDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  let before: number[] = [];
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let best = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) best = Math.min(best, before[j - 2]! + 1);
      current.push(best);
    }
    before = previous;
    previous = current;
  }
  return previous[y.length]!;
}

/**
 * The candidate closest to `word`, if one is close enough to be what was meant: at most a third of the
 * word's letters edited (at least one). Ties go to the earlier candidate.
 */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  const limit = Math.max(1, Math.floor([...word].length / 3));
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = editDistance(word, candidate);
    if (distance <= limit && distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * Names other tools and habits give a key, lower-cased, by the key meant, where edit distance would not
 * find it. Read only for a key the line does not read, and only towards a key it does.
 */
const ALIASES: Readonly<Record<string, string>> = Object.assign(Object.create(null) as Record<string, string>, {
  qid: 'query_id',
  id: 'query_id',
  query_idx: 'query_id',
  question_id: 'query_id',
  topic_id: 'query_id',
  qrels: 'relevant',
  judgments: 'relevant',
  judgements: 'relevant',
  grades: 'relevant',
  labels: 'relevant',
  relevant_ids: 'relevant',
  relevant_docs: 'relevant',
  relevant_doc_ids: 'relevant',
  relevant_documents: 'relevant',
  relevant_passages: 'relevant',
  ranking: 'results',
  ranked: 'results',
  hits: 'results',
  docs: 'results',
  documents: 'results',
  retrieved: 'results',
  latency: 'latency_ms',
  doc_id: 'id',
  docid: 'id',
  doc: 'id',
  document_id: 'id',
  documentid: 'id',
  docno: 'id',
  corpus_id: 'id',
  chunk_id: 'id',
  chunkid: 'id',
  passage_id: 'id',
  pid: 'id',
  _id: 'id',
  similarity: 'score',
  relevance_score: 'score',
});

/**
 * The key of `known` that `key` is a slip for, if any: a name other tools give it (`qid` → `query_id`),
 * else the closest by edit distance (at most a third of its letters), case aside.
 * @example meantKey('relevance', ['query_id', 'relevant']) // => 'relevant'
 */
export function meantKey(key: string, known: readonly string[]): string | undefined {
  const lower = key.toLowerCase();
  const alias = ALIASES[lower];
  if (alias !== undefined && known.includes(alias)) return alias;
  return closest(lower, known);
}

/**
 * The first key of `record` that is none of `known` but a slip for one the record does not give, with
 * the key meant. A key far from every known one is left alone: a line may carry notes of its own.
 * @example misnamedKey({ qid: 'q1', relevant: ['d1'] }, ['query_id', 'relevant']) // => ['qid', 'query_id']
 */
export function misnamedKey(record: object, known: readonly string[]): [key: string, meant: string] | undefined {
  for (const key of Object.keys(record)) {
    if (known.includes(key)) continue;
    const meant = meantKey(key, known);
    if (meant !== undefined && !Object.hasOwn(record, meant)) return [key, meant];
  }
  return undefined;
}
