import { isRankevalError } from '../../src/index.js';
/** The UTF-8 bytes of a text cut into chunks of `size` bytes (cutting characters, as streams do). */
export function byteChunks(text: string, size: number): Uint8Array[] {
  const bytes = new TextEncoder().encode(text);
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  return chunks;
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
