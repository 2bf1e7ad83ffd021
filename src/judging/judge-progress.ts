// A progress line for judge(): long LLM runs say how far they are, how fast they go and when they will end.
import type { JudgeProgress } from './judge-settings.js';

/** Where the line goes: stderr by default, or any stream with `write`. */
export interface ProgressOutput {
  readonly isTTY?: boolean;
  write(text: string): unknown;
}

export interface JudgeProgressOptions {
  /** On a stream that is not a terminal (a CI log, a file), a line at most this often, in ms. Default 10,000. */
  readonly everyMs?: number;
  /** The clock, in ms (tests pass their own). Default `Date.now`. */
  readonly now?: () => number;
}

// On a terminal the line is rewritten in place, at most this often.
const TERMINAL_EVERY_MS = 100;

/** A duration as people read it: seconds up to a minute and a half, minutes up to an hour and a half, then hours. */
function duration(ms: number): string {
  const seconds = ms / 1000;
  if (seconds < 90) return `${Math.ceil(seconds)} s`;
  if (seconds < 90 * 60) return `${Math.round(seconds / 60)} min`;
  return `${(seconds / 3600).toFixed(1)} h`;
}

/** The line for a progress report, `elapsed` ms after judging began. */
export function progressText({ done, total, failed, before }: JudgeProgress, elapsed: number): string {
  const parts = [`judged ${done - failed} of ${total}${before > 0 ? ` (and ${before} before)` : ''}`];
  if (elapsed > 0 && done > 0) {
    const perSecond = (done / elapsed) * 1000;
    parts.push(`${perSecond >= 10 ? perSecond.toFixed(0) : perSecond.toFixed(1)} a second`);
    if (done < total) parts.push(`about ${duration(((total - done) / perSecond) * 1000)} left`);
  }
  if (failed > 0) parts.push(`${failed} failed`);
  return parts.join(' · ');
}

/**
 * An `onProgress` for `judge()` that shows done / total, the rate, the time left and the failures on
 * `output` (default: standard error). On a terminal one line is rewritten in place (at most every 100 ms)
 * and ended when the last pair is; elsewhere (a CI log) a line is written at most every `everyMs`, and
 * the last one always. The rate is this call's, from when `judgeProgress()` was called (make it in
 * judge()'s arguments): pairs judged before it (`before`) do not count.
 *
 * @example
 * await judge(pooled, llmJudge, { store: 'judgments.jsonl', judge: 'gpt-4o', onProgress: judgeProgress() });
 * // stderr: judged 120 of 500 · 2.1 a second · about 3 min left · 2 failed
 */
export function judgeProgress(output: ProgressOutput = process.stderr, { everyMs = 10_000, now = Date.now }: JudgeProgressOptions = {}): (progress: JudgeProgress) => void {
  const terminal = output.isTTY === true;
  const every = terminal ? TERMINAL_EVERY_MS : everyMs;
  // Made in judge()'s arguments, just before the call: its time is the call's start.
  const start = now();
  let last = -Infinity;
  return (progress) => {
    const time = now();
    const finished = progress.done >= progress.total;
    if (!finished && time - last < every) return;
    last = time;
    const text = progressText(progress, time - start);
    output.write(terminal ? `\r${text}\x1b[K${finished ? '\n' : ''}` : `${text}\n`);
  };
}
