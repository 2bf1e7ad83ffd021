// Two small text retrievers for the examples, written here so that the examples need nothing but rankeval:
// a keyword matcher (how many of the question's words a text contains) and Okapi BM25.

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
