// Differential test: parseNuggetAssignments + evaluateNuggets against castorini/nuggetizer's own metrics
// code (test/fixtures/nuggets, copied from ../shared/nugget-oracle): every answer's four scores, each run's
// means and the mean over each file, to 1e-12.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { evaluateNuggets, parseNuggetAssignments, parseNuggetBank, type NuggetScores } from '../src/index.js';

const CASES = join(import.meta.dirname, 'fixtures/nuggets');
const TOLERANCE = 1e-12;
const KEYS = [
  ['strict_vital_score', 'strictVital'],
  ['strict_all_score', 'strictAll'],
  ['vital_score', 'vital'],
  ['all_score', 'all'],
] as const;

interface Expected {
  readonly records: readonly (Record<(typeof KEYS)[number][0], number> & { run_id: string; qid: string })[];
  readonly all_records: Record<(typeof KEYS)[number][0], number> | null;
  readonly by_run: Record<string, Record<(typeof KEYS)[number][0], number>>;
}

/** The values of `got` that differ from nuggetizer's `want` by more than the tolerance, as `key: got ≠ want`. */
function differences(got: NuggetScores | undefined, want: Readonly<Record<(typeof KEYS)[number][0], number>>): string[] {
  return KEYS.filter(([ref, ours]) => !(Math.abs((got?.[ours] ?? NaN) - want[ref]) <= TOLERANCE)).map(([ref, ours]) => `${ours}: ${got?.[ours]} ≠ ${want[ref]}`);
}

const cases = readdirSync(CASES).filter((name) => /^\d+$/.test(name)).sort();

describe('nugget scores equal nuggetizer’s', () => {
  test('there are the 25 cases', () => {
    expect(cases).toHaveLength(25);
  });

  test.each(cases)('case %s', (name) => {
    const expected = JSON.parse(readFileSync(join(CASES, name, 'expected.json'), 'utf8')) as Expected;
    const result = evaluateNuggets(parseNuggetAssignments(readFileSync(join(CASES, name, 'assignments.jsonl'), 'utf8')));
    expect(result.perAnswer).toHaveLength(expected.records.length);
    expected.records.forEach((record, i) => {
      const answer = result.perAnswer[i]!;
      expect([answer.runId, answer.queryId]).toEqual([record.run_id, record.qid]);
      expect(differences(answer.scores, record)).toEqual([]);
    });
    expect(Object.keys(result.byRun).sort()).toEqual(Object.keys(expected.by_run).sort());
    for (const [run, want] of Object.entries(expected.by_run)) expect(differences(result.byRun[run]!.mean, want)).toEqual([]);
    if (expected.all_records === null) expect(result.mean).toBeUndefined();
    else expect(differences(result.mean, expected.all_records)).toEqual([]);
  });

  test.each(cases)('case %s: its nugget bank reads, and holds every topic answered', (name) => {
    const bank = parseNuggetBank(readFileSync(join(CASES, name, 'nuggets.jsonl'), 'utf8'));
    const answers = parseNuggetAssignments(readFileSync(join(CASES, name, 'assignments.jsonl'), 'utf8'));
    for (const answer of answers) expect(bank[answer.queryId]?.nuggets.map(({ text, importance }) => ({ text, importance }))).toEqual(answer.nuggets.map(({ text, importance }) => ({ text, importance })));
  });
});
