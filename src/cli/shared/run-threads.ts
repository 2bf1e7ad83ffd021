// compare's and report's runs read side by side: while the main thread reads one run, worker threads
// (dist/run-worker.js) read the next ones, each scoring its run exactly as the main thread would (the same
// scoreFiles, on the same flags) and sending back only what the command keeps of it. A worker that fails,
// for whatever reason, sends nothing but that: its run is then read again on the main thread, in its turn,
// so every error, warning and exit status is the one-after-the-other reading's.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FoundQuery } from '../../engine/found.js';
import type { RunEvaluation } from '../../engine/run-result.js';
import { CliError, USAGE_ERROR } from './command.js';
import { STDIN } from './input.js';

/** The environment variable that sets how many threads read the runs: `RANKEVAL_THREADS=1` reads them one after the other. */
export const THREADS_VARIABLE = 'RANKEVAL_THREADS';

/**
 * How many threads read the runs at `runs` at once: RANKEVAL_THREADS when set, else one per core
 * (os.availableParallelism()), at most one per run; 1 when standard input is one of the files the command
 * reads (`inputs`, the runs among them): only one thread can read it.
 */
export function runThreads(runs: readonly string[], inputs: readonly string[], env: NodeJS.ProcessEnv = process.env, cores = availableParallelism()): number {
  const given = env[THREADS_VARIABLE];
  let threads = cores;
  if (given !== undefined && given !== '') {
    threads = /^\d+$/.test(given) ? Number(given) : NaN;
    if (!(threads >= 1)) throw new CliError(`${THREADS_VARIABLE} must be a whole number ≥ 1 (1 reads the runs one after the other); got '${given}'`, USAGE_ERROR);
  }
  if (inputs.includes(STDIN)) return 1;
  return Math.max(1, Math.min(threads, runs.length));
}

/** What a worker sends back of its run: the evaluation (encoded by encodeValue as it crosses), and with keepFound what the reading found. */
export interface RunOutcome {
  readonly evaluation: RunEvaluation;
  readonly found?: ReadonlyMap<string, FoundQuery>;
  readonly longest?: number;
  readonly latency: ReadonlyMap<string, number>;
}

/** What a worker is given: the flags (scoreFiles's, its run alone in `args.runs`) and scoreFiles's options. */
export interface RunTask {
  readonly args: unknown;
  readonly slices: boolean;
  readonly keepFound: boolean;
}

/**
 * A value as it crosses to another thread and back: the structured clone keeps Maps, arrays and typed
 * arrays, but not an object's prototype, and the scorer's records have none (a query id `constructor` or
 * `__proto__` is a key like any other). So every object goes as its entries, tagged with its prototype.
 */
type Encoded = unknown;

/** `value` as it crosses threads: each object as `{object: its entries, bare: it has no prototype}`. */
export function encodeValue(value: unknown): Encoded {
  if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value)) return value;
  if (Array.isArray(value)) return value.map(encodeValue);
  if (value instanceof Map) return new Map([...value].map(([key, item]) => [key, encodeValue(item)]));
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== null && prototype !== Object.prototype) throw new TypeError(`encodeValue: a ${String((value as object).constructor?.name)} does not cross threads`);
  return { object: Object.entries(value).map(([key, item]) => [key, encodeValue(item)]), bare: prototype === null };
}

/** The value encodeValue encoded, prototypes as they were. */
export function decodeValue(value: Encoded): unknown {
  if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value)) return value;
  if (Array.isArray(value)) return value.map(decodeValue);
  if (value instanceof Map) return new Map([...value].map(([key, item]) => [key, decodeValue(item)]));
  const { object, bare } = value as { object: [string, unknown][]; bare: boolean };
  const decoded: Record<string, unknown> = bare ? (Object.create(null) as Record<string, unknown>) : {};
  for (const [key, item] of object) Object.defineProperty(decoded, key, { value: decodeValue(item), enumerable: true, writable: true, configurable: true });
  return decoded;
}

/** The worker's script beside the command's (dist/run-worker.js); from the sources (tests) there is none. */
const WORKER = fileURLToPath(new URL('./run-worker.js', import.meta.url));

/**
 * Reads each run of `paths` but those the main thread reads, in a worker of its own, `threads − 1` at a
 * time (`script`: the worker's, run-worker.js). `take(i)` gives run i's outcome, or undefined when run i is the main thread's to read (its worker
 * failed, or it was not given one); it starts the next runs' workers as it goes. `close()` stops them all.
 */
export function runWorkers(count: number, threads: number, task: (index: number) => RunTask, script = WORKER): { take(index: number): Promise<RunOutcome | undefined>; close(): void } {
  const started = new Map<number, { worker: Worker; outcome: Promise<RunOutcome | undefined> }>();
  const usable = threads > 1 && existsSync(script);
  const start = (index: number): void => {
    if (!usable || index >= count || started.has(index)) return;
    let worker: Worker;
    try {
      worker = new Worker(script, { workerData: task(index), stdout: true, stderr: true });
    } catch {
      return;
    }
    const outcome = new Promise<RunOutcome | undefined>((resolve) => {
      worker.once('message', (message: RunOutcome | undefined) => resolve(message === undefined ? undefined : { ...message, evaluation: decodeValue(message.evaluation) as RunEvaluation }));
      worker.once('error', () => resolve(undefined));
      worker.once('exit', () => resolve(undefined));
    });
    started.set(index, { worker, outcome });
  };
  // The main thread reads run 0 while workers read runs 1 … threads − 1.
  for (let index = 1; index < threads; index++) start(index);
  return {
    async take(index) {
      const own = started.get(index);
      if (own !== undefined) {
        const outcome = await own.outcome;
        void own.worker.terminate();
        return outcome;
      }
      // The main thread reads this run: the workers read the next ones meanwhile.
      for (let next = index + 1; next < index + threads; next++) start(next);
      return undefined;
    },
    close() {
      for (const { worker } of started.values()) void worker.terminate();
    },
  };
}
