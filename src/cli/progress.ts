/** Where progress goes: stderr, or a stand-in in tests. */
export interface ProgressStream {
  readonly isTTY?: boolean;
  write(text: string): unknown;
}

export interface Progress {
  update(done: number): void;
  done(): void;
}

const MIB = 1024 * 1024;
// Quiet for short reads; then a refresh at most this often.
const FIRST_AFTER_MS = 500;
const EVERY_MS = 100;

/**
 * A one-line progress meter for reading `total` bytes, on a terminal only: redirected output and CI logs
 * stay clean. Nothing shows for reads that end within half a second.
 */
export function createProgress(stream: ProgressStream, label: string, total: number, now: () => number = Date.now): Progress {
  if (stream.isTTY !== true || total <= 0) return { update() {}, done() {} };
  const start = now();
  let last = 0;
  let shown = false;
  return {
    update(done) {
      const time = now();
      if (time - start < FIRST_AFTER_MS || time - last < EVERY_MS) return;
      last = time;
      shown = true;
      const percent = Math.min(100, Math.floor((done / total) * 100));
      stream.write(`\r${label} ${percent}% (${(done / MIB).toFixed(0)} of ${(total / MIB).toFixed(0)} MiB)\x1b[K`);
    },
    done() {
      if (shown) stream.write('\r\x1b[K');
    },
  };
}
