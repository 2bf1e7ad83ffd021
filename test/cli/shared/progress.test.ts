import { describe, expect, it } from 'vitest';
import { createProgress } from '../../../src/cli/shared/progress.js';

const MIB = 1024 * 1024;

function fakeTerminal(isTTY: boolean) {
  const written: string[] = [];
  return { stream: { isTTY, write: (text: string) => written.push(text) }, written };
}

describe('createProgress', () => {
  it('shows percent and MiB on a terminal once a read takes over half a second, then clears the line', () => {
    const { stream, written } = fakeTerminal(true);
    let now = 1000;
    const progress = createProgress(stream, 'run.txt', 200 * MIB, () => now);
    progress.update(10 * MIB); // at once: quiet
    now += 600;
    progress.update(50 * MIB);
    now += 50;
    progress.update(60 * MIB); // within 100 ms of the last: skipped
    now += 100;
    progress.update(100 * MIB);
    progress.done();
    expect(written).toEqual(['\rreading run.txt 25% (50 of 200 MiB)\x1b[K', '\rreading run.txt 50% (100 of 200 MiB)\x1b[K', '\r\x1b[K']);
  });

  it('shows the file name with its controls escaped, cut to its last 60 characters, so the line neither acts nor wraps', () => {
    const { stream, written } = fakeTerminal(true);
    let now = 0;
    const name = `${'d/'.repeat(1000)}\x1b]0;owned\x07run.txt`;
    const progress = createProgress(stream, name, 2 * MIB, () => now);
    now += 600;
    progress.update(MIB);
    const shown = `…${'\\x1b]0;owned\\x07run.txt'.padStart(59, 'd/')}`;
    expect([...shown]).toHaveLength(60);
    expect(written).toEqual([`\rreading ${shown} 50% (1 of 2 MiB)\x1b[K`]);
  });

  it('writes nothing when stderr is not a terminal, or for a read that ends quickly', () => {
    const piped = fakeTerminal(false);
    const slow = createProgress(piped.stream, 'x', 100, () => 0);
    slow.update(50);
    slow.done();
    expect(piped.written).toEqual([]);
    const terminal = fakeTerminal(true);
    const quick = createProgress(terminal.stream, 'x', 100, () => 0);
    quick.update(100);
    quick.done();
    expect(terminal.written).toEqual([]);
  });
});
