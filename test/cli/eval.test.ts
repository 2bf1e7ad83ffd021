import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseEvalArgs, runEval } from '../../src/cli/eval.js';
import { runCommand, type CommandResult } from '../helpers/cli.js';
import { idealDcg } from '../helpers/examples.js';

// The worked example as a golden set: q1 judges T (2), G and F (1), and the run ranks G x T y z; q2's one
// relevant document d4 comes second; q3 is judged but not answered; q9 is answered but not judged.
const FILES: Record<string, string> = {
  'golden.jsonl': [
    '{"query_id": "q1", "relevant": {"T": 2, "G": 1, "F": 1}, "tags": ["en", "factoid"]}',
    '{"query_id": "q2", "query": "где d4?", "relevant": ["d4"], "tags": ["ru"]}',
    '{"query_id": "q3", "relevant": ["d5"], "tags": ["en"]}',
  ].join('\n'),
  'run.jsonl': [
    '{"query_id": "q1", "results": ["G", "x", "T", "y", "z"]}',
    '{"query_id": "q2", "results": [{"id": "d9", "score": 2}, {"id": "d4", "score": 1}]}',
    '{"query_id": "q9", "results": ["d1"]}',
  ].join('\n'),
  'qrels.txt': 'q1 0 T 2\nq1 0 G 1\nq1 0 F 1\nq2 0 d4 1\nq3 0 d5 1\n',
  'run.txt': 'q1 Q0 G 1 5 r\nq1 Q0 x 2 4 r\nq1 Q0 T 3 3 r\nq1 Q0 y 4 2 r\nq1 Q0 z 5 1 r\nq2 Q0 d9 1 2 r\nq2 Q0 d4 2 1 r\nq9 Q0 d1 1 1 r\n',
  'golden.csv': 'query_id,doc_id,relevance,tags\nq1,T,2,en;factoid\nq1,G,1,en\nq1,F,1,en\nq2,d4,1,ru\nq3,d5,1,en\n',
  'bad-run.jsonl': '{"query_id": "q1", "results": ["G"]}\n{"query_id": "q2", "results": ["d4", "d4"]}\n',
  'no-relevant.jsonl': '{"query_id": "q1", "relevant": {"T": 2}}\n{"query_id": "q2", "relevant": {"d4": 0}}\n',
  'only-no-relevant.jsonl': '{"query_id": "q2", "relevant": {"d4": 0}}\n',
  // a, b and c tie at score 2 (a and b relevant), z scores 3 but is listed last.
  'tied.txt': 'q1 Q0 a 1 2.0 r\nq1 Q0 b 2 2.0 r\nq1 Q0 c 3 2.0 r\nq1 Q0 z 4 3.0 r\n',
  'tied-qrels.txt': 'q1 0 a 1\nq1 0 b 1\nq1 0 c 0\n',
  // q1 ranks its own id; q2's two scores tie (a TREC run whose scores say nothing).
  'tied-run.txt': 'q1 Q0 G 1 5 r\nq1 Q0 x 2 4 r\nq2 Q0 d9 1 0 r\nq2 Q0 d4 2 0 r\n',
  // The lengths in tokens of the run's documents (q9's d1, left out as unjudged, needs none).
  'lengths.tsv': 'doc_id\ttokens\nG\t100\nx\t300\nT\t200\ny\t50\nz\t400\nd9\t600\nd4\t10\n',
  'bad-lengths.tsv': 'G\t100\nx\tmany\n',
  'short-lengths.tsv': 'G\t100\nx\t300\nT\t200\ny\t50\nd9\t600\nd4\t10\n',
  // The commonest slips in files written by hand or by other tools.
  'qid-golden.jsonl': '{"qid": "q1", "relevant": {"T": 2}}\n{"qid": "q2", "relevant": ["d4"]}\n',
  'graded-list.jsonl': '{"query_id": "q1", "relevant": [{"id": "T", "grade": 2}]}\n',
  'doc-id-run.jsonl': '{"query_id": "q1", "results": [{"doc_id": "T", "score": 1}]}\n',
  // rankeval's other files of query–document lines: a judgments store and a pool, given as the golden set.
  'judgments.jsonl': '{"query_id": "q1", "doc_id": "T", "grade": 2, "judge": "alice", "at": "2026-12-05T02:10:00.000Z"}\n',
  'pool.jsonl': '{"query_id": "q1", "doc_id": "T"}\n{"query_id": "q1", "doc_id": "G"}\n',
  // Distances: the nearest document of each query is listed first, with the lowest score.
  'distances.txt': 'q1 Q0 G 1 0.1 r\nq1 Q0 x 2 0.4 r\nq1 Q0 T 3 0.9 r\nq2 Q0 d4 1 0.2 r\nq2 Q0 d9 2 0.3 r\nq2 Q0 d8 3 0.5 r\n',
  // tied.txt as distances (z nearest), and the same negated, to be read highest first.
  'tied-distances.txt': 'q1 Q0 z 1 1.0 r\nq1 Q0 a 2 2.0 r\nq1 Q0 b 3 2.0 r\nq1 Q0 c 4 2.0 r\n',
  'tied-negated.txt': 'q1 Q0 z 1 -1.0 r\nq1 Q0 a 2 -2.0 r\nq1 Q0 b 3 -2.0 r\nq1 Q0 c 4 -2.0 r\n',
  'messy-run.txt': 'q1 Q0 G 1 5 r\nq1 Q0 q1 2 4 r\nq2 Q0 d9 1 0 r\nq2 Q0 d4 2 0 r\nq3 Q0 d5 1 1 r\n',
};

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rankeval-eval-'));
  for (const [name, content] of Object.entries(FILES)) writeFileSync(join(dir, name), content);
});

async function run(...args: string[]): Promise<CommandResult> {
  return runCommand(runEval, args.map((arg) => (arg in FILES ? join(dir, arg) : arg)), { hide: dir });
}

// Per-query values of the example, by their formulas.
const q1 = { ndcg5: (1 / Math.log2(2) + 2 / Math.log2(4)) / idealDcg, recall5: 2 / 3, p5: 2 / 5 };
const q2 = { ndcg5: 1 / Math.log2(3), recall5: 1, p5: 1 / 5 };

describe('rankeval eval', () => {
  it('prints means over every judged query (q3 unanswered scores 0), per tag and per query', async () => {
    const { status, stdout, stderr } = await run('--qrels', 'golden.jsonl', '--run', 'run.jsonl', '-m', 'ndcg@5', '-m', 'P@5,recall@5', '--by-tag', '-q');
    expect(status).toBe(0);
    expect(stdout).toMatchInlineSnapshot(`
      "scope  name     queries  ndcg@5     P@5  recall@5
      all                   3  0.4232  0.2000    0.5556
      tag    en             2  0.3194  0.2000    0.3333
      tag    factoid        1  0.6388  0.4000    0.6667
      tag    ru             1  0.6309  0.2000    1.0000
      query  q1             1  0.6388  0.4000    0.6667
      query  q2             1  0.6309  0.2000    1.0000
      query  q3             1  0.0000  0.0000    0.0000

      conventions: ties trec · gain linear · IDCG all judged · relevant grade ≥ 1 · unanswered 0 · no-relevant zero · AP / R · trec_eval 9.0.8
      "
    `);
    expect(stderr).toBe(
      'rankeval eval: warning: 1 judged query has no results in run.jsonl and score 0: q3\n' +
        'rankeval eval: warning: 1 query of run.jsonl is not in golden.jsonl and left out: q9\n' +
        // Within the top 5: q1's x, y, z of G x T y z, and q2's d9 of d9 d4 (q9 is not judged).
        `rankeval eval: warning: ${3 + 1} of the ${5 + 2} documents in the top 5 of run.jsonl (57.1 %) are not in golden.jsonl and count as not relevant, in 2 queries: q1 (3), q2 (1) (judged_retrieved@5 gives the share judged per query)\n`,
    );
  });

  it('prints the evaluateRun result as JSON, with perQuery for -q and bySlice for --by-tag only', async () => {
    const plain = JSON.parse((await run('golden.jsonl', 'run.jsonl', '-m', 'ndcg@5', '-m', 'recall@5', '--format', 'json')).stdout);
    expect(plain).toEqual({
      mean: { 'ndcg@5': expect.closeTo((q1.ndcg5 + q2.ndcg5 + 0) / 3, 12), 'recall@5': expect.closeTo((q1.recall5 + q2.recall5 + 0) / 3, 12) },
      queries: 3,
      unjudgedQueries: ['q9'],
      unansweredQueries: ['q3'],
      noRelevantQueries: [],
      conventions: {
        ties: 'trec',
        scoreOrder: 'descending',
        gain: 'linear',
        idcg: 'all judged documents',
        relevanceThreshold: 1,
        unansweredQueries: 'scored 0 as an empty ranking',
        unjudgedQueries: 'left out and listed',
        noRelevant: 'zero',
        apDenominator: 'relevant',
        aggregation: { 'ndcg@5': 'mean', 'recall@5': 'mean' },
        trecEval: '9.0.8',
      },
      warnings: [
        { code: 'unanswered_queries', message: '1 judged query has no ranking in the run and scores 0: q3', queries: ['q3'], count: 1 },
        { code: 'unjudged_queries', message: '1 query of the run is not in the qrels and left out of the means: q9', queries: ['q9'], count: 1 },
        {
          code: 'unjudged_documents',
          message: '4 of the 7 documents in the top 5 of the run (57.1 %) are not in the qrels and count as not relevant, in 2 queries: q1 (3), q2 (1) (judged_retrieved@5 gives the share judged per query)',
          queries: ['q1', 'q2'],
          count: 2,
          unjudged: 3 + 1,
          retrieved: 5 + 2,
          share: 4 / 7,
          depth: 5,
          worst: [
            { query: 'q1', unjudged: 3 },
            { query: 'q2', unjudged: 1 },
          ],
        },
      ],
    });
    const full = JSON.parse((await run('golden.jsonl', 'run.jsonl', '-m', 'P@5', '--format', 'json', '-q', '--by-tag')).stdout);
    expect(full.perQuery).toEqual({ q1: { 'P@5': q1.p5 }, q2: { 'P@5': q2.p5 }, q3: { 'P@5': 0 } });
    expect(full.bySlice.en).toEqual({ mean: { 'P@5': (q1.p5 + 0) / 2 }, queries: 2 });
  });

  it('shows a measure asked for twice once, as compare does', async () => {
    const { status, stdout } = await run('golden.jsonl', 'run.jsonl', '-m', 'P@1,P@1', '-m', 'p@1');
    expect(status).toBe(0);
    expect(stdout.split('\n')[0]).toBe('scope  name  queries     P@1');
  });

  it('takes ir_measures and trec_eval names as written, a trec_eval list as a column per value', async () => {
    const { status, stdout } = await run('golden.jsonl', 'run.jsonl', '-m', 'P.1,5,nDCG@5', '-m', "P(rel=2)@5,utility.1,-1,0,0,ndcg_cut_5", '--format', 'json');
    expect(status).toBe(0);
    const json = JSON.parse(stdout);
    // ndcg_cut_5 is nDCG@5 again (one column, as first written).
    expect(Object.keys(json.mean)).toEqual(['P_1', 'P_5', 'nDCG@5', 'P(rel=2)@5', 'utility.1,-1,0,0']);
    expect(json.mean['P(rel=2)@5']).toBe((1 / 5 + 0 + 0) / 3);
  });

  it('names an unknown measure with the closest known names', async () => {
    const { status, stderr } = await run('golden.jsonl', 'run.jsonl', '-m', 'ndgc@5');
    expect(status).not.toBe(0);
    expect(stderr).toContain('unknown measure `ndgc@5`: did you mean `ndcg@5`? Names: rankeval `ndcg@5`, ir_measures `nDCG@5`, trec_eval `ndcg_cut.5`');
  });

  it('prints Markdown and CSV (every digit) tables', async () => {
    expect((await run('golden.jsonl', 'run.jsonl', '-m', 'ndcg@5', '--format', 'markdown', '--by-tag')).stdout).toMatchInlineSnapshot(`
      "| scope | name | queries | ndcg@5 |
      | --- | --- | ---: | ---: |
      | all |  | 3 | 0.4232 |
      | tag | en | 2 | 0.3194 |
      | tag | factoid | 1 | 0.6388 |
      | tag | ru | 1 | 0.6309 |

      conventions: ties trec · gain linear · IDCG all judged · relevant grade ≥ 1 · unanswered 0 · no-relevant zero · AP / R · trec_eval 9.0.8
      "
    `);
    const csv = (await run('golden.jsonl', 'run.jsonl', '-m', 'recall@5', '--format', 'csv', '-q')).stdout;
    expect(csv).toBe(`scope,name,queries,recall@5\nall,,3,${(q1.recall5 + q2.recall5) / 3}\nquery,q1,1,${q1.recall5}\nquery,q2,1,1\nquery,q3,1,0\n`);
  });

  it('gives the same numbers from TREC, CSV and JSONL files of one golden set and run', async () => {
    const args = ['-m', 'ndcg@5,P@5,recall@5,mrr,map', '--format', 'csv', '-q'];
    const jsonl = await run('golden.jsonl', 'run.jsonl', ...args);
    expect((await run('qrels.txt', 'run.txt', ...args)).stdout).toBe(jsonl.stdout);
    expect((await run('golden.csv', 'run.txt', ...args)).stdout).toBe(jsonl.stdout);
  });

  it('uses the defaults ndcg@10 recall@10 mrr@10 map without -m', async () => {
    expect((await run('golden.jsonl', 'run.jsonl')).stdout.split('\n')[0]).toBe('scope  name  queries  ndcg@10  recall@10  mrr@10     map');
  });
});

describe('rankeval eval gates', () => {
  it('exits 0 when every gate passes and lists them', async () => {
    const { status, stdout } = await run('golden.jsonl', 'run.jsonl', '-m', 'P@5', '--fail-under', 'P@5=0.2', '--fail-under', 'mrr@10=0.5');
    expect(status).toBe(0);
    expect(stdout).toContain('gates:\n  passed  P@5 = 0.2000, at or above 0.2\n  passed  mrr@10 = 0.5000, at or above 0.5\n');
  });

  it('exits 1 with one line per failed gate on stderr', async () => {
    const { status, stdout, stderr } = await run('golden.jsonl', 'run.jsonl', '-m', 'recall@5', '--fail-under', 'recall@5=0.9', '--fail-under', 'mrr@10=0.6', '--fail-under', 'mrr@10=0.1');
    expect(status).toBe(1);
    expect(stderr).toContain('rankeval eval: gate failed: recall@5 = 0.5556, below 0.9\n');
    expect(stderr).toContain('rankeval eval: gate failed: mrr@10 = 0.5000, below 0.6\n');
    expect(stderr).not.toContain('0.1');
    expect(stdout).toContain('FAILED  recall@5');
  });

  it('shows every digit when four would make a failing mean look equal to its gate', async () => {
    // recall@5 = 5/9 = 0.55555…: rounded to 0.5556, it would look as if it met a gate at 0.55556.
    const { status, stderr } = await run('golden.jsonl', 'run.jsonl', '--fail-under', 'recall@5=0.55556');
    expect(status).toBe(1);
    expect(stderr).toContain(`gate failed: recall@5 = ${(q1.recall5 + q2.recall5 + 0) / 3}, below 0.55556`);
  });

  it('reuses a measure spelled otherwise (R@5 for recall@5) and puts gates in JSON', async () => {
    const { stdout } = await run('golden.jsonl', 'run.jsonl', '-m', 'R@5', '--fail-under', 'recall@5=0.5', '--format', 'json');
    const json = JSON.parse(stdout);
    expect(Object.keys(json.mean)).toEqual(['R@5']);
    expect(json.gates).toEqual([{ measure: 'R@5', threshold: 0.5, value: (q1.recall5 + q2.recall5 + 0) / 3, passed: true }]);
  });

  it('--fail-over bounds a measure where lower is better from above', async () => {
    // miss@5 = 1 − recall@5, query by query: (1 − q1.recall5 + 1 − q2.recall5 + 1) / 3.
    const miss = (1 - q1.recall5 + (1 - q2.recall5) + 1) / 3;
    const passing = await run('golden.jsonl', 'run.jsonl', '--fail-over', `miss@5=${miss}`, '--format', 'json');
    expect(passing.status).toBe(0);
    expect(JSON.parse(passing.stdout).gates).toEqual([{ measure: 'miss@5', threshold: miss, bound: 'max', value: miss, passed: true }]);
    const failing = await run('golden.jsonl', 'run.jsonl', '--fail-over', 'miss@5=0.1');
    expect(failing.status).toBe(1);
    expect(failing.stderr).toContain(`rankeval eval: gate failed: miss@5 = ${miss.toFixed(4)}, above 0.1\n`);
  });

  it('a gate alone asks for what it reads: --lengths for tokens@k, and --system-k checks it', async () => {
    const { status, stderr } = await run('golden.jsonl', 'run.jsonl', '-m', 'P@1', '--lengths', 'lengths.tsv', '--fail-over', 'tokens@1=1000000');
    expect({ status, stderr }).toEqual({ status: 0, stderr: expect.not.stringContaining('--lengths') });
    const beyond = await run('golden.jsonl', 'run.jsonl', '-m', 'P@1', '--system-k', '2', '--fail-under', 'recall@5=0.1');
    expect(beyond.status).toBe(2);
    expect(beyond.stderr).toContain('--system-k: recall@5: measured beyond the 2 results the system passes on');
    // Without -m, the default measures are checked the same way.
    const defaults = await run('golden.jsonl', 'run.jsonl', '--system-k', '2');
    expect(defaults.status).toBe(2);
  });

  it('each gate flag refuses a measure whose better side it does not guard', async () => {
    const under = await run('golden.jsonl', 'run.jsonl', '--fail-under', 'miss@5=0.2');
    expect(under.status).toBe(2);
    expect(under.stderr).toContain('--fail-under miss@5: lower is better for miss@5, so --fail-under would fail the better runs; use --fail-over miss@5=0.2');
    const over = await run('golden.jsonl', 'run.jsonl', '--fail-over', 'recall@5=0.9');
    expect(over.status).toBe(2);
    expect(over.stderr).toContain('--fail-over recall@5: higher is better for recall@5, so --fail-over would fail the better runs; use --fail-under recall@5=0.9');
  });
});

describe('rankeval eval --explain', () => {
  it('shows the ranking in the order the tie rule scores it (--ties given: the file\'s)', async () => {
    // a, b and c tie at 2 and z scores 3 but comes last in the file: given keeps a, b, c, z.
    const given = JSON.parse((await run('tied-qrels.txt', 'tied.txt', '-m', 'P@2', '--explain', 'q1', '--depth', '4', '--ties', 'given', '--format', 'json')).stdout);
    expect(given.top.map(({ id }: { id: string }) => id)).toEqual(['a', 'b', 'c', 'z']);
    expect(given.scores).toEqual({ 'P@2': 1 });
    const trec = JSON.parse((await run('tied-qrels.txt', 'tied.txt', '-m', 'P@2', '--explain', 'q1', '--depth', '4', '--format', 'json')).stdout);
    expect(trec.top.map(({ id }: { id: string }) => id)).toEqual(['z', 'c', 'b', 'a']);
  });

  it('shows the ranking with grades and relevance marks, the missed relevant documents and the scores', async () => {
    const { status, stdout } = await run('golden.jsonl', 'run.jsonl', '-m', 'ndcg@5', '-m', 'map', '--explain', 'q1');
    expect(status).toBe(0);
    expect(stdout).toMatchInlineSnapshot(`
      "query q1  (tags: en, factoid)
      scores: ndcg@5 0.6388  map 0.5556
      retrieved 5, relevant 3; top 5 shown, ✓ = relevant, grade - = unjudged

        rank  grade     id
           1      1  ✓  G
           2      -     x
           3      2  ✓  T
           4      -     y
           5      -     z
        missed relevant (1 of 3): F (grade 1, not retrieved)
      "
    `);
  });

  it('says where a relevant document went when it is below the shown depth, in JSON', async () => {
    const json = JSON.parse((await run('golden.jsonl', 'run.jsonl', '-m', 'P@1', '--explain', 'q2', '--format', 'json')).stdout);
    expect(json).toEqual({
      query: 'q2',
      question: 'где d4?',
      tags: ['ru'],
      scores: { 'P@1': 0 },
      top: [{ rank: 1, id: 'd9', grade: null, relevant: false }],
      missed: [{ id: 'd4', grade: 1, rank: 2 }],
      retrieved: 2,
      relevant: 1,
    });
  });

  it('explains several queries, in Markdown and CSV too, and an unanswered query as an empty ranking', async () => {
    const markdown = (await run('golden.jsonl', 'run.jsonl', '-m', 'P@2', '--explain', 'q2', '--explain', 'q3', '--format', 'markdown')).stdout;
    expect(markdown).toContain('### query q2\\: где d4\\?  \\(tags\\: ru\\)\n\nscores: P@2 0.5000\n');
    expect(markdown).toContain('| rank | grade | relevant | id |\n| ---: | ---: | --- | --- |\n| 1 | - |  | d9 |\n| 2 | 1 | ✓ | d4 |\n');
    expect(markdown).toContain('### query q3  \\(tags\\: en\\)\n');
    expect(markdown).toContain('(the ranking is empty)\n\nmissed relevant \\(1 of 1\\)\\: d5 \\(grade 1\\, not retrieved\\)\n');
    const csv = (await run('golden.jsonl', 'run.jsonl', '-m', 'P@1', '--explain', 'q2', '--format', 'csv')).stdout;
    expect(csv).toBe('query,rank,id,grade,relevant,where\nq2,1,d9,,0,top\nq2,2,d4,1,1,below the top\n');
  });

  it('under a token budget, shows the window the budget held, its running total and the document that would pass it', async () => {
    // lengths.tsv: q1 ranks G (100) x (300) T (200) y (50) z (400): 100 + 300 = 400 ≤ 450 < 400 + 200 = 600,
    // so the window holds G and x, and T (grade 2) would pass it: recall 1 of 3. q2's d9 alone (600) passes 450.
    const { status, stdout } = await run('golden.jsonl', 'run.jsonl', '-m', 'recall@budget=450', '--lengths', 'lengths.tsv', '--explain', 'q1', '--explain', 'q2');
    expect(status).toBe(0);
    expect(stdout).toMatchInlineSnapshot(`
      "query q1  (tags: en, factoid)
      scores: recall@budget=450 0.3333
      retrieved 5, relevant 3; ✓ = relevant, grade - = unjudged

      recall@budget=450: the budget of 450 tokens held the first 2 documents (400 tokens); the 3rd (T, 200 tokens) would pass it (600)
        rank  grade     id  tokens  total
           1      1  ✓  G      100    100
           2      -     x      300    400
        missed relevant within 450 tokens (2 of 3): T (grade 2, at rank 3), F (grade 1, not retrieved)

      query q2: где d4?  (tags: ru)
      scores: recall@budget=450 0.0000
      retrieved 2, relevant 1; ✓ = relevant, grade - = unjudged

      recall@budget=450: the budget of 450 tokens held no document; the 1st (d9, 600 tokens) would pass it
        missed relevant within 450 tokens (1 of 1): d4 (grade 1, at rank 2)
      "
    `);
    const json = JSON.parse((await run('golden.jsonl', 'run.jsonl', '-m', 'recall@budget=450', '-m', 'P@budget=450', '--lengths', 'lengths.tsv', '--explain', 'q1', '--format', 'json')).stdout);
    expect(json.scores).toEqual({ 'recall@budget=450': 1 / 3, 'P@budget=450': 1 / 2 });
    // One window for the two measures of one budget.
    expect(json.budgets).toHaveLength(1);
    expect(json.budgets[0].measures).toEqual(['recall@budget=450', 'P@budget=450']);
    expect(json.budgets[0].top.map(({ id, total }: { id: string; total: number }) => [id, total])).toEqual([['G', 100], ['x', 100 + 300]]);
    expect(json.budgets[0].window).toEqual({ budget: 450, held: 2, tokens: 100 + 300, next: { rank: 3, id: 'T', grade: 2, relevant: true, tokens: 200, total: 100 + 300 + 200 }, beyondSystemK: 0 });
    expect(json.budgets[0].missed).toEqual([{ id: 'T', grade: 2, rank: 3 }, { id: 'F', grade: 1, rank: null }]);
  });

  it('shows a budget window beside the top of the ranking when other measures are asked for, which it leaves as it was', async () => {
    const plain = (await run('golden.jsonl', 'run.jsonl', '-m', 'ndcg@5', '--explain', 'q1')).stdout;
    const both = (await run('golden.jsonl', 'run.jsonl', '-m', 'ndcg@5', '-m', 'recall@budget=1000', '--lengths', 'lengths.tsv', '--explain', 'q1')).stdout;
    const [head, ...rest] = plain.split('\n');
    // The same section but for the scores line, then the window: 100 + 300 + 200 + 50 = 650 ≤ 1000 < 650 + 400.
    expect(both).toBe(
      [head, `scores: ndcg@5 ${q1.ndcg5.toFixed(4)}  recall@budget=1000 ${(2 / 3).toFixed(4)}`, ...rest.slice(1)].join('\n') +
        '\nrecall@budget=1000: the budget of 1000 tokens held the first 4 documents (650 tokens); the 5th (z, 400 tokens) would pass it (1050)\n' +
        '  rank  grade     id  tokens  total\n     1      1  ✓  G      100    100\n     2      -     x      300    400\n     3      2  ✓  T      200    600\n     4      -     y       50    650\n' +
        '  missed relevant within 1000 tokens (1 of 3): F (grade 1, not retrieved)\n',
    );
    // --system-k 2 ends the window first: 100 + 300 = 400 ≤ 1000, and y and z are never passed on.
    const cut = (await run('golden.jsonl', 'run.jsonl', '-m', 'recall@budget=1000', '--lengths', 'lengths.tsv', '--system-k', '2', '--explain', 'q1')).stdout;
    expect(cut).toContain('recall@budget=1000: the budget of 1000 tokens was not filled: the system passes on its k = 2 documents (400 tokens), not the 3 below\n');
    // --depth 2 shows two of the four documents held: T, held at rank 3, is named as beyond the rows shown.
    const shortened = (await run('golden.jsonl', 'run.jsonl', '-m', 'recall@budget=1000', '--lengths', 'lengths.tsv', '--depth', '2', '--explain', 'q1')).stdout;
    expect(shortened).toContain('  relevant beyond the top 2 shown (2 of 3): T (grade 2, at rank 3), F (grade 1, not retrieved)\n');
    const csv = (await run('golden.jsonl', 'run.jsonl', '-m', 'recall@budget=450', '--lengths', 'lengths.tsv', '--explain', 'q1', '--format', 'csv')).stdout;
    expect(csv).toBe('query,rank,id,grade,relevant,where\nq1,1,G,1,1,within 450 tokens\nq1,2,x,,0,within 450 tokens\nq1,3,T,2,1,passes 450 tokens\n');
    const markdown = (await run('golden.jsonl', 'run.jsonl', '-m', 'recall@budget=450', '--lengths', 'lengths.tsv', '--explain', 'q1', '--format', 'markdown')).stdout;
    expect(markdown).toContain('| rank | grade | relevant | id | tokens | total |\n| ---: | ---: | --- | --- | ---: | ---: |\n| 1 | 1 | ✓ | G | 100 | 100 |\n| 2 | - |  | x | 300 | 400 |\n');
  });

  it('refuses a query that is not in the golden set', async () => {
    expect(await run('golden.jsonl', 'run.jsonl', '--explain', 'q9')).toMatchObject({ status: 2, stderr: expect.stringContaining('--explain q9: the query is not in') });
  });
});

describe('rankeval eval input and argument errors', () => {
  it('exits 3 naming the file and line of a malformed file, and a file that is not there', async () => {
    expect(await run('golden.jsonl', 'bad-run.jsonl')).toMatchObject({ status: 3, stderr: 'bad-run.jsonl:2: document "d4" appears twice for query "q2" (line 2)' });
    expect(await run('golden.jsonl', 'missing.jsonl')).toMatchObject({ status: 3, stderr: expect.stringMatching(/^cannot read missing\.jsonl: ENOENT/) });
    expect(await run('run.txt', 'run.jsonl', '--qrels-format', 'trec')).toMatchObject({ status: 3, stderr: 'run.txt:1: expected 4 fields (qid iter docno rel), got more' });
  });

  it('exits 3 with the key meant for a misnamed key, and the shapes judgments take for a list of objects', async () => {
    expect(await run('qid-golden.jsonl', 'run.jsonl')).toMatchObject({
      status: 3,
      stderr: 'qid-golden.jsonl:1: unknown key "qid": did you mean "query_id"? (a golden-set line\'s keys: query_id, query, question, relevant, aspects, tags, tokens)',
    });
    expect(await run('graded-list.jsonl', 'run.jsonl')).toMatchObject({
      status: 3,
      stderr: 'graded-list.jsonl:1: "relevant" of query "q1" must be an object of id → grade ({"T": 2}) or a list of ids (grade 1 each), got a list holding {"id":"T","grade":2}',
    });
    expect(await run('golden.jsonl', 'doc-id-run.jsonl')).toMatchObject({
      status: 3,
      stderr: 'doc-id-run.jsonl:1: "results" of query "q1" entry 1: unknown key "doc_id": did you mean "id"? (a result\'s keys: id, score)',
    });
  });

  it('exits 3 naming a judgments store or a pool given as the golden set, and what turns it into one', async () => {
    expect(await run('judgments.jsonl', 'run.jsonl')).toEqual({
      status: 3,
      stdout: '',
      stderr:
        'judgments.jsonl:1: this looks like a judgments store (one judgment a line: {"query_id", "doc_id", "grade", "judge", "at"}), not a golden set: ' +
        'export it as one with `rankeval judge --export jsonl --store STORE`, or in code `toQrels(parseJudgments(text).judgments)`',
    });
    expect(await run('--qrels', 'pool.jsonl', '--run', 'run.jsonl', '--qrels-format', 'jsonl')).toEqual({
      status: 3,
      stdout: '',
      stderr:
        'pool.jsonl:1: this looks like a pool (the pairs to judge, {"query_id", "doc_id"} a line, as `rankeval pool` writes it), not a golden set: ' +
        'judge it (`rankeval judge POOL …`), then export the judgments store with `rankeval judge --export jsonl`, or in code `toQrels(judgments)`',
    });
  });

  it('orders tied scores as --ties says', async () => {
    const mrr = async (...flags: string[]) => JSON.parse((await run('tied-qrels.txt', 'tied.txt', '-m', 'mrr', '--format', 'json', ...flags)).stdout).mean.mrr;
    // trec: z, then the tie by docno descending: c, b, a.
    expect(await mrr()).toBe(1 / 3);
    // given: the file's order, a b c z.
    expect(await mrr('--ties', 'given')).toBe(1);
    // average: the first relevant document is 2nd with probability 2/3, 3rd with probability (1/3)·(2/2).
    expect(await mrr('--ties', 'average')).toBeCloseTo((2 / 3) / 2 + (1 / 3) / 3, 15);
    expect(await run('tied-qrels.txt', 'tied.txt', '-m', 'bpref', '--ties', 'average')).toMatchObject({ status: 2, stderr: expect.stringContaining('--ties average: bpref has no tie-averaged form') });
    expect(await run('tied-qrels.txt', 'tied.txt', '--ties', 'random')).toMatchObject({ status: 2, stderr: expect.stringContaining("--ties takes trec, given, average; got 'random'") });
  });

  it('handles judged queries without relevant documents as --no-relevant says', async () => {
    const zero = await run('no-relevant.jsonl', 'run.jsonl', '-m', 'P@5', '--format', 'json');
    expect(JSON.parse(zero.stdout)).toMatchObject({ mean: { 'P@5': (1 / 5 + 0) / 2 }, queries: 2, noRelevantQueries: ['q2'] });
    expect(zero.stderr).toContain('1 judged query has no relevant document (scored 0): q2');
    const skip = await run('no-relevant.jsonl', 'run.jsonl', '-m', 'P@5', '--format', 'json', '--no-relevant', 'skip');
    expect(JSON.parse(skip.stdout)).toMatchObject({ mean: { 'P@5': 1 / 5 }, queries: 1 });
    expect((await run('no-relevant.jsonl', 'run.jsonl', '--no-relevant', 'skip', '--explain', 'q2')).stdout).toContain('scores: not scored');
    expect(await run('no-relevant.jsonl', 'run.jsonl', '--no-relevant', 'error')).toMatchObject({ status: 3, stderr: 'no-relevant.jsonl: query "q2" has no relevant document (--no-relevant error; zero scores it 0, skip leaves it out)' });
    expect(await run('only-no-relevant.jsonl', 'run.jsonl', '--no-relevant', 'skip')).toMatchObject({
      status: 3,
      stderr: 'only-no-relevant.jsonl: no query to average: every judged query has no relevant document, and --no-relevant skip leaves them out',
    });
  });

  it('takes gates written in decimal, with an exponent or a sign', async () => {
    expect((await run('golden.jsonl', 'run.jsonl', '--fail-under', 'recall@5=5e-1')).status).toBe(0);
    expect((await run('golden.jsonl', 'run.jsonl', '--fail-under', 'recall@5=.6')).status).toBe(1);
  });

  it('shows ids with terminal escape sequences as text in tables, --explain and warnings', async () => {
    const hostile = join(dir, 'hostile.jsonl');
    const hostileRun = join(dir, 'hostile-run.jsonl');
    writeFileSync(hostile, '{"query_id": "q\\u001b[2J", "relevant": ["a\\u001b]0;title\\u0007"]}\n{"query_id": "q2", "relevant": ["b"]}\n');
    writeFileSync(hostileRun, '{"query_id": "q\\u001b[2J", "results": ["x\\u009b31m", "a\\u001b]0;title\\u0007"]}\n{"query_id": "q\\u001b[31m", "results": ["b"]}\n');
    const table = await run(hostile, hostileRun, '-m', 'P@1', '-q');
    const explained = await run(hostile, hostileRun, '-m', 'P@1', '--explain', 'q\x1b[2J');
    for (const text of [table.stdout, table.stderr, explained.stdout]) expect(text).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f-\x9f]/);
    expect(table.stdout).toContain('query  q\\x1b[2J');
    expect(table.stderr).toContain('of hostile-run.jsonl is not in hostile.jsonl and left out: q\\x1b[31m');
    expect(explained.stdout).toContain('x\\x9b31m');
    expect(explained.stdout).toContain('missed relevant (1 of 1): a\\x1b]0;title\\x07 (grade 1, at rank 2)');
  });

  it('escapes ids in Markdown and neutralises formulas in CSV of --explain', async () => {
    const hostile = join(dir, 'formula.jsonl');
    const hostileRun = join(dir, 'formula-run.jsonl');
    writeFileSync(hostile, '{"query_id": "=1+1", "query": "a <b>|c</b>", "relevant": ["@SUM(A1)"]}\n');
    writeFileSync(hostileRun, '{"query_id": "=1+1", "results": ["-2+3", "x|<i>"]}\n');
    const csv = await run(hostile, hostileRun, '-m', 'P@2', '--explain', '=1+1', '--format', 'csv');
    expect(csv.stdout).toBe(`query,rank,id,grade,relevant,where\n"'=1+1",1,"'-2+3",,0,top\n"'=1+1",2,x|<i>,,0,top\n"'=1+1",,"'@SUM(A1)",1,1,not retrieved\n`);
    const markdown = await run(hostile, hostileRun, '-m', 'P@2', '--explain', '=1+1', '--format', 'markdown');
    expect(markdown.stdout).toContain('### query \\=1\\+1\\: a \\<b\\>\\|c\\<\\/b\\>\n');
    expect(markdown.stdout).toContain('| 2 | - |  | x\\|\\<i\\> |');
    expect((await run(hostile, hostileRun, '-m', 'P@2', '-q', '--format', 'csv')).stdout).toBe(`scope,name,queries,P@2\nall,,1,0\nquery,"'=1+1",1,0\n`);
  });

  it('with -q the JSON carries what rankeval merge needs, the tied scores of the run file included; without -q it does not', async () => {
    const json = JSON.parse((await run('golden.jsonl', 'messy-run.txt', '-m', 'P@2', '--format', 'json', '-q')).stdout);
    expect(json.mergeable).toEqual({
      deepestRanking: 2,
      queriesInRanking: ['q1'],
      tiedQueries: ['q2'],
      checks: { queryInRanking: 'warn', cutoffBeyondRun: 'warn', allScoresTied: 'warn' },
      slices: {},
      // Within P@2's top 2 of G q1, d9 d4 and d5: q1's q1 and q2's d9.
      unjudgedDocuments: { depth: 2, retrieved: 2 + 2 + 1, byQuery: { q1: 1, q2: 1 } },
    });
    expect(JSON.parse((await run('golden.jsonl', 'messy-run.txt', '-m', 'P@2', '--format', 'json')).stdout)).not.toHaveProperty('mergeable');
  });

  it('counts grades from -l up as relevant', async () => {
    const json = JSON.parse((await run('golden.jsonl', 'run.jsonl', '-m', 'mrr', '-l', '2', '--format', 'json', '-q')).stdout);
    expect(json.perQuery.q1).toEqual({ mrr: 1 / 3 });
  });

  it('warns when --by-tag finds no tags', async () => {
    expect((await run('qrels.txt', 'run.txt', '--by-tag')).stderr).toContain('--by-tag: qrels.txt has no tags');
  });

  it.each([
    [['golden.jsonl'], /expected a golden set and a run/],
    [['golden.jsonl', 'run.jsonl', 'extra'], /unexpected argument 'extra'/],
    [['golden.jsonl', 'run.jsonl', '-m', 'ndcg@0'], /expected the cutoff after `@` to be a positive integer/],
    [['golden.jsonl', 'run.jsonl', '-m', 'bleu'], /unknown measure `bleu`/],
    [['golden.jsonl', 'run.jsonl', '--fail-under', 'recall@5'], /--fail-under takes MEASURE=VALUE/],
    [['golden.jsonl', 'run.jsonl', '--fail-under', 'recall@5=high'], /--fail-under takes MEASURE=VALUE/],
    [['golden.jsonl', 'run.jsonl', '--format', 'xml'], /--format takes table, markdown, json, csv; got 'xml'/],
    [['golden.jsonl', 'run.jsonl', '--run-format', 'beir'], /--run-format takes auto, trec, jsonl, json, csv; got 'beir'/],
    [['golden.jsonl', 'run.jsonl', '--qrels-format', 'diversity'], /--qrels-format takes auto, trec, beir, jsonl, json, csv, trec-diversity; got 'diversity'/],
    [['golden.jsonl', 'run.jsonl', '-l', 'two'], /--relevance-threshold takes a number/],
    [['golden.jsonl', 'run.jsonl', '--depth', '0'], /--depth takes a positive integer/],
    [['golden.jsonl', 'run.jsonl', '--bogus'], /^unknown option --bogus \(see/],
    [['golden.jsonl', 'run.jsonl', '--fail-under', 'ndcg@10=0x1'], /--fail-under takes MEASURE=VALUE/],
    [['golden.jsonl', 'run.jsonl', '--fail-under', 'ndcg@10=Infinity'], /--fail-under takes MEASURE=VALUE/],
    [['golden.jsonl', 'run.jsonl', '-l', '0b1'], /--relevance-threshold takes a number; got '0b1'/],
    [['golden.jsonl', 'run.jsonl', '--depth', '0x10'], /--depth takes a positive integer; got '0x10'/],
    [['golden.jsonl', 'run.jsonl', '--depth', '99999999999999999999'], /--depth takes a positive integer; got '99999999999999999999'/],
  ])('exits 2 for %j', async (args, message) => {
    const { status, stderr } = await run(...args);
    expect(status).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr).toContain('(see rankeval eval --help)');
  });

  it('takes --qrels-format trec-diversity, which no golden set is read as unless named', () => {
    const args = parseEvalArgs(['qrels.txt', 'run.txt', '--qrels-format', 'trec-diversity']);
    expect(args !== 'help' && args.qrelsFormat).toBe('trec-diversity');
  });

  it('prints its help', async () => {
    expect(parseEvalArgs(['--help'])).toBe('help');
    const { status, stdout } = await run('-h');
    expect(status).toBe(0);
    expect(stdout).toMatch(/^Usage: rankeval eval --qrels GOLDEN --run RUN/);
  });
});

describe('rankeval eval checks', () => {
  // Not a check: within recall@10's top 10 of G q1, d9 d4 and d5, q1's q1 and q2's d9 are not judged.
  const UNJUDGED = 'rankeval eval: warning: 2 of the 5 documents in the top 10 of messy-run.txt (40 %) are not in golden.jsonl and count as not relevant, in 2 queries: q1 (1), q2 (1) (judged_retrieved@10 gives the share judged per query)\n';
  const WARNINGS = [
    UNJUDGED,
    "rankeval eval: warning: 1 query ranks a document whose id is the query's own id (the corpus likely holds the queries; BEIR's evaluation drops such documents): q1\n",
    "rankeval eval: warning: recall@10: the cutoff exceeds the deepest ranking of the run (2 documents), so the measure's k is not the system's\n",
    "rankeval eval: warning: 1 ranking gives every document the same score, so the order is the tie rule's alone (document ids descending), not the system's: q2\n",
  ];

  it('prints one stderr line per check that finds something, and exits 0', async () => {
    const { status, stderr } = await run('golden.jsonl', 'messy-run.txt', '-m', 'P@2,recall@10');
    expect(status).toBe(0);
    expect(stderr).toBe(WARNINGS.join(''));
  });

  it('returns the warnings in the JSON, with the codes', async () => {
    const json = JSON.parse((await run('golden.jsonl', 'messy-run.txt', '-m', 'P@2,recall@10', '--format', 'json')).stdout);
    expect(json.warnings).toEqual([
      { code: 'unjudged_documents', message: expect.any(String), queries: ['q1', 'q2'], count: 2, unjudged: 2, retrieved: 5, share: 2 / 5, depth: 10, worst: [{ query: 'q1', unjudged: 1 }, { query: 'q2', unjudged: 1 }] },
      { code: 'query_in_ranking', message: expect.any(String), queries: ['q1'], count: 1 },
      { code: 'cutoff_beyond_run', message: expect.any(String), count: 1 },
      { code: 'all_scores_tied', message: expect.any(String), queries: ['q2'], count: 1 },
    ]);
  });

  it('with --checks error, refuses the run (exit 3), naming the run file', async () => {
    const { status, stdout, stderr } = await run('golden.jsonl', 'messy-run.txt', '-m', 'P@2', '--checks', 'error');
    expect({ status, stdout }).toEqual({ status: 3, stdout: '' });
    expect(stderr).toBe("messy-run.txt: 1 query ranks a document whose id is the query's own id (the corpus likely holds the queries; BEIR's evaluation drops such documents): q1");
    // The all-ties check, made on the file's scores, is refused the same way.
    expect(await run('golden.jsonl', 'tied-run.txt', '-m', 'P@2', '--checks', 'error')).toEqual({
      status: 3,
      stdout: '',
      stderr: "tied-run.txt: 1 ranking gives every document the same score, so the order is the tie rule's alone (document ids descending), not the system's: q2",
    });
  });

  it('with --checks off, says nothing of the checks (the unjudged documents are no check)', async () => {
    const { status, stderr } = await run('golden.jsonl', 'messy-run.txt', '-m', 'P@2,recall@10', '--checks', 'off');
    expect({ status, stderr }).toEqual({ status: 0, stderr: UNJUDGED });
  });

  it('refuses a --checks value it does not know (exit 2)', async () => {
    expect(await run('golden.jsonl', 'run.jsonl', '--checks', 'loud')).toMatchObject({ status: 2, stderr: "--checks takes warn, error, off; got 'loud' (see rankeval eval --help)" });
  });
});

describe('rankeval eval --system-k and --lengths', () => {
  it('--system-k 2 refuses a measure cut deeper (exit 2), naming it, k and the way to score it anyway', async () => {
    const { status, stdout, stderr } = await run('golden.jsonl', 'run.jsonl', '-m', 'recall@2,recall@10', '--system-k', '2');
    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('recall@10: measured beyond the 2 results the system passes on (systemK = 2); measuring recall@10 while the model is given 2 chunks measures the wrong thing (or --system-k 2:warn to score them with a warning)');
  });

  it('--system-k 2:warn scores it, with a warning', async () => {
    const { status, stdout, stderr } = await run('golden.jsonl', 'run.jsonl', '-m', 'recall@2,recall@10', '--system-k', '2:warn', '--format', 'json');
    expect(status).toBe(0);
    const json = JSON.parse(stdout);
    expect(json.mean['recall@10']).toBeCloseTo((2 / 3 + 1 + 0) / 3, 12);
    expect(json.warnings).toContainEqual({ code: 'beyond_system_k', message: expect.stringContaining('recall@10: measured beyond the 2 results the system passes on (systemK = 2)'), count: 1 });
    expect(stderr).toContain('recall@10: measured beyond the 2 results the system passes on');
  });

  it.each(['0', 'two', '2:off', '-1'])('--system-k %s is a usage error', async (value) => {
    const { status, stderr } = await run('golden.jsonl', 'run.jsonl', '-m', 'recall@2', '--system-k', value);
    expect(status).toBe(2);
    expect(stderr).toContain(`--system-k takes the number of results the system passes on (a positive integer), optionally :warn; got '${value}'`);
  });

  // Running sums of q1's lengths (G x T y z): 100, 400, 600, 650, 1050; of q2's (d9 d4): 600, 610.
  it('--lengths FILE: token budgets and tokens@k, by the hand-worked sums', async () => {
    const measures = 'recall@budget=500,P@budget=650,recall@budget=650,tokens@3';
    const { status, stdout, stderr } = await run('golden.jsonl', 'run.jsonl', '-m', measures, '--lengths', 'lengths.tsv', '--format', 'json', '-q');
    expect(status).toBe(0);
    const json = JSON.parse(stdout);
    // 500 tokens hold q1's G and x, none of q2's (d9 alone is 600); 650 hold q1's G x T y and both of q2's.
    expect(json.perQuery.q1).toEqual({ 'recall@budget=500': 1 / 3, 'P@budget=650': 2 / 4, 'recall@budget=650': 2 / 3, 'tokens@3': 100 + 300 + 200 });
    expect(json.perQuery.q2).toEqual({ 'recall@budget=500': 0, 'P@budget=650': 1 / 2, 'recall@budget=650': 1, 'tokens@3': 600 + 10 });
    expect(json.mean['tokens@3']).toBeCloseTo((600 + 610 + 0) / 3, 12);
    expect(stderr).not.toContain('error');
  });

  it('--lengths with --system-k 2 cuts the budgets at 2', async () => {
    const { status, stdout } = await run('golden.jsonl', 'run.jsonl', '-m', 'recall@budget=650,tokens@budget=650', '--lengths', 'lengths.tsv', '--system-k', '2', '--format', 'json', '-q');
    expect(status).toBe(0);
    expect(JSON.parse(stdout).perQuery.q1).toEqual({ 'recall@budget=650': 1 / 3, 'tokens@budget=650': 100 + 300 });
  });

  it('a budget without --lengths is an input error (exit 3) that names --lengths', async () => {
    const { status, stdout, stderr } = await run('golden.jsonl', 'run.jsonl', '-m', 'recall@budget=500');
    expect(status).toBe(3);
    expect(stdout).toBe('');
    expect(stderr).toContain('recall@budget=500 reads document lengths: give --lengths FILE');
  });

  it('a retrieved document missing from --lengths is an input error naming it, its query and --lengths', async () => {
    // z, q1's fifth document, has no length: tokens@4 never reads it, tokens@5 does.
    expect((await run('golden.jsonl', 'run.jsonl', '-m', 'tokens@4', '--lengths', 'short-lengths.tsv')).status).toBe(0);
    const { status, stderr } = await run('golden.jsonl', 'run.jsonl', '-m', 'tokens@5', '--lengths', 'short-lengths.tsv');
    expect(status).toBe(3);
    expect(stderr).toContain('the lengths (--lengths, or "tokens" in the golden set) give no length for document "z" (query "q1")');
  });

  it('a bad line of the lengths file is an input error naming the file and line', async () => {
    const { status, stderr } = await run('golden.jsonl', 'run.jsonl', '-m', 'tokens@5', '--lengths', 'bad-lengths.tsv');
    expect(status).toBe(3);
    expect(stderr).toContain('bad-lengths.tsv:2: expected the length of document "x" in tokens (a number from 0 to 9007199254740991), got "many"');
  });

  it('--lengths without a measure that reads lengths is a usage error (a budget measure left out of -m)', async () => {
    const { status, stderr } = await run('golden.jsonl', 'run.jsonl', '-m', 'recall@5', '--lengths', 'lengths.tsv');
    expect(status).toBe(2);
    expect(stderr).toContain('--lengths: no measure reads document lengths; ask for a token budget (recall@budget=2000) or tokens@k with -m');
  });
});

describe('rankeval eval --score-order', () => {
  it('warns, naming the run and the flag, about scores that rise down the list; ascending ranks the lowest first', async () => {
    const unset = await run('qrels.txt', 'distances.txt', '-m', 'mrr@10', '--format', 'json', '--checks', 'off');
    // Highest first: q1's T (grade 2) at rank 1, q2's d4 at rank 3, q3 unanswered.
    expect(JSON.parse(unset.stdout).mean['mrr@10']).toBe((1 + 1 / 3 + 0) / 3);
    expect(unset.stderr.split('\n')).toContain(
      "rankeval eval: warning: 2 rankings list their scores rising, as distances are listed, and are ranked highest score first in distances.txt: q1, q2 (if a lower score is better, give --score-order ascending; to rank the highest first without this warning, --score-order descending)",
    );
    const ascending = await run('qrels.txt', 'distances.txt', '-m', 'mrr@10', '--format', 'json', '--checks', 'off', '--score-order', 'ascending');
    expect(JSON.parse(ascending.stdout).mean['mrr@10']).toBe((1 + 1 + 0) / 3);
    expect(ascending.stderr).not.toContain('rising');
  });

  it('--explain under --score-order ascending shows the ranking lowest first, --ties average as under descending', async () => {
    for (const ties of ['trec', 'average']) {
      const flags = ['-m', 'P@2,ndcg@3', '--ties', ties, '--explain', 'q1', '--depth', '4', '--format', 'json'];
      const ascending = await run('tied-qrels.txt', 'tied-distances.txt', ...flags, '--score-order', 'ascending');
      const negated = await run('tied-qrels.txt', 'tied-negated.txt', ...flags);
      expect(JSON.parse(ascending.stdout)).toEqual(JSON.parse(negated.stdout));
      // The tie at 2.0 in trec_eval's order (id descending); under average, P@2 is 1/2 · (0 + 2/3).
      expect(JSON.parse(ascending.stdout).top.map(({ id }: { id: string }) => id)).toEqual(['z', 'c', 'b', 'a']);
      if (ties === 'average') expect(JSON.parse(ascending.stdout).scores['P@2']).toBeCloseTo((2 / 3) / 2, 12);
    }
  });

  it('refuses another value as a usage error', async () => {
    const { status, stderr } = await run('qrels.txt', 'distances.txt', '--score-order', 'up');
    expect(status).toBe(2);
    expect(stderr).toContain("--score-order takes descending, ascending; got 'up'");
  });
});
