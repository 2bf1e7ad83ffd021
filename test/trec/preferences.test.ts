// rankeval trec against preferences (-R prefs, -R qrels_prefs): the hand-made queries of test/fixtures/trec-prefs
// printed as trec_eval 9.0.8 and 10.0 print them, and each way trec_eval stops, with its exit status.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { CliError } from '../../src/cli/shared/command.js';
import { runTrec } from '../../src/cli/trec.js';

const FIXTURES = join(import.meta.dirname, '../fixtures/trec-prefs');
const cwd = process.cwd();

/** `rankeval trec ARGS` in process, in `dir`: its stdout, or its status and message. */
function trec(args: readonly string[], dir = FIXTURES): { stdout: string; status: number; message: string } {
  process.chdir(dir);
  try {
    const { stdout, status } = runTrec(args);
    return { stdout, status, message: '' };
  } catch (error) {
    if (error instanceof CliError) return { stdout: '', status: error.status, message: error.message };
    throw error;
  } finally {
    process.chdir(cwd);
  }
}

describe('the hand-made queries, as trec_eval prints them', () => {
  test.each([
    ['expected.txt', ['-q', '-R', 'prefs', '-m', 'all_prefs']],
    ['expected_M1.txt', ['-q', '-M', '1', '-R', 'prefs', '-m', 'all_prefs']],
    ['expected_c.txt', ['-c', '-R', 'prefs', '-m', 'prefs']],
    ['expected_n.txt', ['-q', '-n', '--Rel_info_format', 'prefs', '-m', 'prefs_simp', '-m', 'runid']],
    ['expected_c_v10.txt', ['--trec-eval', '10', '-q', '-c', '-R', 'prefs', '-m', 'all_prefs']],
    ['expected_Z.txt', ['-q', '-Z', 'zscores', '-R', 'prefs', '-m', 'prefs']],
  ])('%s', (file, args) => {
    expect(trec([...args, 'prefs', 'run']).stdout).toBe(readFileSync(join(FIXTURES, file), 'latin1'));
  });

  test('trec_eval 10 refuses a judged query without results unless -c (status 4)', () => {
    expect(trec(['--trec-eval', '10', '-R', 'prefs', '-m', 'all_prefs', 'prefs', 'run'])).toMatchObject({ status: 4, message: expect.stringContaining('query qM of the preferences has no results') });
  });
});

describe('where trec_eval stops', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rankeval-prefs-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const files: Record<string, string> = {
    cycle: 'q1 g s1 d1 2\nq1 g s1 d2 1\nq1 g s2 d2 2\nq1 g s2 d1 1\n',
    twoLevels: 'q1 g s d1 2\nq1 g s d1 1\nq1 g s d2 0\n',
    zero: 'q1 g s1 d1 2\nq1 g s1 d2 1\nq1 g s2 d1 0\nq1 g s2 d3 1\n',
    qrels: 'q1 0 d1 1\n',
    run: 'q1 0 d1 1 2 r\nq1 0 d2 2 1 r\n',
    repeated: 'q1 0 d1 1 2 r\nq1 0 d1 2 1 r\n',
    other: 'q9 0 d1 1 2 r\n',
    malformed: 'q1 g s d1\n',
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const run = (...args: string[]) => trec(args, dir);

  // Each status confirmed with trec_eval 9.0.8.
  test('a cycle of preferences in a judgment group: 134, trec_eval’s abort, whatever measure follows', () => {
    expect(run('-R', 'prefs', '-m', 'all_prefs', 'cycle', 'run')).toEqual({ stdout: '', status: 134, message: 'query "q1", judgment group "g": the preferences form a cycle: "d1" is preferred to "d2" and "d2" to "d1"' });
    expect(run('-R', 'prefs', '-m', 'prefs_simp', '-m', 'yaap', 'cycle', 'run').status).toBe(134);
  });

  test('a document at two levels of one sub-group, or at 0 and above 0 in one group: 4', () => {
    expect(run('-R', 'prefs', '-m', 'all_prefs', 'twoLevels', 'run')).toMatchObject({ status: 4, message: 'query "q1", judgment group "g": document "d1" is at two levels (2 and 1) of its one sub-group "s"' });
    expect(run('-R', 'prefs', '-m', 'all_prefs', 'zero', 'run')).toMatchObject({ status: 4, message: expect.stringContaining('document "d1" is non-relevant (level 0) in one sub-group and relevant (above 0) in another') });
  });

  test('a document the run lists twice for a query: 4', () => {
    expect(run('-R', 'prefs', '-m', 'all_prefs', 'zero', 'repeated')).toMatchObject({ status: 4, message: 'document "d1" appears twice for query q1 in repeated' });
  });

  test('a measure of the other format: 4 once a query is scored; runid and num_q print with either', () => {
    expect(run('-R', 'prefs', '-m', 'map', 'zero', 'run')).toMatchObject({ status: 4, message: "can't calculate measure 'map' from a relevance file of format prefs (-R prefs): it reads qrels" });
    expect(run('-R', 'prefs', 'zero', 'run').status).toBe(4); // official: num_ret, map, …
    expect(run('-m', 'prefs_simp', 'qrels', 'run')).toMatchObject({ status: 4, message: expect.stringContaining("can't calculate measure 'prefs_simp' from a relevance file of format qrels") });
    expect(run('-R', 'prefs', '-m', 'runid', '-m', 'num_q', 'cycle', 'run')).toEqual({ stdout: 'runid                 \tall\tr\nnum_q                 \tall\t1\n', status: 0, message: '' });
  });

  test('no query in both files: 7; a malformed line: 2, at its line', () => {
    expect(run('-R', 'prefs', '-m', 'all_prefs', 'zero', 'other').status).toBe(7);
    expect(run('-R', 'prefs', '-m', 'all_prefs', 'malformed', 'run')).toMatchObject({ status: 2, message: 'malformed:1: expected 5 fields (qid ujg ujsubg docno rel_level), got 4' });
  });

  test('-R qrels_prefs reads a qrels file as one judgment group per iter value', () => {
    expect(run('-q', '-R', 'qrels_prefs', '-m', 'prefs_num_prefs_poss', 'qrels', 'run').stdout).toBe('prefs_num_prefs_poss  \tq1\t0\nprefs_num_prefs_poss  \tall\t0\n');
  });
});
