// `rankeval trec` against trec_eval on odd values of -l, -M and -N (test/fixtures/trec-flags): a negative or zero
// relevance level, values atol reads as a number's prefix or as 0 (`abc`, `1.5`, ` -1`, ''), past a long's range,
// -M 0 (0 / 0 printed as `-nan`), and a negative -M, which trec_eval crashes on and rankeval refuses. Every variant
// runs in process, as src/cli/index.ts runs it; the cases also through the built binary.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { CliError } from '../../src/cli/shared/command.js';
import { runTrec } from '../../src/cli/trec.js';
import { messageText } from '../../src/text/escape.js';

const root = join(import.meta.dirname, '../..');
const CASES = join(root, 'test/fixtures/trec-flags/cases');
const cwd = process.cwd();

interface Variant {
  args: string[];
  /** trec_eval's exit status (139: it crashed, with `signal`). */
  rc: number;
  stderr: string;
  /** Where rankeval refuses what trec_eval crashes on or misreads: its exact status and stderr. */
  rankeval?: { rc: number; stderr: string };
}

interface Outcome {
  stdout: Buffer;
  stderr: string;
  status: number | null;
}

/** `rankeval trec ARGS` in process, in `dir`: what src/cli/index.ts writes and returns for it. */
function runInProcess(args: readonly string[], dir: string): Outcome {
  process.chdir(dir);
  try {
    const { stdout, status } = runTrec(args);
    return { stdout: Buffer.from(stdout, 'latin1'), stderr: '', status };
  } catch (error) {
    if (error instanceof CliError) return { stdout: Buffer.alloc(0), stderr: `rankeval trec: ${messageText(error.message)}\n`, status: error.status };
    throw error;
  } finally {
    process.chdir(cwd);
  }
}

/** The built binary, in its own process. */
function runCli(args: readonly string[], dir: string): Outcome {
  const result = spawnSync(process.execPath, [join(root, 'dist/cli.js'), ...args], { cwd: dir, maxBuffer: 1 << 26 });
  return { stdout: result.stdout, stderr: result.stderr.toString('utf8'), status: result.status };
}

const variantsOf = (dir: string): [string, Variant][] => Object.entries((JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8')) as { outputs: Record<string, Variant> }).outputs);

/** rankeval's arguments for a variant: expected*_v10.txt hold trec_eval 10.0's output, the others 9.0.8's. */
const argsOf = (file: string, variant: Variant): string[] => [...(file.endsWith('_v10.txt') ? ['--trec-eval', '10'] : []), ...variant.args, 'qrels', 'run'];

function expectLikeTrecEval(outcome: Outcome, dir: string, file: string, variant: Variant): void {
  if (variant.rankeval !== undefined) {
    expect({ status: outcome.status, stderr: outcome.stderr, stdout: outcome.stdout.length }).toEqual({ status: variant.rankeval.rc, stderr: variant.rankeval.stderr, stdout: 0 });
    return;
  }
  if (variant.rc !== 0) {
    expect(outcome.status).not.toBe(0);
    expect(outcome.stderr).toMatch(/^rankeval trec: [^\n]+\n$/);
    return;
  }
  expect({ status: outcome.status, stderr: outcome.stderr }).toEqual({ status: 0, stderr: '' });
  const expected = readFileSync(join(dir, file));
  expect(outcome.stdout.toString('latin1')).toBe(expected.toString('latin1'));
  expect(Buffer.compare(outcome.stdout, expected)).toBe(0);
}

const cases = readdirSync(CASES)
  .sort()
  .map((name) => join(CASES, name));

describe.each(cases.map((dir) => [relative(root, dir), dir] as const))('%s', (_name, dir) => {
  test.each(variantsOf(dir))('%s', (file, variant) => {
    expectLikeTrecEval(runInProcess(argsOf(file, variant), dir), dir, file, variant);
  });
});

describe('-l and -M at their edges (a negative level, -M 0, -l abc), as trec_eval 9.0.8 prints them', () => {
  const dir = join(CASES, '000');
  const line = (file: string, measure: string, qid: string): string | undefined =>
    readFileSync(join(dir, file), 'latin1')
      .split('\n')
      .find((text) => text.startsWith(`${measure.padEnd(22)}\t${qid}\t`));

  test('-l -1 counts a retrieved document absent from the qrels as relevant: map 2.0000 for u1, e1 with e1 the one relevant', () => {
    expect(line('expected_l-1.txt', 'map', 'q2')).toBe('map                   \tq2\t2.0000');
    // set_P reads num_rel_ret, judged documents only: e1 alone of the two.
    expect(line('expected_l-1.txt', 'set_P', 'q2')).toBe('set_P                 \tq2\t0.5000');
    const outcome = runInProcess(['-q', '-c', '-l', '-1', '-m', 'all_trec', 'qrels', 'run'], dir);
    expect(outcome.stdout.toString('latin1')).toContain('map                   \tq2\t2.0000\n');
    expect(outcome.stdout.toString('latin1')).toContain('set_P                 \tq2\t0.5000\n');
  });

  test('-M 0 prints -nan where trec_eval divides 0 by 0 (iprec_at_recall_0.00, 11pt_avg)', () => {
    const outcome = runInProcess(['-q', '-c', '-M', '0', '-m', 'all_trec', 'qrels', 'run'], dir);
    expect(outcome.stdout.toString('latin1')).toContain('iprec_at_recall_0.00  \tq1\t  -nan\n');
    expect(outcome.stdout.toString('latin1')).toContain('iprec_at_recall_0.00  \tall\t  -nan\n');
    expect(outcome.stdout.toString('latin1')).toContain('11pt_avg              \tall\t  -nan\n');
    expect(outcome.stdout.toString('latin1')).toContain('iprec_at_recall_1.00  \tq1\t0.0000\n');
  });

  test('-l abc is -l 0 and -l 1.5 is -l 1, as atol reads them', () => {
    const of = (level: string): string => runInProcess(['-q', '-l', level, '-m', 'all_trec', 'qrels', 'run'], dir).stdout.toString('latin1');
    expect(of('abc')).toBe(of('0'));
    expect(of('1.5')).toBe(of('1'));
    expect(of(' -1')).toBe(of('-1'));
  });

  test.each([['-1'], ['-5'], ['-99999999999999999999']])('-M %s is refused in one line, exit 1 (trec_eval crashes or counts negative documents)', (value) => {
    expect(runInProcess(['-M', value, 'qrels', 'run'], dir)).toEqual({
      stdout: Buffer.alloc(0),
      stderr: `rankeval trec: option -M needs a number of documents, 0 or more, got '${value}'\n`,
      status: 1,
    });
    expect(runInProcess([`--Max_retrieved_per_topic=${value}`, 'qrels', 'run'], dir).status).toBe(1);
  });

  test('a flag without its value is refused, exit 1', () => {
    expect(runInProcess(['qrels', 'run', '-l'], dir)).toEqual({ stdout: Buffer.alloc(0), stderr: 'rankeval trec: option -l needs a number, got nothing\n', status: 1 });
  });

  test('the built binary prints the same bytes and status: -l -1, -M 0 and -M -1', () => {
    for (const args of [
      ['-q', '-c', '-l', '-1', '-m', 'all_trec'],
      ['-q', '-c', '-M', '0', '-m', 'all_trec'],
      ['-q', '-M', '-1', '-m', 'all_trec'],
    ]) {
      expect(runCli(['trec', ...args, 'qrels', 'run'], dir)).toEqual(runInProcess([...args, 'qrels', 'run'], dir));
    }
  });
});
