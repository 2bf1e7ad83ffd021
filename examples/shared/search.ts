// Small text retrievers for the examples, written here so that the examples need nothing but rankeval:
// a keyword matcher (how many of the question's words a text contains), Okapi BM25, a character-trigram
// cosine similarity, and a hybrid that fuses other retrievers' rankings with rankeval's `fuse`.
import { fuse, type FuseOptions } from 'rankeval/fusion';

export interface Document {
  readonly id: string;
  readonly text: string;
}

export interface Hit {
  readonly id: string;
  readonly score: number;
}

/** A retriever: the best `k` documents for a question, as `{id, score}` (rankeval orders them). */
export type Retriever = (question: string, k: number) => Hit[];

const STOPWORDS = new Set(
  'a an and are at be by can do does for from how i in is it my of on or should the to what when which who why with you your'.split(' '),
);

/** Lower-cased words, without stop words; with `stem`, crude suffix stripping (English) and prefixes (Cyrillic). */
export function tokenize(text: string, stem = false): string[] {
  const words = text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((word) => word !== '' && !STOPWORDS.has(word));
  if (!stem) return words;
  return words.map((word) => {
    if (/\p{Script=Cyrillic}/u.test(word)) return word.slice(0, 5);
    for (const suffix of ['ing', 'ed', 'es', 's']) {
      if (word.length > suffix.length + 3 && word.endsWith(suffix)) return word.slice(0, -suffix.length);
    }
    return word;
  });
}

const top = (scores: Map<string, number>, k: number): Hit[] =>
  [...scores].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score || (a.id < b.id ? 1 : -1)).slice(0, k);

/** Scores a document by the number of distinct question words it contains (no stemming, no weighting). */
export function createKeywordRetriever(documents: readonly Document[]): Retriever {
  const words = documents.map((document) => new Set(tokenize(document.text)));
  return (question, k) => {
    const asked = new Set(tokenize(question));
    const scores = new Map<string, number>();
    documents.forEach((document, i) => {
      let shared = 0;
      for (const word of asked) if (words[i]!.has(word)) shared++;
      if (shared > 0) scores.set(document.id, shared);
    });
    return top(scores, k);
  };
}

/** Okapi BM25 over stemmed words: idf = ln(1 + (N − df + 0.5) / (df + 0.5)), k1 = 1.2, b = 0.75. */
export function createBm25Retriever(documents: readonly Document[], k1 = 1.2, b = 0.75): Retriever {
  const termCounts = documents.map((document) => {
    const counts = new Map<string, number>();
    for (const word of tokenize(document.text, true)) counts.set(word, (counts.get(word) ?? 0) + 1);
    return counts;
  });
  const lengths = documents.map((document) => tokenize(document.text, true).length);
  const averageLength = lengths.reduce((sum, length) => sum + length, 0) / documents.length;
  const documentFrequency = new Map<string, number>();
  for (const counts of termCounts) for (const word of counts.keys()) documentFrequency.set(word, (documentFrequency.get(word) ?? 0) + 1);
  const idf = (word: string): number => {
    const df = documentFrequency.get(word) ?? 0;
    return Math.log(1 + (documents.length - df + 0.5) / (df + 0.5));
  };
  return (question, k) => {
    const scores = new Map<string, number>();
    for (const word of new Set(tokenize(question, true))) {
      if (!documentFrequency.has(word)) continue;
      documents.forEach((document, i) => {
        const frequency = termCounts[i]!.get(word) ?? 0;
        if (frequency === 0) return;
        const weight = (frequency * (k1 + 1)) / (frequency + k1 * (1 - b + (b * lengths[i]!) / averageLength));
        scores.set(document.id, (scores.get(document.id) ?? 0) + idf(word) * weight);
      });
    }
    return top(scores, k);
  };
}

/** A text's character trigrams and their counts, over its lower-cased words each padded with a space either side. */
function trigramCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const word of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (word === '') continue;
    const padded = ` ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) {
      const trigram = padded.slice(i, i + 3);
      counts.set(trigram, (counts.get(trigram) ?? 0) + 1);
    }
  }
  return counts;
}

const euclideanLength = (counts: Map<string, number>): number => Math.sqrt([...counts.values()].reduce((sum, count) => sum + count * count, 0));

/**
 * Scores a document by the cosine similarity of its character-trigram counts and the question's: a crude
 * stand-in for a dense retriever (no model, no training), matching word fragments where the other two
 * need whole words or stems — inflections, compounds, typos. Counts are non-negative, so scores lie in
 * 0..1, on another scale than BM25's.
 */
export function createTrigramRetriever(documents: readonly Document[]): Retriever {
  const vectors = documents.map((document) => trigramCounts(document.text));
  const lengths = vectors.map(euclideanLength);
  return (question, k) => {
    const asked = trigramCounts(question);
    const askedLength = euclideanLength(asked);
    const scores = new Map<string, number>();
    documents.forEach((document, i) => {
      let dot = 0;
      for (const [trigram, count] of asked) dot += count * (vectors[i]!.get(trigram) ?? 0);
      if (dot > 0) scores.set(document.id, dot / (askedLength * lengths[i]!));
    });
    return top(scores, k);
  };
}

/**
 * A hybrid retriever: asks each retriever for its best `k` documents and fuses their rankings with
 * rankeval's `fuse` (any method and normalisation; `weights` by the retrievers' names), keeping the best `k`.
 * Each retriever is asked for `k` only, so that fusing the runs of the retrievers as written at depth `k`
 * (`rankeval fuse` of the example's runs/*.jsonl) ranks each question's documents as this retriever does.
 */
export function createFusedRetriever(retrievers: Readonly<Record<string, Retriever>>, options: FuseOptions): Retriever {
  return (question, k) => {
    // One question: a run of one query (any id) per retriever.
    const runs = Object.fromEntries(Object.entries(retrievers).map(([name, search]) => [name, { question: search(question, k) }]));
    return (fuse(runs, options).get('question') ?? []).slice(0, k);
  };
}
