// The numbers of `rankeval report` from its files (scoreReport: each run scored as it is read, curves from
// the hits kept, the lost queries' rankings skimmed out of the runs afterwards) against the library's
// reportData on the same files read whole (parseGoldenSet, parseRun, the tie rule's rankings): the path
// `rankeval report` took before it scored runs as it read them. Every bar, curve point, per-query difference, slice, lost
// query with its explanations, and the comparison, on every trec oracle case (and the hand-made cases of
// test/fixtures/stream-before/cases).
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { COMPARE_OPTIONS, compareOptions, readCompareArgs, type CompareArgs } from '../../src/cli/shared/comparison.js';
import { parseCommandArgs } from '../../src/cli/shared/args.js';
import { usageError } from '../../src/cli/shared/command.js';
import { scoreReport } from '../../src/cli/report.js';
import { parseGoldenSet, parseRun } from '../../src/index.js';
import { compareUtf8 } from '../../src/core/ordering.js';
import { isRelevant } from '../../src/core/judgments.js';
import { reportData } from '../../src/report/data.js';
import type { ReportData } from '../../src/report/types.js';
import { addWarning, scoresRise, settleCheck, type RunWarning } from '../../src/engine/run-checks.js';
import { EXTRA_CASES } from '../fixtures/stream-before/commands.js';
import { oracleCases, rankingsFor, reverseScores, shuffleLines } from '../helpers/stream-runs.js';

const SHUFFLED = ['000', '009', '016', '034'];

/** The case's qrels as a JSONL golden set with tags (the report's slices) and questions. */
function goldenJsonl(qrels: string): string {
  const byQuery = new Map<string, Record<string, number>>();
  for (const [qid, docs] of parseGoldenSet(qrels, { format: 'trec' }).qrels) byQuery.set(qid, Object.fromEntries(docs));
  return [...byQuery]
    .map(([qid, relevant]) => JSON.stringify({ query_id: qid, query: `what does query ${qid} ask?`, relevant, tags: qid.length % 2 === 0 ? ['even', 'all'] : ['odd', 'all'] }))
    .join('\n');
}

const cases = [...oracleCases(), ...oracleCases(EXTRA_CASES)].filter((item) => {
  try {
    parseRun(item.run);
    parseGoldenSet(item.qrels, { format: 'trec' });
    return true;
  } catch {
    return false;
  }
});

let root = '';
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'rankeval-report-numbers-'));
  for (const item of cases) {
    const dir = join(root, item.name);
    mkdirSync(dir);
    const shuffled = shuffleLines(item.run, 13);
    writeFileSync(join(dir, 'golden.jsonl'), goldenJsonl(item.qrels));
    writeFileSync(join(dir, 'run'), item.run);
    writeFileSync(join(dir, 'reversed'), reverseScores(item.run));
    writeFileSync(join(dir, 'shuffled'), shuffled);
    writeFileSync(join(dir, 'shuffled-reversed'), reverseScores(shuffled));
  }
});

const FLAG_SETS: readonly (readonly string[])[] = [
  ['-m', 'ndcg@10,map,recall@100,P@5'],
  ['-m', 'map,ndcg@10,mrr@10', '--ties', 'average', '-l', '2'],
  ['-m', 'recall@10,bpref', '--ties', 'given', '--no-relevant', 'skip', '--test', 'wilcoxon'],
  ['-m', 'P@5,ndcg@10', '--no-relevant', 'skip'],
];

/** What the comparisons held, so that a run of this file shows they were not all empty. */
const seen = { lostQueries: 0, explainedDocuments: 0, curvePoints: 0, slices: 0, deltas: 0 };

const silent = { stdout: { write: () => true }, stderr: { write: () => true } };

/**
 * The report's data as `rankeval report` made it before it scored runs as it read them (the files read whole, reportData with
 * compare's options), and the warnings it printed.
 */
function before(args: CompareArgs, losses: number): { data: ReportData; warnings: string[] } {
  const golden = parseGoldenSet(readFileSync(args.qrels), { file: args.qrels });
  const files = args.runs.map(({ name, path }) => ({ name, run: parseRun(readFileSync(path), { file: path }) }));
  const runs = new Map(files.map(({ name, run }) => [name, rankingsFor(run, args.ties)]));
  const data = reportData({ qrels: golden.qrels, slices: golden.tags, questions: golden.questions, runs }, { ...compareOptions(args), losses });
  // The old command added the all-ties check on the files' scores (under 'trec' only; the rising scores
  // too since) to the report's
  // warnings, for the judged queries — changed on purpose since: for the queries scored, not those that
  // --no-relevant skip leaves out (eval always did so; a query never scored has no order that matters).
  const scored = (qid: string): boolean =>
    golden.qrels.has(qid) && (args.noRelevant !== 'skip' || [...golden.qrels.get(qid)!.values()].some((grade) => isRelevant(grade, args.relevanceThreshold)));
  const tied: string[] = [];
  if (args.ties === 'trec') {
    for (const { name, run } of files) {
      const warnings: RunWarning[] = [];
      // Rankings in rank order say nothing of the file's order: its rising scores are read from the Run too.
      const rising = [...run.scored].filter(([qid, { scores }]) => scored(qid) && scoresRise(scores.length, (i) => scores[i]!)).map(([qid]) => qid);
      addWarning('ascending_scores', rising.sort(compareUtf8), warnings);
      settleCheck('all_scores_tied', args.checks, run.tiedQueries.filter(scored).sort(compareUtf8), 'compare', warnings, { tieRule: 'trec' });
      for (const warning of warnings) tied.push(`run ${JSON.stringify(name)}: ${warning.message}`);
    }
  }
  return { data, warnings: [...data.warnings, ...tied] };
}

function withoutWarnings({ warnings: _warnings, comparison, ...numbers }: ReportData): unknown {
  if (comparison === null) return { ...numbers, comparison };
  const { warnings: _comparisonWarnings, ...compared } = comparison;
  return { ...numbers, comparison: compared };
}

describe.each(cases)('oracle case $name ($profile)', (item) => {
  const runSets: [string, string[]][] = [
    ['run, reversed', ['run', 'reversed']],
    ['run alone', ['run']],
    ...(SHUFFLED.includes(item.name) ? ([['shuffled, shuffled-reversed', ['shuffled', 'shuffled-reversed']]] as [string, string[]][]) : []),
  ];

  test.each(runSets.flatMap(([label, names]) => FLAG_SETS.map((flags) => [label, flags.join(' '), names, flags] as const)))(
    '%s, %s: the report from the files has the numbers of reportData on them',
    async (_label, _flags, names, flags) => {
      const dir = join(root, item.name);
      // The arguments as `rankeval report` reads them (one run or more).
      const { values, positionals } = parseCommandArgs([join(dir, 'golden.jsonl'), ...names.map((name) => join(dir, name)), ...flags], COMPARE_OPTIONS, usageError('report'));
      const reportArgs = readCompareArgs(values, positionals, 1, usageError('report'));
      let expected: { data: ReportData; warnings: string[] } | { error: string };
      try {
        expected = before(reportArgs, 3);
      } catch (error) {
        expected = { error: (error as Error).message };
      }
      let actual: { data: ReportData; warnings: string[] } | { error: string };
      try {
        const { data } = await scoreReport(reportArgs, 3, silent);
        actual = { data, warnings: data.warnings };
      } catch (error) {
        actual = { error: (error as Error).message };
      }
      if ('error' in expected || 'error' in actual) {
        // A refusal (every judged query skipped) is a refusal on both paths; the messages name different functions.
        expect('error' in actual).toBe(true);
        expect('error' in expected).toBe(true);
        return;
      }
      seen.lostQueries += actual.data.losses.reduce((sum, list) => sum + list.queries.length, 0);
      seen.explainedDocuments += actual.data.losses.reduce((sum, list) => sum + list.queries.reduce((n, query) => n + query.candidate.top.length + query.baseline.top.length, 0), 0);
      seen.curvePoints += actual.data.curves.length;
      seen.slices += actual.data.slices.length;
      seen.deltas += actual.data.deltas.reduce((sum, series) => sum + series.deltas.length, 0);
      // Warnings apart, every number alike.
      expect(withoutWarnings(actual.data)).toStrictEqual(withoutWarnings(expected.data));
      // The warnings printed, as a set: the old command printed the tie warnings after the report's own;
      // the comparison now holds them too (as the compare command's JSON always did).
      expect([...actual.warnings].sort()).toStrictEqual([...expected.warnings].sort());
      if (actual.data.comparison !== null) expect([...actual.data.comparison.warnings].sort()).toStrictEqual([...expected.warnings].sort());
    },
  );
});

test('the reports compared hold lost queries with their rankings, curves, slices and per-query differences', () => {
  for (const count of Object.values(seen)) expect(count).toBeGreaterThan(50);
});
