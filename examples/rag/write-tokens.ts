// Writes the `tokens` of examples/rag/multi-aspect.jsonl: every chunk's estimated length in tokens
// (estimatedTokens in retrievers.ts), on every line, since a token budget reads the length of whatever chunk
// a retriever returns. The questions and aspects are written by hand; rag.test.ts checks the tokens.
//   npx tsx examples/rag/write-tokens.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { chunks, estimatedTokens } from './retrievers.js';

const path = new URL('./multi-aspect.jsonl', import.meta.url);
const tokens = Object.fromEntries(chunks.map((chunk) => [chunk.id, estimatedTokens(chunk)]));
// One JSON object a line, spaced as golden.jsonl is (`{"a": 1, "b": ["x"]}`): the pretty form with its
// line breaks — which JSON puts only between tokens, never inside a string — folded.
const oneLine = (value: unknown): string =>
  JSON.stringify(value, null, 1)
    .replace(/([{[])\n\s*/g, '$1')
    .replace(/\n\s*([}\]])/g, '$1')
    .replace(/\n\s*/g, ' ');
const lines = readFileSync(path, 'utf8').split('\n').filter((line) => line.trim() !== '');
writeFileSync(path, lines.map((line) => oneLine({ ...JSON.parse(line), tokens })).join('\n') + '\n');
