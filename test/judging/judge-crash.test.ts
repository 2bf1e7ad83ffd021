// The judging loop killed at seeded moments (SIGKILL: no handler runs) and restarted until done: the store
// then holds every pair of the pool exactly once, with the grade an uninterrupted run gives, whatever the
// moment of the kill — with a judge that always answers, and with one that throws, rejects, never answers
// or answers garbage. Half the trials also leave a half-written last line behind, as a crash mid-write does.
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseJudgments } from '../../src/formats/judgments.js';
import { judge } from '../../src/judging/judge.js';
import { fakeJudge, gradeOf, OPTIONS, POOL, seeded } from '../fixtures/judging/fake-judge.mjs';

const child = join(import.meta.dirname, '../fixtures/judging/judge-child.mjs');
const dir = mkdtempSync(join(tmpdir(), 'rankeval-crash-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The children's environment without NODE_EXTRA_CA_CERTS, which Node reads at every start (a third of a
// bare start where it is set): the judging makes no TLS connection.
const childEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'NODE_EXTRA_CA_CERTS'));

const TRIALS = 10; // per judge: 20 kills in all
const PAIRS = Object.values(POOL).flat().length;
const AT_ONCE = 5; // trials run side by side: most of a trial is waiting for its process to start

/**
 * Runs the child on `store` and kills it `delay` ms after it reports `after` judgments stored (or lets it
 * finish first); resolves with the number of judgments it last reported stored.
 */
function killedRun(store: string, mode: string, seed: number, after: number, delay: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const judging = spawn(process.execPath, [child, store, mode, String(seed)], { stdio: ['ignore', 'pipe', 'pipe'], env: childEnv });
    let stderr = '';
    let stored = 0;
    let aimed = false;
    judging.stderr.on('data', (data: Buffer) => (stderr += data));
    judging.stdout.on('data', (data: Buffer) => {
      stored = Math.max(stored, ...data.toString().trim().split('\n').map(Number));
      if (aimed || stored < after) return;
      aimed = true;
      setTimeout(() => judging.kill('SIGKILL'), delay);
    });
    judging.on('error', reject);
    judging.on('exit', (code, signal) => (signal === 'SIGKILL' || code === 0 ? resolve(stored) : reject(new Error(`the judging exited ${code}: ${stderr}`))));
  });
}

/** The store's pairs as `query doc grade`, sorted, and whether any pair is in it twice. */
function contents(store: string): { pairs: string[]; twice: boolean } {
  const judgments = parseJudgments(readFileSync(store), { file: store }).judgments;
  const pairs = judgments.map(({ query_id, doc_id, grade }) => `${query_id} ${doc_id} ${grade}`).sort();
  return { pairs, twice: new Set(judgments.map(({ query_id, doc_id }) => `${query_id} ${doc_id}`)).size < judgments.length };
}

/** A trial: kill `delay` ms after the child reports `after` judgments stored; append a torn line cut at `cut` (a share of it), if given. */
interface Trial {
  readonly trial: number;
  readonly after: number;
  readonly delay: number;
  readonly cut: number | undefined;
}

/** One trial: the child killed after `after` judgments and `delay` ms, a torn line appended when `cut` says where, then judging resumed until done. */
async function killAndResume(mode: string, { trial, after, delay, cut }: Trial): Promise<void> {
  const store = join(dir, `${mode}-${trial}.jsonl`);
  const stored = await killedRun(store, mode, trial, after, delay);
  // Nothing reported stored is lost, and nothing is stored twice.
  const killed = existsSync(store) ? contents(store) : { pairs: [], twice: false };
  expect(killed.pairs.length, `trial ${trial}, after the kill`).toBeGreaterThanOrEqual(stored);
  expect(killed.twice, `trial ${trial}, after the kill`).toBe(false);
  if (cut !== undefined) {
    // A crash mid-write: the start of a line, cut anywhere.
    const line = `{"query_id":"q1","doc_id":"d1","grade":${gradeOf('q1', 'd1')},"judge":"fake","at":"2026-12-05T00:00:00.000Z"}`;
    appendFileSync(store, line.slice(0, 1 + Math.floor(cut * (line.length - 1))));
  }
  let tornSeen = false;
  for (let round = 0; ; round++) {
    const result = await judge(POOL, fakeJudge(mode, 1000 * trial + round), { ...OPTIONS, store });
    tornSeen ||= result.tornLine !== undefined;
    if (result.failures.length === 0) break;
  }
  expect(tornSeen, `trial ${trial}`).toBe(cut !== undefined);
  expect(contents(store), `trial ${trial}`).toEqual({ pairs: everyPair, twice: false });
}

const everyPair = Object.entries(POOL).flatMap(([qid, docs]) => docs.map((doc) => `${qid} ${doc} ${gradeOf(qid, doc)}`)).sort();

describe.each(['steady', 'flaky'])('judge killed and restarted, a %s judge', (mode) => {
  it('gives the store of an uninterrupted run', async () => {
    const whole = join(dir, `${mode}-whole.jsonl`);
    for (let round = 0; (await judge(POOL, fakeJudge(mode, round), { ...OPTIONS, store: whole })).failures.length > 0; round++);
    expect(contents(whole)).toEqual({ pairs: everyPair, twice: false });
  });

  it(`leaves every pair exactly once after ${TRIALS} kills at seeded moments`, async () => {
    const random = seeded(mode === 'steady' ? 2026 : 1205);
    // Drawn up front, in trial order, so that running trials side by side changes no draw.
    const trials = Array.from({ length: TRIALS }, (_, trial): Trial => ({ trial, after: Math.floor(random() * PAIRS), delay: Math.floor(random() * 3), cut: trial % 2 === 1 ? random() : undefined }));
    for (let first = 0; first < TRIALS; first += AT_ONCE) await Promise.all(trials.slice(first, first + AT_ONCE).map((trial) => killAndResume(mode, trial)));
  });
});
