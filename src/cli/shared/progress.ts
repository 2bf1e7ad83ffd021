import { escapeControls } from '../../text/escape.js';

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
// The most characters of the file name shown: the line must fit a terminal, or `\r` and erase-line leave
// the wrapped part behind on each refresh.
const NAME_WIDTH = 60;

/** The file name as the line shows it: controls escaped (it cannot act), its end kept (the file's own name). */
function shownName(file: string): string {
  const chars = [...escapeControls(file)];
  return chars.length <= NAME_WIDTH ? chars.join('') : `…${chars.slice(chars.length - NAME_WIDTH + 1).join('')}`;
}

/**
 * A one-line progress meter for reading `total` bytes of `file`, on a terminal only: redirected output and CI logs
 * stay clean. Nothing shows for reads that end within half a second.
 */
export function createProgress(stream: ProgressStream, file: string, total: number, now: () => number = Date.now): Progress {
  if (stream.isTTY !== true || total <= 0) return { update() {}, done() {} };
  const label = `reading ${shownName(file)}`;
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
