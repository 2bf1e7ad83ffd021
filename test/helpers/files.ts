import { isRankevalError } from '../../src/index.js';
/** The UTF-8 bytes of a text cut into chunks of `size` bytes (cutting characters, as streams do). */
export function byteChunks(text: string, size: number): Uint8Array[] {
  const bytes = new TextEncoder().encode(text);
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  return chunks;
}

/**
 * The UTF-8 bytes of a text in chunks of `size` bytes that all share one buffer, as the CLI reads a file:
 * each chunk is overwritten by the next, and the last with 0xFF bytes (never UTF-8) once the reader has
 * asked past it, so a reader that keeps a chunk instead of copying it reads garbage.
 */
export function* reusedBufferChunks(text: string, size: number): Generator<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  const buffer = new Uint8Array(size);
  for (let i = 0; i < bytes.length; i += size) {
    const piece = bytes.subarray(i, i + size);
    buffer.set(piece);
    yield buffer.subarray(0, piece.length);
  }
  buffer.fill(0xff);
}

/** The error a call throws (the test fails when it throws nothing). */
export function errorOf(call: () => unknown): unknown {
  try {
    call();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to throw');
}

/** The RankevalError a call throws, as its code and message (the test fails on any other outcome). */
export function rankevalFailureOf(call: () => unknown): { code: string; message: string } {
  const error = errorOf(call);
  if (!isRankevalError(error)) throw error;
  return { code: error.code, message: error.message };
}
