// How every command but trec reads its flags (parseCommandArgs): here, a flag of one value given twice.
import { describe, expect, it } from 'vitest';
import { runAgree } from '../../../src/cli/agree.js';
import { runCompare } from '../../../src/cli/compare.js';
import { runEval } from '../../../src/cli/eval.js';
import { runFuse } from '../../../src/cli/fuse.js';
import { runJudge } from '../../../src/cli/judge.js';
import { runMerge } from '../../../src/cli/merge.js';
import { runOverlap } from '../../../src/cli/overlap.js';
import { runPool } from '../../../src/cli/pool.js';
import { runReport } from '../../../src/cli/report.js';
import { flagNumber, parseCommandArgs } from '../../../src/cli/shared/args.js';
import { usageError } from '../../../src/cli/shared/command.js';
import { runCommand, type Command } from '../../helpers/cli.js';

const usage = usageError('eval');
const OPTIONS = {
  format: { type: 'string' },
  measure: { type: 'string', short: 'm' },
  grid: { type: 'string', multiple: true },
  'per-query': { type: 'boolean', short: 'q' },
} as const;
const refusal = (args: readonly string[]): string => {
  try {
    parseCommandArgs(args, OPTIONS, usage);
  } catch (error) {
    return (error as Error).message;
  }
  return 'no error';
};

describe('parseCommandArgs: a flag of one value given twice', () => {
  it('is refused in one line naming the flag and both values, not kept as the last', () => {
    expect(refusal(['--format', 'json', 'a', '--format=csv'])).toBe("--format is given twice ('json' and 'csv'); it takes one value (see rankeval eval --help)");
    expect(refusal(['-m', 'P@1', '-m', 'ndcg@10'])).toBe("-m is given twice ('P@1' and 'ndcg@10'); it takes one value (see rankeval eval --help)");
    expect(refusal(['-m', 'P@1', '--measure', 'P@1'])).toBe("-m/--measure is given twice ('P@1' and 'P@1'); it takes one value (see rankeval eval --help)");
  });

  it('takes a flag declared multiple, and a switch, as often as given', () => {
    const { values } = parseCommandArgs(['--grid', '1,2', '--grid', '3,4', '-q', '--per-query', '--format', 'csv'], OPTIONS, usage);
    expect(values).toEqual({ grid: ['1,2', '3,4'], 'per-query': true, format: 'csv' });
  });

  it.each<[string, Command, readonly string[], string]>([
    ['eval', runEval, ['g', 'r', '--format', 'json', '--format', 'csv'], "--format is given twice ('json' and 'csv')"],
    ['compare', runCompare, ['g', 'r', 's', '--test', 't', '--test', 'sign'], "--test is given twice ('t' and 'sign')"],
    ['report', runReport, ['g', 'r', '--losses', '3', '--losses', '5'], "--losses is given twice ('3' and '5')"],
    ['fuse', runFuse, ['r', 's', '--k', '60', '--k', '10'], "--k is given twice ('60' and '10')"],
    ['merge', runMerge, ['a', 'b', '--format', 'csv', '--format', 'json'], "--format is given twice ('csv' and 'json')"],
    ['overlap', runOverlap, ['r', 's', '--p', '0.9', '--p', '0.8'], "--p is given twice ('0.9' and '0.8')"],
    ['agree', runAgree, ['a', 'b', 'r', 's', '-m', 'P@1', '-m', 'ndcg@10'], "-m is given twice ('P@1' and 'ndcg@10')"],
    ['pool', runPool, ['r', 's', '--depth', '10', '--depth', '20'], "--depth is given twice ('10' and '20')"],
    ['judge', runJudge, ['--export', 'qrels', '--combine', 'mean', '--combine', 'max'], "--combine is given twice ('mean' and 'max')"],
    ['judge', runJudge, ['pool.jsonl', '--port', '1', '--port', '2'], "--port is given twice ('1' and '2')"],
  ])('rankeval %s refuses it before reading a file, exit 2', async (command, run, args, message) => {
    expect(await runCommand(run, args)).toEqual({ status: 2, stdout: '', stderr: `${message}; it takes one value (see rankeval ${command} --help)` });
  });
});

describe('flagNumber: a flag’s number as typed', () => {
  it('reads a decimal number', () => {
    expect([flagNumber('3'), flagNumber('0.25'), flagNumber('-1e3')]).toEqual([3, 0.25, -1000]);
  });

  it('refuses a value with spaces around it, which a file’s field would trim', () => {
    for (const text of [' 3', '3 ', '\t3', '3\n']) expect(flagNumber(text)).toBeNaN();
  });
});

describe('a number flag quoted with a space is refused by every command that reads one', () => {
  const cases: [string, string, Command, readonly string[]][] = [
    ['pool', '--depth', runPool, ['run.trec']],
    ['eval', '--depth', runEval, ['run.trec', '--qrels', 'qrels']],
    ['eval', '--relevance-threshold', runEval, ['run.trec', '--qrels', 'qrels']],
    ['report', '--losses', runReport, ['qrels', 'a.trec', 'b.trec']],
  ];
  it.each(cases)('%s %s', async (_name, flag, command, args) => {
    const result = await runCommand(command, [...args, flag, ' 3']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(`' 3'`);
  });
});
