// The RAG example's corpus and its two retrievers: the keyword baseline and BM25, the candidate.
import { readFileSync } from 'node:fs';
import { createBm25Retriever, createKeywordRetriever, type Document, type Retriever } from '../shared/search.js';

interface Chunk {
  readonly id: string;
  readonly title: string;
  readonly text: string;
}

export const chunks: readonly Chunk[] = JSON.parse(readFileSync(new URL('./chunks.json', import.meta.url), 'utf8'));

// A chunk is searched by its title and its text.
const documents: Document[] = chunks.map((chunk) => ({ id: chunk.id, text: `${chunk.title}. ${chunk.text}` }));

export const retrievers: Readonly<Record<'keyword' | 'bm25', Retriever>> = {
  keyword: createKeywordRetriever(documents),
  bm25: createBm25Retriever(documents),
};

/** How many chunks each retriever hands to the generator. */
export const DEPTH = 10;
