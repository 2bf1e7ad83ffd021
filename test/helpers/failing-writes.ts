// A disk that fails writes, for the store's tests: FileHandle's write (and datasync) made to fail, after
// a short write or at once, as a full disk fails them.
import { open, type FileHandle } from 'node:fs/promises';
import { vi } from 'vitest';

/** FileHandle's prototype: every `open` of node:fs/promises hands out one of its instances. */
const probe = await open(process.execPath, 'r');
await probe.close();
export const fileHandlePrototype = Object.getPrototypeOf(probe) as FileHandle;

/** The error a full disk gives a write. */
export const enospc = (): NodeJS.ErrnoException => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', syscall: 'write' });

type Write = (data: Uint8Array, offset: number, length: number) => Promise<{ bytesWritten: number; buffer: Uint8Array }>;

/**
 * Makes the next `calls.length` calls of FileHandle's write act as a full disk: a positive number writes
 * that many bytes of the data and returns (a short write), 0 writes nothing and throws ENOSPC. The calls
 * after them write. Undone by `vi.restoreAllMocks()`.
 */
export function failingWrites(calls: readonly number[]): void {
  const write = fileHandlePrototype.write as unknown as Write;
  const spy = vi.spyOn(fileHandlePrototype, 'write');
  for (const bytes of calls) {
    spy.mockImplementationOnce(async function (this: FileHandle, data: Uint8Array, offset = 0) {
      if (bytes > 0) return write.call(this, data, offset, bytes);
      throw enospc();
    } as never);
  }
}
