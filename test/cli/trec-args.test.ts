// `rankeval trec` in process: every fixture variant through runTrec (the code the binary runs), plus
// the flags, parameters and failures, with trec_eval's exit statuses.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { CliError } from '../../src/cli/shared/command.js';
import { parseTrecArgs } from '../../src/cli/trec-args.js';
import { runTrec, trecUsage } from '../../src/cli/trec.js';

const root = join(import.meta.dirname, '../..');
const oracle = join(root, 'test/fixtures/trec-oracle/cases');
const cwd = process.cwd();

interface Variant {
  args: string[];
  rc: number;
}

/** Runs in a case directory; returns stdout as bytes, or the exit status of the failure. */
function trec(args: readonly string[], dir = join(oracle, '000')): { stdout: Buffer; status: number; message: string } {
  process.chdir(dir);
  try {
    const { stdout, status } = runTrec(args);
    return { stdout: Buffer.from(stdout, 'latin1'), status, message: '' };
  } catch (error) {
    if (error instanceof CliError) return { stdout: Buffer.alloc(0), status: error.status, message: error.message };
    throw error;
  } finally {
    process.chdir(cwd);
  }
}

const fixtures = ['trec-oracle', 'trec-extra'].flatMap((set) => {
  const base = join(root, 'test/fixtures', set, 'cases');
  return readdirSync(base).map((name) => join(base, name));
});

describe.each(fixtures.map((dir) => [dir.slice(root.length + 1), dir] as const))('%s', (_name, dir) => {
  const { outputs } = JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8')) as { outputs: Record<string, Variant> };
  test.each(Object.entries(outputs))('%s', (file, variant) => {
    const version = file.endsWith('_v10.txt') ? ['--trec-eval', '10'] : [];
    const { stdout, status, message } = trec([...version, ...variant.args, 'qrels', 'run'], dir);
    if (variant.rc !== 0) {
      expect(status, message).toBe(variant.rc === 2 ? 2 : status);
      expect(status).not.toBe(0);
      return;
    }
    expect(message).toBe('');
    expect(stdout.toString('latin1')).toBe(readFileSync(join(dir, file), 'latin1'));
  });
});

describe('flags', () => {
  test('getopt forms: grouped flags, attached values, --', () => {
    expect(parseTrecArgs(['-qcJ', '-l2', '-mP.5', '-M', '7', '-N100', '-n', '--trec-eval=10', '--', '-q', 'run'])).toEqual({
      options: { perQuery: true, complete: true, summary: false, relevanceLevel: 2, maxDocs: 7, numDocsInColl: 100, judgedOnly: true, measures: ['P.5'], version: 10 },
      files: ['-q', 'run'],
      help: false,
      zscores: undefined,
      relFormat: 'qrels',
      resultsFormat: 'trec_results',
    });
    expect(parseTrecArgs(['-qZz.txt', 'q', 'r']).zscores).toBe('z.txt');
    expect(parseTrecArgs(['-h']).help).toBe(true);
    expect(parseTrecArgs(['--help']).help).toBe(true);
  });

  test("reads trec_eval's long flags as their letters", () => {
    const long = parseTrecArgs(['--query_eval_wanted', '--complete_rel_info_wanted', '--nosummary', '--Judged_docs_only', '--level_for_rel', '2', '--Max_retrieved_per_topic=7', '--Number_docs_in_coll', '100', '--measure', 'P.5', '--measure=map', '--Zscore', 'z', 'q', 'r']);
    expect(long).toEqual(parseTrecArgs(['-q', '-c', '-n', '-J', '-l', '2', '-M7', '-N', '100', '-m', 'P.5', '-mmap', '-Z', 'z', 'q', 'r']));
    expect(parseTrecArgs(['--measure=', 'q', 'r']).options.measures).toEqual(['']);
    expect(parseTrecArgs(['--Rel_info_format', 'prefs', '--Results_format=trec_results', 'q', 'r'])).toEqual(parseTrecArgs(['-R', 'prefs', '-Ttrec_results', 'q', 'r']));
  });

  test('reads -o, obsolete in trec_eval, and ignores it: no value for the letter, one for the long name', () => {
    expect(parseTrecArgs(['-qo', 'q', 'r'])).toEqual(parseTrecArgs(['-q', 'q', 'r']));
    expect(parseTrecArgs(['--Output_old_results_format', 'x', 'q', 'r'])).toEqual(parseTrecArgs(['q', 'r']));
    expect(() => parseTrecArgs(['--Output_old_results_format'])).toThrow(/--Output_old_results_format needs a value/);
  });

  test("refuses -D, trec_eval's debug output, in one line", () => {
    for (const args of [['-D', '1'], ['-D1'], ['--Debug_level=3']]) expect(() => parseTrecArgs([...args, 'q', 'r'])).toThrow(/^option -D \(trec_eval's debug output\) is not reproduced by rankeval trec$/);
  });

  test('takes an unambiguous prefix of a long flag, as getopt_long does', () => {
    const short = parseTrecArgs(['--query', '--comp', '--nos', '--lev', '2', '--Max=7', '--Num', '100', '--meas', 'P.5', '--m=map', '--trec', '10', 'q', 'r']);
    expect(short).toEqual(parseTrecArgs(['-q', '-c', '-n', '-l', '2', '-M7', '-N', '100', '-m', 'P.5', '-mmap', '--trec-eval', '10', 'q', 'r']));
    expect(parseTrecArgs(['--he']).help).toBe(true);
  });

  test('reads -l, -M and -N as atol does: a numeric prefix, else 0, saturating at a long', () => {
    const read = (...args: string[]) => parseTrecArgs([...args, 'q', 'r']).options;
    expect(read('-l', 'two')).toMatchObject({ relevanceLevel: 0 });
    expect(read('-l1.5', '-M', '2.9', '-N', ' -7x')).toMatchObject({ relevanceLevel: 1, maxDocs: 2, numDocsInColl: -7 });
    expect(read('-l', '', '-M', 'abc')).toMatchObject({ relevanceLevel: 0, maxDocs: 0 });
    expect(read('-l', '-99999999999999999999', '-M', '99999999999999999999')).toMatchObject({ relevanceLevel: -(2 ** 63), maxDocs: 2 ** 63 });
  });

  test('--help lists every measure with a line each', () => {
    expect(runTrec(['--help'])).toEqual({ stdout: trecUsage, status: 0 });
    for (const name of ['P', 'ndcg_cut', 'bpref', 'infAP', 'rbp', 'unj', 'set_F', 'num_nonrel_judged_ret']) {
      expect(trecUsage).toMatch(new RegExp(`^  ${name} +\\S`, 'm'));
    }
  });

  test.each([
    [['-x', 'q', 'r'], 'unknown option -x (see rankeval trec --help)'],
    [['-m'], 'option -m needs a measure'],
    [['--meausre', 'P.5', 'q', 'r'], 'unknown option --meausre; did you mean --measure? (see rankeval trec --help)'],
    [['--colour', 'q', 'r'], 'unknown option --colour (see rankeval trec --help)'],
    [['--version'], 'unknown option --version; the version is rankeval --version (see rankeval trec --help)'],
    [['-v'], 'unknown option -v; the version is rankeval --version (see rankeval trec --help)'],
    [['--measure'], 'option -m needs a measure'],
    [['--Re', 'x', 'q', 'r'], 'option --Re is ambiguous: --Rel_info_format, --Results_format (see rankeval trec --help)'],
    [['--help=x'], 'option --help takes no value (see rankeval trec --help)'],
    [['--vers'], 'unknown option --version; the version is rankeval --version (see rankeval trec --help)'],
    [['--Debug', '1', 'q', 'r'], "option -D (trec_eval's debug output) is not reproduced by rankeval trec"],
    [['-R'], 'option -R needs a format of the relevance file'],
    [['-T'], 'option -T needs a format of the run file'],
    [['--Judged_docs_only=1', 'q', 'r'], 'option --Judged_docs_only takes no value (see rankeval trec --help)'],
    [['--toString', 'q', 'r'], 'unknown option --toString (see rankeval trec --help)'],
    [['-M', '-1', 'q', 'r'], "option -M needs a number of documents, 0 or more, got '-1'"],
    [['-qM-5', 'q', 'r'], "option -M needs a number of documents, 0 or more, got '-5'"],
    [['-N', '4503599627370497', 'q', 'r'], "option -N needs a number of documents of at most 2^52 (4503599627370496), got '4503599627370497'"],
    [['-N-99999999999999999999', 'q', 'r'], "option -N needs a number of documents of at most 2^52 (4503599627370496), got '-99999999999999999999'"],
    [['-M'], 'option -M needs a number, got nothing'],
    [['-Z'], 'option -Z needs a z-scores file'],
    [['--trec-eval', '8', 'q', 'r'], "--trec-eval takes 9 or 10, got '8'"],
    [['qrels'], 'expected QRELS and RUN files, got 1 file (see rankeval trec --help)'],
    [['a', 'b', 'c'], 'expected QRELS and RUN files, got 3 files (see rankeval trec --help)'],
  ])('%j is a usage error (status 1)', (args, message) => {
    expect(trec(args)).toMatchObject({ status: 1, message });
  });

  test("formats it does not read are trec_eval's status 2, named with those it reads", () => {
    expect(trec(['-R', 'qrel', 'qrels', 'run'])).toMatchObject({ status: 2, message: expect.stringMatching(/^unknown -R format 'qrel' \(rankeval trec reads qrels/) });
    expect(trec(['-T', 'trec', 'qrels', 'run'])).toMatchObject({ status: 2, message: "unknown -T format 'trec' (rankeval trec reads trec_results)" });
    expect(trec(['-R', 'qrels', '-T', 'trec_results', 'qrels', 'run'])).toEqual(trec(['qrels', 'run']));
  });

  test('files that cannot be read are status 2', () => {
    expect(trec(['missing-qrels', 'run'])).toMatchObject({ status: 2, message: expect.stringMatching(/^cannot read missing-qrels: ENOENT/) });
    expect(trec(['qrels', 'missing-run'])).toMatchObject({ status: 2, message: expect.stringMatching(/^cannot read missing-run: ENOENT/) });
  });

  test("a -Z file that cannot be read or has a malformed line is trec_eval's status 255, read after the run", () => {
    expect(trec(['-Z', 'missing-zscores', 'qrels', 'run'])).toMatchObject({ status: 255, message: expect.stringMatching(/^cannot read missing-zscores: ENOENT/) });
    expect(trec(['-Z', 'run', 'qrels', 'run'])).toMatchObject({ status: 255, message: 'run:1: expected 4 fields (qid measure mean stddev), got 6' });
    expect(trec(['-Z', 'missing-zscores', 'qrels', 'missing-run'])).toMatchObject({ status: 2 });
  });

  test('no query in both files is status 7', () => {
    const dir = join(oracle, '000');
    expect(trec(['run', 'run'], dir)).toMatchObject({ status: 2 }); // a run is not a qrels (6 fields)
    expect(trec([join(root, 'test/fixtures/trec-oracle/cases/007/qrels'), 'run'], dir)).toMatchObject({
      status: 7,
      message: 'no queries with both results and relevance info',
    });
  });
});

describe('measure parameters', () => {
  test('utility needs four coefficients', () => {
    expect(trec(['-m', 'utility.1,2', 'qrels', 'run'])).toMatchObject({ status: 1, message: "utility takes 4 parameters, got 2 in '1,2'" });
  });
});

describe('trec_eval 10 conventions', () => {
  let dir: string;
  beforeEach(() => {
    dir = join(oracle, '006'); // two judged queries have no results
  });
  afterEach(() => process.chdir(cwd));

  test('a judged query without results needs -c', () => {
    expect(trec(['--trec-eval', '10', 'qrels', 'run'], dir)).toMatchObject({ status: 4, message: 'query 272 of the qrels has no results in run (trec_eval 10 needs -c for that)' });
    expect(trec(['qrels', 'run'], dir).status).toBe(0);
  });
});
