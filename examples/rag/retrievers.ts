// The RAG example's corpus, its retrievers (the keyword baseline, BM25, character trigrams, and BM25 and
// trigrams fused two ways) and the chunks' lengths in tokens.
import { readFileSync } from 'node:fs';
import {
  createBm25Retriever,
  createFusedRetriever,
  createKeywordRetriever,
  createTrigramRetriever,
  type Document,
  type Retriever,
} from '../shared/search.js';

interface Chunk {
  readonly id: string;
  readonly title: string;
  readonly text: string;
}

export const chunks: readonly Chunk[] = JSON.parse(readFileSync(new URL('./chunks.json', import.meta.url), 'utf8'));

// A chunk is searched by its title and its text.
const searchedText = (chunk: Chunk): string => `${chunk.title}. ${chunk.text}`;
const documents: Document[] = chunks.map((chunk) => ({ id: chunk.id, text: searchedText(chunk) }));

/**
 * A chunk's length in tokens as the generator would be given it (title and text, as searched), estimated
 * as its words × 4/3 rounded up — the usual rule of thumb for English text (a token ≈ ¾ of a word), close
 * to characters / 4 here. No tokenizer is bundled: this is an estimate, and low for the Russian chunks,
 * which real tokenizers cut into more pieces.
 */
export const estimatedTokens = (chunk: Chunk): number => Math.ceil((searchedText(chunk).split(/\s+/).filter(Boolean).length * 4) / 3);

const bm25 = createBm25Retriever(documents);
const trigram = createTrigramRetriever(documents);

/**
 * The hybrids fuse BM25 (whole stemmed words, scores 0 to about 15 here) with trigrams (word fragments,
 * cosine 0..1), the pairing of a lexical and a dense retriever in a RAG stack: two different signals. Both
 * fusions are the usual defaults, not tuned on the golden set: RRF with k = 60 reads the ranks only; the
 * weighted sum gives each run weight ½ after min-max, which maps both scales to 0..1 per question.
 */
export const retrievers: Readonly<Record<'keyword' | 'bm25' | 'trigram' | 'hybrid-rrf' | 'hybrid-wsum', Retriever>> = {
  keyword: createKeywordRetriever(documents),
  bm25,
  trigram,
  'hybrid-rrf': createFusedRetriever({ bm25, trigram }, { method: 'rrf', k: 60 }),
  'hybrid-wsum': createFusedRetriever({ bm25, trigram }, { method: 'wsum', norm: 'min-max', weights: { bm25: 0.5, trigram: 0.5 } }),
};

/** How many chunks each retriever hands to the generator. */
export const DEPTH = 10;
