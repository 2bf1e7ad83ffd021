import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CliError } from '../../../src/cli/shared/command.js';
import { parseCommandArgs } from '../../../src/cli/shared/args.js';
import { usageError } from '../../../src/cli/shared/command.js';
import { COMPARE_OPTIONS, readCompareArgs, scoreFiles, scoreRunTask, type CompareArgs } from '../../../src/cli/shared/comparison.js';
import { decodeValue, encodeValue, runThreads, runWorkers, THREADS_VARIABLE } from '../../../src/cli/shared/run-threads.js';

// Three judged queries; `base` and `other` rank them differently, `bad` has a fifth field missing on line 3.
const FILES: Record<string, string> = {
  'qrels.txt': 'q1 0 a 1\nq2 0 b 2\nq3 0 c 1\nconstructor 0 d 1\n',
  'base.txt': 'q1 Q0 x 1 2 base\nq1 Q0 a 2 1 base\nq2 Q0 b 1 2 base\nconstructor Q0 d 1 1 base\nq9 Q0 z 1 1 base\n',
  'other.txt': 'q1 Q0 a 1 2 other\nq1 Q0 x 2 1 other\nq2 Q0 x 1 3 other\nq2 Q0 b 2 2 other\nq3 Q0 c 1 1 other\n',
  'bad.txt': 'q1 Q0 a 1 2 bad\nq1 Q0 x 2 1 bad\nq2 Q0 b 1\n',
  'tags.jsonl': ['q1', 'q2', 'q3'].map((q, i) => JSON.stringify({ query_id: q, tags: [i % 2 === 0 ? 'even' : 'odd'] })).join('\n'),
};

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rankeval-threads-'));
  for (const [name, content] of Object.entries(FILES)) writeFileSync(join(dir, name), content);
});

const usage = usageError('compare');
const compareArgs = (args: string[]): CompareArgs => {
  const { values, positionals } = parseCommandArgs(args.map((arg) => (arg in FILES ? join(dir, arg) : arg)), COMPARE_OPTIONS, usage);
  return readCompareArgs(values, positionals, 1, usage);
};
/**
 * A value with each object's prototype spelt out, to compare two values as they are (toStrictEqual reads a
 * record's `constructor` key as its constructor: a query may be named so).
 */
const shape = (value: unknown): unknown => {
  if (typeof value !== 'object' || value === null) return value;
  if (value instanceof Map) return { Map: [...value].map(([key, item]) => [key, shape(item)]) };
  if (Array.isArray(value) || ArrayBuffer.isView(value)) return { [value.constructor.name]: [...(value as unknown[])].map(shape) };
  const prototype = Object.getPrototypeOf(value) as { constructor: { name: string } } | null;
  return { [prototype === null ? 'bare' : prototype.constructor.name]: Object.entries(value).map(([key, item]) => [key, shape(item)]) };
};
const quiet = { stdout: { write: () => true }, stderr: { write: () => true } };

describe('runThreads', () => {
  it('one thread per core, at most one per run', () => {
    expect(runThreads(['a', 'b'], ['a', 'b', 'q'], {}, 8)).toBe(2);
    expect(runThreads(['a', 'b', 'c'], ['q'], {}, 2)).toBe(2);
  });

  it('one thread on a machine of one core: the runs are read one after the other', () => {
    expect(runThreads(['a', 'b'], ['q'], {}, 1)).toBe(1);
  });

  it('RANKEVAL_THREADS sets the number, whatever the cores; 1 reads one run after the other', () => {
    expect(runThreads(['a', 'b'], ['q'], { [THREADS_VARIABLE]: '1' }, 8)).toBe(1);
    expect(runThreads(['a', 'b', 'c'], ['q'], { [THREADS_VARIABLE]: '2' }, 1)).toBe(2);
    expect(runThreads(['a', 'b'], ['q'], { [THREADS_VARIABLE]: '' }, 8)).toBe(2);
  });

  it('standard input, as a run, the golden set or the lengths, is read by the main thread alone', () => {
    expect(runThreads(['a', '-'], ['a', '-', 'q'], {}, 8)).toBe(1);
    expect(runThreads(['a', 'b'], ['a', 'b', '-'], { [THREADS_VARIABLE]: '2' }, 8)).toBe(1);
  });

  it.each(['0', 'two', '1.5', '-1'])('RANKEVAL_THREADS=%s is a usage error naming the value', (given) => {
    const error = (() => {
      try {
        runThreads(['a', 'b'], ['q'], { [THREADS_VARIABLE]: given }, 2);
      } catch (thrown) {
        return thrown;
      }
    })();
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).status).toBe(2);
    expect((error as CliError).message).toBe(`RANKEVAL_THREADS must be a whole number ≥ 1 (1 reads the runs one after the other); got '${given}'`);
  });
});

describe('encodeValue and decodeValue', () => {
  it('give back the value with each object\'s prototype, bare records keyed __proto__ or constructor too', () => {
    const bare = Object.create(null) as Record<string, unknown>;
    Object.defineProperty(bare, '__proto__', { value: { ndcg: 0.5 }, enumerable: true, writable: true, configurable: true });
    bare['constructor'] = { ndcg: 1 };
    const value = { perQuery: bare, list: [1, 'a', [2, 3], null, undefined], map: new Map([['k', { missing: undefined }]]), bytes: new Float64Array([1.5]) };
    const back = decodeValue(structuredClone(encodeValue(value))) as typeof value;
    expect(shape(back)).toEqual(shape(value));
    expect(Object.getPrototypeOf(back.perQuery)).toBeNull();
    expect(Object.keys(back.perQuery)).toEqual(['__proto__', 'constructor']);
    expect(Object.hasOwn(back.perQuery, 'toString')).toBe(false);
    expect('toString' in back.perQuery).toBe(false);
  });

  it('refuse a class instance, which would not cross whole', () => {
    expect(() => encodeValue({ at: new Date(0) })).toThrow('encodeValue: a Date does not cross threads');
  });
});

describe("a worker's run", () => {
  // The report's reading: slices, the top of each ranking kept.
  const reportOptions = { slices: true, keepFound: true };

  it('is what the main thread makes of it: the evaluation, what was found, the latency', async () => {
    const args = compareArgs(['qrels.txt', 'base.txt', 'other.txt', '-m', 'ndcg@10,mrr@10,P@5']);
    const sequential = await scoreFiles(args, quiet, 'QRELS RUN_A …', reportOptions);
    const outcome = await scoreRunTask({ args: { ...args, runs: [args.runs[1]] }, ...reportOptions });
    expect(outcome).toBeDefined();
    const evaluation = decodeValue(structuredClone(outcome!.evaluation));
    expect(shape(evaluation)).toEqual(shape(sequential.scorers.get('other')!.result()));
    expect(shape(outcome!.found)).toEqual(shape(sequential.kept.get('other')!.found));
    expect(outcome!.longest).toBe(sequential.kept.get('other')!.longest());
    expect(outcome!.latency).toStrictEqual(sequential.latency.get('other'));
  });

  it('that fails sends nothing but that: the main thread reads the run again and says why', async () => {
    const args = compareArgs(['qrels.txt', 'base.txt', 'bad.txt']);
    expect(await scoreRunTask({ args: { ...args, runs: [args.runs[1]] }, slices: false, keepFound: false })).toBeUndefined();
  });

  it("scoreFiles with the built worker gives what it gives with none: evaluations, what was found, latency", async () => {
    vi.stubEnv(THREADS_VARIABLE, '2');
    try {
      const args = compareArgs(['qrels.txt', 'base.txt', 'other.txt', 'base.txt', '-m', 'ndcg@10,P@5', '--names', 'a,b,c']);
      const script = fileURLToPath(new URL('../../../dist/run-worker.js', import.meta.url));
      const [sequential, concurrent] = await Promise.all([
        scoreFiles(args, quiet, 'QRELS RUN_A …', { ...reportOptions, workerScript: join(dir, 'no-worker.js') }),
        scoreFiles(args, quiet, 'QRELS RUN_A …', { ...reportOptions, workerScript: script }),
      ]);
      const view = ({ scorers, kept, latency }: typeof sequential) => ({
        evaluations: [...scorers].map(([name, run]) => [name, run.result()]),
        found: [...kept].map(([name, { found, longest }]) => [name, found, longest()]),
        latency,
      });
      expect(shape(view(concurrent))).toEqual(shape(view(sequential)));
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('is read by the built worker (dist/run-worker.js) as by the main thread', async () => {
    const script = fileURLToPath(new URL('../../../dist/run-worker.js', import.meta.url));
    const args = compareArgs(['qrels.txt', 'base.txt', 'other.txt', '-m', 'ndcg@10,recall@3']);
    const sequential = await scoreFiles(args, quiet, 'QRELS RUN_A …');
    const workers = runWorkers(2, 2, (index) => ({ args: { ...args, runs: [args.runs[index]] }, slices: false, keepFound: false }), script);
    try {
      expect(await workers.take(0)).toBeUndefined();
      const outcome = await workers.take(1);
      expect(shape(outcome?.evaluation)).toEqual(shape(sequential.scorers.get('other')!.result()));
    } finally {
      workers.close();
    }
  });
});

// The built command, with its runs read by two threads and by one: the same bytes out, the same status.
describe('rankeval compare and report, runs read side by side (dist/cli.js)', () => {
  const cli = fileURLToPath(new URL('../../../dist/cli.js', import.meta.url));
  const rankeval = (threads: string, args: string[]) => {
    const result = spawnSync(process.execPath, [cli, ...args.map((arg) => (arg in FILES ? join(dir, arg) : arg))], { encoding: 'utf8', env: { ...process.env, [THREADS_VARIABLE]: threads } });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
  };
  const both = (args: string[]) => ({ concurrent: rankeval('2', args), sequential: rankeval('1', args) });

  it.each([
    ['compare, table', ['compare', 'qrels.txt', 'base.txt', 'other.txt', '-m', 'ndcg@10,mrr@10']],
    ['compare, JSON, three runs', ['compare', 'qrels.txt', 'base.txt', 'other.txt', 'base.txt', '--format', 'json']],
    ['report to standard output', ['report', 'qrels.txt', 'base.txt', 'other.txt', '-m', 'ndcg@10,P@5']],
  ])('%s: the same output, warnings and status', (_name, args) => {
    const { concurrent, sequential } = both(args);
    expect(sequential.status).toBe(0);
    expect(concurrent).toEqual(sequential);
  });

  it('a golden set from standard input is read once, by the main thread', () => {
    const args = ['compare', '-', join(dir, 'base.txt'), join(dir, 'other.txt')];
    const piped = (threads: string) => spawnSync(process.execPath, [cli, ...args], { input: FILES['qrels.txt'], encoding: 'utf8', env: { ...process.env, [THREADS_VARIABLE]: threads } });
    const [concurrent, sequential] = [piped('2'), piped('1')];
    expect(sequential.status).toBe(0);
    expect([concurrent.status, concurrent.stdout, concurrent.stderr]).toEqual([sequential.status, sequential.stdout, sequential.stderr]);
  });

  it('a bad line in the second run is said as before: the file, the line, exit 3', () => {
    const { concurrent, sequential } = both(['compare', 'qrels.txt', 'base.txt', 'bad.txt']);
    expect(concurrent).toEqual(sequential);
    expect(concurrent.status).toBe(3);
    expect(concurrent.stderr).toContain(`${join(dir, 'bad.txt')}:3:`);
  });

  it('a bad first run is said first, whatever the second one holds', () => {
    const { concurrent, sequential } = both(['report', 'qrels.txt', 'bad.txt', 'other.txt', 'bad.txt']);
    expect(concurrent).toEqual(sequential);
    expect(concurrent.status).toBe(3);
    expect(concurrent.stderr).toContain(`${join(dir, 'bad.txt')}:3:`);
  });
});
