// The call runner's invariants, one a test: a bound on calls in flight, a stop that launches nothing more,
// retries after a doubling wait, a timeout that aborts its call, a hand-over's error that stops the run.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runCalls, type CallOutcome, type CallRunnerOptions } from '../../src/core/call-runner.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const items = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];

/** Options whose every call answers its item after `ms(item)` ms (fake timers), recording what happens. */
function recorder(ms: (item: string) => number, extra: Partial<CallRunnerOptions<string, unknown>> = {}) {
  const calls: string[] = [];
  const signals = new Map<string, AbortSignal>();
  const settled: [string, CallOutcome<unknown>, number][] = [];
  let inFlight = 0;
  let most = 0;
  const options: CallRunnerOptions<string, unknown> = {
    fn: 'test',
    concurrency: 3,
    timeoutError: (item, timeoutMs) => new Error(`${item} took over ${timeoutMs} ms`),
    call(item, signal) {
      calls.push(item);
      signals.set(item, signal);
      most = Math.max(most, ++inFlight);
      return new Promise((resolve) => setTimeout(() => resolve(item.toUpperCase()), ms(item))).finally(() => inFlight--);
    },
    settle: (item, outcome, attempts) => void settled.push([item, outcome, attempts]),
    ...extra,
  };
  return { options, calls, signals, settled, most: () => most };
}

describe('runCalls', () => {
  it('never has more than `concurrency` calls in flight, and calls every item once, in order', async () => {
    const { options, calls, settled, most } = recorder((item) => (item.charCodeAt(0) % 3) * 10 + 5);
    const run = runCalls(items, options);
    await vi.runAllTimersAsync();
    expect(await run).toEqual({ aborted: false });
    expect(most()).toBe(3);
    expect(calls).toEqual(items);
    expect(settled.map(([item, outcome]) => [item, outcome])).toEqual(expect.arrayContaining(items.map((item) => [item, { value: item.toUpperCase() }])));
  });

  it('launches nothing once the signal aborts, aborts the calls in flight, and resolves aborted', async () => {
    const controller = new AbortController();
    const { options, calls, signals, settled } = recorder(() => 10, { signal: controller.signal });
    const run = runCalls(items, options);
    await vi.advanceTimersByTimeAsync(15); // a, b, c answered at 10 ms; d, e, f in flight
    controller.abort();
    await vi.runAllTimersAsync();
    expect(await run).toEqual({ aborted: true });
    expect(calls).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(['d', 'e', 'f'].map((item) => signals.get(item)!.aborted)).toEqual([true, true, true]);
    expect(settled.map(([item]) => item)).toEqual(['a', 'b', 'c']);
  });

  it('calls nothing with a signal aborted already, and rejects with abortError when given', async () => {
    const { options, calls } = recorder(() => 10, { signal: AbortSignal.abort('gone') });
    await expect(runCalls(items, { ...options, abortError: (reason) => new Error(`aborted: ${String(reason)}`) })).rejects.toThrow('aborted: gone');
    expect(await runCalls(items, options)).toEqual({ aborted: true });
    expect(calls).toEqual([]);
  });

  it('waits `retryDelayMs` before a retry, doubled before each next one, and hands on the last failure with its attempts', async () => {
    const times: number[] = [];
    const settled: [string, CallOutcome<unknown>, number][] = [];
    const run = runCalls(['a'], {
      fn: 'test',
      concurrency: 1,
      retries: 2,
      retryDelayMs: 100,
      timeoutError: () => undefined,
      call: () => (times.push(Date.now()), Promise.reject(new Error('down'))),
      settle: (item, outcome, attempts) => void settled.push([item, outcome, attempts]),
    });
    const start = Date.now();
    await vi.runAllTimersAsync();
    await run;
    expect(times.map((time) => time - start)).toEqual([0, 100, 100 + 200]);
    expect(settled).toEqual([['a', { error: new Error('down'), how: 'rejected' }, 3]]);
  });

  it('aborts a timed-out call\'s signal with the timeout\'s error, which is its outcome', async () => {
    const { options, signals, settled } = recorder((item) => (item === 'b' ? 1000 : 10), { timeoutMs: 50 });
    const run = runCalls(['a', 'b'], options);
    await vi.runAllTimersAsync();
    await run;
    expect(signals.get('b')!.reason).toEqual(new Error('b took over 50 ms'));
    expect(signals.get('a')!.aborted).toBe(false);
    expect(settled.find(([item]) => item === 'b')![1]).toEqual({ error: signals.get('b')!.reason, how: 'timeout' });
  });

  it('stops at an error of settle: rejects with it, launches nothing more, aborts the calls in flight', async () => {
    const boom = new Error('disk full');
    const { options, calls, signals } = recorder((item) => (item === 'a' ? 5 : 50), {
      settle: () => {
        throw boom;
      },
    });
    const run = runCalls(items, options);
    run.catch(() => undefined);
    await vi.runAllTimersAsync();
    await expect(run).rejects.toBe(boom);
    expect(calls).toEqual(['a', 'b', 'c']);
    expect(['b', 'c'].map((item) => signals.get(item)!.reason)).toEqual([boom, boom]);
  });

  it('waits for a hand-over begun (a write) before resolving an aborted run, and counts it', async () => {
    const controller = new AbortController();
    const written: string[] = [];
    const run = runCalls(['a', 'b'], {
      fn: 'test',
      concurrency: 2,
      signal: controller.signal,
      timeoutError: () => undefined,
      call: (item) => item,
      settle: async (item) => {
        controller.abort(); // the stop comes while the write is under way
        await new Promise((resolve) => setTimeout(resolve, 10));
        written.push(item);
      },
    });
    let result: unknown;
    void run.then((value) => (result = value));
    await vi.advanceTimersByTimeAsync(5);
    expect(result).toBeUndefined();
    await vi.runAllTimersAsync();
    expect(await run).toEqual({ aborted: true });
    expect(written).toEqual(['a']);
  });

  it('retries an answer `read` refuses, then hands it on as invalid', async () => {
    const settled: CallOutcome<number>[] = [];
    const run = runCalls<string, number>(['a'], {
      fn: 'test',
      concurrency: 1,
      retries: 1,
      timeoutError: () => undefined,
      call: () => 'banana',
      read: (answer) => (typeof answer === 'number' ? { value: answer } : { invalid: `not a number: ${String(answer)}` }),
      settle: (_, outcome) => void settled.push(outcome),
    });
    await vi.runAllTimersAsync();
    await run;
    expect(settled).toEqual([{ error: 'not a number: banana', how: 'invalid' }]);
  });

  it('tells a call that threw from one that rejected', async () => {
    const settled: CallOutcome<unknown>[] = [];
    const run = runCalls(['threw', 'rejected'], {
      fn: 'test',
      concurrency: 2,
      timeoutError: () => undefined,
      call: (item) => {
        if (item === 'threw') throw 0;
        return Promise.reject(null);
      },
      settle: (_, outcome) => void settled.push(outcome),
    });
    await run;
    expect(settled).toEqual([{ error: 0, how: 'threw' }, { error: null, how: 'rejected' }]);
  });

  it('with a clock, times each call and stops at a clock that goes back (invalid_option naming the value)', async () => {
    let clock = 0;
    const settled: CallOutcome<unknown>[] = [];
    await runCalls(['a'], { fn: 'test', concurrency: 1, now: () => clock, timeoutError: () => undefined, call: () => ((clock += 7), 'x'), settle: (_, outcome) => void settled.push(outcome) });
    expect(settled).toEqual([{ value: 'x', time: 7, waited: 0 }]);
    const readings = [10, 5];
    const run = runCalls(['a'], { fn: 'test', concurrency: 1, now: () => readings.shift() ?? 0, timeoutError: () => undefined, call: () => 'x', settle: () => undefined });
    await expect(run).rejects.toMatchObject({ code: 'invalid_option', fn: 'test', received: 5 });
  });
});
