// The RAG example's corpus, its two retrievers (the keyword baseline and BM25, the candidate) and the
// chunks' lengths in tokens.
import { readFileSync } from 'node:fs';
import { createBm25Retriever, createKeywordRetriever, type Document, type Retriever } from '../shared/search.js';

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

export const retrievers: Readonly<Record<'keyword' | 'bm25', Retriever>> = {
  keyword: createKeywordRetriever(documents),
  bm25: createBm25Retriever(documents),
};

/** How many chunks each retriever hands to the generator. */
export const DEPTH = 10;
