// as any other run, and the report shows the latency a JSONL run carries.
import { runCommand, type Command, type CommandResult } from '../helpers/cli.js';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCompare } from '../../src/cli/compare.js';
import { runEval } from '../../src/cli/eval.js';
import { runReport } from '../../src/cli/report.js';
import { evaluateRetriever, writeRun, type RetrieverEvaluation } from '../../src/index.js';
import { unjudgedDocumentsText } from '../../src/engine/run-checks.js';
// Runs kept with writeRun after evaluateRetriever, read back by the commands: eval and compare score them

const golden =
  '{"query_id": "q1", "query": "one?", "relevant": {"a": 1}, "tags": ["en"]}\n' +
  '{"query_id": "q2", "query": "two?", "relevant": {"b": 2, "c": 1}, "tags": ["en"]}\n' +
  '{"query_id": "q3", "query": "three?", "relevant": {"d": 1}, "tags": ["ru"]}\n';
const rankings: Record<string, { id: string; score: number }[]> = {
  q1: [{ id: 'a', score: 3 }, { id: 'x', score: 1 }],
  q2: [{ id: 'x', score: 2 }, { id: 'c', score: 1.5 }, { id: 'b', score: 0.5 }],
  q3: [{ id: 'd', score: 0.9 }],
};
// The clock each call reads as it starts, as retrieve returns and as it ends (at once: the retriever answers
// synchronously): q1 takes 12 ms, q2 7.5 ms, q3 30 ms (one call at a time).
const readings = [0, 12, 12, 100, 107.5, 107.5, 200, 230, 230];
const measures = ['ndcg@3', 'mrr@3', 'recall@2'];

let dir = '';
let result: RetrieverEvaluation;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rankeval-saved-'));
  let reading = 0;
  result = await evaluateRetriever((_, qid) => rankings[qid]!, { qrels: { q1: { a: 1 }, q2: { b: 2, c: 1 }, q3: { d: 1 } }, questions: { q1: 'one?', q2: 'two?', q3: 'three?' } }, {
    measures,
    concurrency: 1,
    now: () => readings[reading++]!,
  });
  writeFileSync(join(dir, 'golden.jsonl'), golden);
  writeFileSync(join(dir, 'timed.jsonl'), writeRun(result.run, { format: 'jsonl', latency: result.latency.perQuery }));
  writeFileSync(join(dir, 'plain.trec'), writeRun(result.run, { format: 'trec', runName: 'stub' }));
});

async function run(command: Command, ...args: string[]): Promise<CommandResult> {
  return runCommand(command, args.map((arg) => (/\.(jsonl|trec)$/.test(arg) ? join(dir, arg) : arg)));
}

describe('runs saved by writeRun', () => {
  it('the latency measured is the clock readings apart', () => {
    expect({ ...result.latency.perQuery }).toEqual({ q1: 12, q2: 7.5, q3: 30 });
  });

  it.each(['timed.jsonl', 'plain.trec'])('rankeval eval scores %s as evaluateRetriever did', async (file) => {
    const { status, stdout, stderr } = await run(runEval, 'golden.jsonl', file, '-m', measures.join(','), '--format', 'json');
    // x, unjudged, in q1's and q2's top 3: said as evaluateRetriever said it, in the file's and the golden set's names.
    const [unjudged] = result.warnings;
    expect(unjudged).toMatchObject({ code: 'unjudged_documents', unjudged: 2, retrieved: 2 + 3 + 1, depth: 3 });
    expect(stderr).toBe(`rankeval eval: warning: ${unjudgedDocumentsText(unjudged!, join(dir, file), join(dir, 'golden.jsonl'))}\n`);
    expect(status).toBe(0);
    expect(JSON.parse(stdout).mean).toEqual(result.mean);
    expect(JSON.parse(stdout).warnings).toEqual(result.warnings);
  });

  it('rankeval compare takes them side by side', async () => {
    const { status, stdout } = await run(runCompare, 'golden.jsonl', 'timed.jsonl', 'plain.trec', '-m', 'ndcg@3', '--format', 'json');
    expect(status).toBe(0);
    const rows = JSON.parse(stdout).rows as { run: string; mean: number; delta: number | null }[];
    expect(rows.map((row) => [row.run, row.mean])).toEqual([
      ['timed', result.mean['ndcg@3']],
      ['plain', result.mean['ndcg@3']],
    ]);
  });

  it('rankeval report shows the latency of the run that has it, overall, and says the tags too small to show', async () => {
    const { status, stdout } = await run(runReport, 'golden.jsonl', 'timed.jsonl', 'plain.trec', '-m', 'ndcg@3');
    expect(status).toBe(0);
    const table = /<table class="latency">.*?<\/table>/s.exec(stdout)?.[0];
    const cells = [...(table ?? '').matchAll(/<tr>(.*?)<\/tr>/g)].map((row) => [...row[1]!.matchAll(/<t[dh][^>]*>(.*?)<\/t[dh]>/g)].map((cell) => cell[1]));
    // Sorted times 7.5 12 30: p50 12, p95 at h = 1.9: 12 + 0.9 · 18 = 28.2. The tags en (2 queries) and ru (1)
    // are below the 5 a tag's row needs: counted in the caption, not shown.
    expect(cells).toEqual([
      ['run', 'tag', 'queries', 'mean ms', 'p50 ms', 'p95 ms', 'max ms'],
      ['timed', 'all', '3', (49.5 / 3).toFixed(1), '12.0', (12 + 0.9 * 18).toFixed(1), '30.0'],
    ]);
    expect(stdout).toContain('2 tags of fewer than 5 timed queries are not shown.');
  });

  it('a failed call saved as a `failed` line is unanswered in eval and counts in the report\'s latency', async () => {
    // q3's call failed after 30 ms: the run keeps q1 and q2, the failure keeps q3's time.
    const answered = new Map([...result.run].filter(([qid]) => qid !== 'q3'));
    writeFileSync(join(dir, 'failed.jsonl'), writeRun(answered, { format: 'jsonl', latency: result.latency.perQuery, failures: [{ queryId: 'q3', message: 'timed out' }] }));
    const evaluated = JSON.parse((await run(runEval, 'golden.jsonl', 'failed.jsonl', '-m', 'ndcg@3', '-q', '--format', 'json')).stdout);
    expect(evaluated.unansweredQueries).toEqual(['q3']);
    expect(evaluated.perQuery.q3).toEqual({ 'ndcg@3': 0 });
    const { stdout } = await run(runReport, 'golden.jsonl', 'failed.jsonl', '-m', 'ndcg@3');
    const table = /<table class="latency">.*?<\/table>/s.exec(stdout)?.[0] ?? '';
    expect(table).toContain(`<td>failed</td><td>all</td><td class="number">3</td><td class="number">${(49.5 / 3).toFixed(1)}</td>`);
  });

  it('a report of runs without latency has no latency section', async () => {
    const { stdout } = await run(runReport, 'golden.jsonl', 'plain.trec', '-m', 'ndcg@3');
    expect(stdout).not.toContain('<h2>Latency</h2>');
  });
});
