import { describe, expect, it } from 'vitest';
import { judgeProgress, progressText } from '../../src/judging/judge-progress.js';

/** A stream that keeps what it is given, and a clock the test moves. */
function setting(isTTY: boolean) {
  const written: string[] = [];
  let time = 1_000;
  return { output: { isTTY, write: (text: string) => written.push(text) }, written, now: () => time, advance: (ms: number) => (time += ms) };
}

describe('progressText', () => {
  it('says done of total, the rate, the time left and the failures', () => {
    // 120 pairs ended (2 failed) in 60 s: 2 a second; 380 left at that rate is 190 s, about 3 min.
    expect(progressText({ done: 120, total: 500, failed: 2, before: 0 }, 60_000)).toBe('judged 118 of 500 · 2.0 a second · about 3 min left · 2 failed');
    // 30 left at 12 a second: 2.5 s, shown as 3 s; pairs judged in an earlier call are named, not counted.
    expect(progressText({ done: 120, total: 150, failed: 0, before: 40 }, 10_000)).toBe('judged 120 of 150 (and 40 before) · 12 a second · about 3 s left');
    // 10 left at 0.001 a second: 10,000 s, 2.8 h.
    expect(progressText({ done: 1, total: 11, failed: 0, before: 0 }, 1_000_000)).toBe('judged 1 of 11 · 0.0 a second · about 2.8 h left');
    expect(progressText({ done: 5, total: 5, failed: 0, before: 0 }, 2_000)).toBe('judged 5 of 5 · 2.5 a second');
  });
});

describe('judgeProgress', () => {
  it('on a terminal, rewrites one line at most every 100 ms and ends it with the last pair', () => {
    const { output, written, now, advance } = setting(true);
    const report = judgeProgress(output, { now });
    advance(1_000);
    report({ done: 1, total: 3, failed: 0, before: 0 });
    advance(50);
    report({ done: 2, total: 3, failed: 0, before: 0 });
    advance(950);
    report({ done: 3, total: 3, failed: 1, before: 0 });
    expect(written).toEqual(['\rjudged 1 of 3 · 1.0 a second · about 2 s left\x1b[K', '\rjudged 2 of 3 · 1.5 a second · 1 failed\x1b[K\n']);
  });

  it('elsewhere, writes whole lines at most every everyMs, and always the last', () => {
    const { output, written, now, advance } = setting(false);
    const report = judgeProgress(output, { now, everyMs: 5_000 });
    for (let done = 1; done <= 10; done++) {
      advance(1_000);
      report({ done, total: 10, failed: 0, before: 0 });
    }
    expect(written).toEqual(['judged 1 of 10 · 1.0 a second · about 9 s left\n', 'judged 6 of 10 · 1.0 a second · about 4 s left\n', 'judged 10 of 10 · 1.0 a second\n']);
  });
});
