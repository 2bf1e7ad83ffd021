// Test helpers: in-memory qrels and a run's blocks, read by trec_eval's byte readers (src/formats/trec-bytes.ts).
import { isRankevalError } from '../../src/index.js';
import { appendBlock, createRunReader, parseQrels, type Qrels, type RunBlock } from '../../src/formats/trec-bytes.js';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

export const qrelsOf = (text: string): Qrels => parseQrels(bytes(text), 'qrels');

/** The blocks of a run's queries, copied (the reader reuses its block). */
export function blocksOf(run: string): RunBlock[] {
  const blocks: RunBlock[] = [];
  const reader = createRunReader('run', (block) => void blocks.push(appendBlock(undefined, block)));
  reader.push(bytes(run), true);
  return blocks;
}

/** The message of the parse error `run` throws (anything else it throws is rethrown; nothing thrown fails). */
export function parseFailure(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (isRankevalError(error) && error.code === 'parse_error') return error.message;
    throw error;
  }
  throw new Error('expected a parse error');
}
