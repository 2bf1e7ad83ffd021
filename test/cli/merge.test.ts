import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { runEval } from '../../src/cli/eval.js';
import { runMerge } from '../../src/cli/merge.js';
import { runCommand, type Command, type CommandResult } from '../helpers/cli.js';

// Real files: trec_eval oracle cases. 006: TREC qrels and run; 272 and 837 are judged but not answered,
// 827 is answered but not judged, 132, 730 and 837 have no relevant document. 023: rankings of 999 to 1,200
// documents (a cutoff of 1,100 is beyond some shards' rankings, not the whole's). 029: 145's scores all tie,
// 828 is not judged.
const CASES = fileURLToPath(new URL('../fixtures/trec-oracle/cases/', import.meta.url));
const SHARDS = 4;
let dir = '';

/** The query id of a TREC line (its first field, blanks either side). */
const queryOf = (line: string): string => line.trim().split(/\s+/)[0]!;

/**
 * Shard of a query: its position among the judged and answered ids, then the others, modulo the shards, so
 * that every shard has a judged query and a ranking (eval refuses an empty run, and a golden set with
 * nothing to average). The other ids (unanswered, unjudged) go round the shards after them.
 */
function sharder(judged: readonly string[], ranked: readonly string[]): (qid: string) => number {
  const both = [...new Set(judged)].filter((qid) => ranked.includes(qid)).sort();
  const ids = [...both, ...[...new Set([...judged, ...ranked])].filter((qid) => !both.includes(qid)).sort()];
  return (qid) => ids.indexOf(qid) % SHARDS;
}

/** Writes `lines` as `name` and as `name.0` … `name.3`, each shard the lines of its queries. */
function writeSplit(name: string, lines: readonly string[], shardOf: (line: string) => number): void {
  writeFileSync(join(dir, name), lines.map((line) => `${line}\n`).join(''));
  for (let shard = 0; shard < SHARDS; shard++) {
    writeFileSync(join(dir, `${name}.${shard}`), lines.filter((line) => shardOf(line) === shard).map((line) => `${line}\n`).join(''));
  }
}

const fileLines = (path: string): string[] => readFileSync(path, 'utf8').split('\n').filter((line) => line.trim() !== '');

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rankeval-merge-'));
  // 006 as a tagged golden set (JSONL, tags by the query's parity and length) and its TREC run.
  const qrels = fileLines(join(CASES, '006/qrels'));
  const run = fileLines(join(CASES, '006/run'));
  const judged = new Map<string, Record<string, number>>();
  for (const line of qrels) {
    const [qid, , doc, grade] = line.trim().split(/\s+/) as [string, string, string, string];
    judged.set(qid, { ...judged.get(qid), [doc]: Number(grade) });
  }
  const golden = [...judged].map(([qid, relevant]) =>
    JSON.stringify({ query_id: qid, relevant, tags: [Number(qid) % 2 === 0 ? 'even' : 'odd', ...(qid.length === 3 ? ['short'] : [])] }),
  );
  const byQuery = sharder(qrels.map(queryOf), run.map(queryOf));
  writeSplit('golden.jsonl', golden, (line) => byQuery((JSON.parse(line) as { query_id: string }).query_id));
  writeSplit('run', run, (line) => byQuery(queryOf(line)));
  // 023 and 029 as they are.
  for (const name of ['023', '029']) {
    const caseQrels = fileLines(join(CASES, name, 'qrels'));
    const caseRun = fileLines(join(CASES, name, 'run'));
    const shardOf = sharder(caseQrels.map(queryOf), caseRun.map(queryOf));
    writeSplit(`qrels${name}`, caseQrels, (line) => shardOf(queryOf(line)));
    writeSplit(`run${name}`, caseRun, (line) => shardOf(queryOf(line)));
  }
});

async function call(command: Command, ...args: string[]): Promise<CommandResult> {
  return runCommand(command, args.map((arg) => (existsSync(join(dir, arg)) ? join(dir, arg) : arg)), { hide: dir });
}

/** Evaluates each shard (`golden` and `run` with the shard's suffix, or `golden` whole) into `part.N.json`, then merges them in the given order. */
async function evaluateAndMerge(golden: (shard: number) => string, run: (shard: number) => string, evalFlags: string[], mergeFlags: string[], order = [0, 1, 2, 3]) {
  for (let shard = 0; shard < SHARDS; shard++) {
    const part = await call(runEval, golden(shard), run(shard), ...evalFlags, '-q', '--format', 'json');
    expect(part.status, part.stderr).toBe(0);
    writeFileSync(join(dir, `part.${shard}.json`), part.stdout);
  }
  return call(runMerge, ...order.map((shard) => `part.${shard}.json`), ...mergeFlags);
}

const MEASURES = ['-m', 'ndcg@10,P.5,10,map,gm_map,num_ret,recall@1000,mrr@3'];

describe('rankeval merge', () => {
  it.each([
    ['json', ['--format', 'json', '-q', '--by-tag']],
    ['a table', ['-q', '--by-tag']],
    ['markdown', ['--format', 'markdown', '--by-tag']],
    ['csv', ['--format', 'csv', '-q']],
  ])('four shards of a tagged golden set and its run, evaluated and merged, print as eval of the whole: %s', async (_, flags) => {
    const whole = await call(runEval, 'golden.jsonl', 'run', ...MEASURES, ...flags);
    const merged = await evaluateAndMerge((shard) => `golden.jsonl.${shard}`, (shard) => `run.${shard}`, [...MEASURES, '--by-tag'], flags, [2, 0, 3, 1]);
    expect(merged.status).toBe(0);
    expect(merged.stdout).toBe(whole.stdout);
  });

  it('the shards have what the whole has: unanswered, unjudged and no-relevant queries, tags and warnings', async () => {
    const whole = JSON.parse((await call(runEval, 'golden.jsonl', 'run', ...MEASURES, '--format', 'json', '-q', '--by-tag')).stdout);
    expect(whole.unansweredQueries).toEqual(['272', '837']);
    expect(whole.unjudgedQueries).toEqual(['827']);
    expect(whole.noRelevantQueries).toEqual(['132', '730', '837']);
    expect(Object.keys(whole.bySlice)).toEqual(['even', 'odd', 'short']);
    expect(whole.warnings.map((warning: { code: string }) => warning.code)).toEqual(['unanswered_queries', 'unjudged_queries', 'no_relevant_queries', 'unjudged_documents', 'cutoff_beyond_run']);
    // Each of them is in one shard only.
    const parts = [0, 1, 2, 3].map((shard) => JSON.parse(readFileSync(join(dir, `part.${shard}.json`), 'utf8')));
    expect(parts.filter((part) => part.unansweredQueries.length > 0).length).toBeGreaterThan(0);
    expect(parts.filter((part) => part.unjudgedQueries.length > 0)).toHaveLength(1);
  });

  it.each([
    ['023', ['-m', 'recall@1100'], ['unjudged_queries', 'no_relevant_queries', 'unjudged_documents']],
    ['023', ['-m', 'recall@1300'], ['unjudged_queries', 'no_relevant_queries', 'unjudged_documents', 'cutoff_beyond_run']],
    ['029', [], ['unjudged_queries', 'no_relevant_queries', 'unjudged_documents', 'all_scores_tied']],
    ['029', ['--ties', 'average'], ['unjudged_queries', 'no_relevant_queries', 'unjudged_documents', 'all_scores_tied']],
    ['029', ['--ties', 'given'], ['unjudged_queries', 'no_relevant_queries', 'unjudged_documents']],
    ['029', ['--checks', 'off'], ['unjudged_queries', 'no_relevant_queries', 'unjudged_documents']],
  ])('case %s %j, split with its qrels, merges into the whole, warnings included', async (name, options, codes) => {
    const flags = ['-m', 'P@5,ndcg@10,map', ...options];
    const whole = await call(runEval, `qrels${name}`, `run${name}`, ...flags, '--format', 'json', '-q');
    const merged = await evaluateAndMerge((shard) => `qrels${name}.${shard}`, (shard) => `run${name}.${shard}`, flags, ['--format', 'json', '-q'], [3, 1, 0, 2]);
    expect(merged.stdout).toBe(whole.stdout);
    expect(JSON.parse(whole.stdout).warnings.map((warning: { code: string }) => warning.code)).toEqual(codes);
    if (name === '023' && !codes.includes('cutoff_beyond_run')) {
      // Some shard's rankings are all shorter than 1,100: its part warns, the whole does not.
      const parts = [0, 1, 2, 3].map((shard) => JSON.parse(readFileSync(join(dir, `part.${shard}.json`), 'utf8')) as { warnings: { code: string }[] });
      expect(parts.some((part) => part.warnings.some((warning) => warning.code === 'cutoff_beyond_run'))).toBe(true);
    }
  });

  it('only the run split, the whole golden set with each shard: the same output', async () => {
    const flags = ['--format', 'json', '-q', '--by-tag'];
    const whole = await call(runEval, 'golden.jsonl', 'run', ...MEASURES, ...flags);
    const merged = await evaluateAndMerge(() => 'golden.jsonl', (shard) => `run.${shard}`, [...MEASURES, '--by-tag'], flags);
    expect(merged.stdout).toBe(whole.stdout);
  });

  it('merged JSON merges again (a merge of merges)', async () => {
    const merged = await evaluateAndMerge((shard) => `golden.jsonl.${shard}`, (shard) => `run.${shard}`, [...MEASURES, '--by-tag'], ['--format', 'json', '-q', '--by-tag']);
    writeFileSync(join(dir, 'merged.json'), merged.stdout);
    expect((await call(runMerge, 'merged.json', '--format', 'json', '-q', '--by-tag')).stdout).toBe(merged.stdout);
  });

  it('gates on a measure of the parts, spelled as -m would; one the parts lack is a usage error', async () => {
    await evaluateAndMerge((shard) => `golden.jsonl.${shard}`, (shard) => `run.${shard}`, MEASURES, []);
    const parts = [0, 1, 2, 3].map((shard) => `part.${shard}.json`);
    const passed = await call(runMerge, ...parts, '--fail-under', 'P@5=0.01');
    expect(passed.status).toBe(0);
    expect(passed.stdout).toContain('passed  P_5');
    const failed = await call(runMerge, ...parts, '--fail-under', 'ndcg@10=0.99');
    expect(failed.status).toBe(1);
    expect(failed.stderr).toMatch(/rankeval merge: gate failed: ndcg@10 /);
    const unknown = await call(runMerge, ...parts, '--fail-under', 'recall@5=0.5');
    expect(unknown).toMatchObject({ status: 2, stderr: '--fail-under recall@5: the parts have no such measure (they have ndcg@10, P_5, P_10, map, gm_map, num_ret, recall@1000, mrr@3) (see rankeval merge --help)' });
  });

  it('says on stderr what eval says about the queries', async () => {
    const merged = await evaluateAndMerge((shard) => `golden.jsonl.${shard}`, (shard) => `run.${shard}`, MEASURES, []);
    expect(merged.stderr).toContain("rankeval merge: warning: 2 judged queries have no results in the parts' runs and score 0: 272, 837\n");
    expect(merged.stderr).toContain("rankeval merge: warning: 1 query of the parts' runs is not in their golden sets and left out: 827\n");
  });

  it('refuses a part written without -q, without --by-tag (for --by-tag), or that is not JSON: exit 3 naming the file', async () => {
    writeFileSync(join(dir, 'means-only.json'), (await call(runEval, 'golden.jsonl.0', 'run.0', '--format', 'json')).stdout);
    expect(await call(runMerge, 'means-only.json')).toMatchObject({
      status: 3,
      stderr: 'means-only.json has no `perQuery`, without which it cannot be merged; a part is written by `rankeval eval -q --format json` (with --by-tag when tagged)',
    });
    writeFileSync(join(dir, 'untagged.json'), (await call(runEval, 'golden.jsonl.0', 'run.0', '-q', '--format', 'json')).stdout);
    expect(await call(runMerge, 'untagged.json', '--by-tag')).toMatchObject({
      status: 3,
      stderr: "untagged.json has no tags' means (bySlice): for --by-tag, write every part with `rankeval eval -q --by-tag --format json`",
    });
    writeFileSync(join(dir, 'cut.json'), '{\n  "mean": {\n    "P@5": 0.5,\n');
    expect(await call(runMerge, 'cut.json')).toMatchObject({ status: 3, stderr: expect.stringMatching(/^cut\.json:4: invalid JSON/) });
    expect(await call(runMerge, 'missing.json')).toMatchObject({ status: 3, stderr: expect.stringMatching(/^cannot read missing\.json: ENOENT/) });
  });

  it('refuses parts that do not merge: a query in two shards, other measures: exit 3 naming the files', async () => {
    writeFileSync(join(dir, 'a.json'), (await call(runEval, 'golden.jsonl', 'run.0', '-q', '--format', 'json')).stdout);
    writeFileSync(join(dir, 'b.json'), (await call(runEval, 'golden.jsonl', 'run', '-q', '--format', 'json')).stdout);
    const twice = await call(runMerge, 'a.json', 'b.json');
    expect(twice.status).toBe(3);
    expect(twice.stderr).toMatch(/^query `"\d+"` \(string\) is answered in a\.json and in b\.json: one query's ranking went to two shards/);
    writeFileSync(join(dir, 'c.json'), (await call(runEval, 'golden.jsonl', 'run.1', '-m', 'P@5', '-q', '--format', 'json')).stdout);
    expect(await call(runMerge, 'a.json', 'c.json')).toMatchObject({
      status: 3,
      stderr: 'a.json has the measures ndcg@10, recall@10, mrr@10, map and c.json P@5: evaluate every shard with the same measures, in the same order',
    });
  });

  it('refuses a part no eval could have written: exit 3, one line naming the file, the query and the measure', async () => {
    const written = (await call(runEval, 'golden.jsonl', 'run', '-m', 'P@1,ndcg@10,mrr@5', '-q', '--format', 'json')).stdout;
    type Part = { perQuery: Record<string, Record<string, number>>; unjudgedQueries: string[]; noRelevantQueries: string[]; mean: Record<string, number> };
    const refusal = async (change: (part: Part) => void) => {
      const part = JSON.parse(written) as Part;
      change(part);
      writeFileSync(join(dir, 'edited.json'), JSON.stringify(part));
      return call(runMerge, 'edited.json');
    };
    // As eval wrote it, the part merges; its queries without relevant document are 132, 730 and 837.
    expect((await refusal(() => {})).status).toBe(0);
    expect(JSON.parse(written).noRelevantQueries).toEqual(['132', '730', '837']);
    const cases: [(part: Part) => void, string][] = [
      [(part) => (part.perQuery['132']!['P@1'] = 42), 'expected `perQuery["132"]["P@1"]` of edited.json to be a value P@1 can take (a multiple of 1/1 in [0, 1]), got `42` (number)'],
      [(part) => (part.perQuery['132']!['ndcg@10'] = -5), 'expected `perQuery["132"]["ndcg@10"]` of edited.json to be a value ndcg@10 can take (a number in [0, 1]), got `-5` (number)'],
      [(part) => (part.perQuery['132']!['P@1'] = 0.123456), 'expected `perQuery["132"]["P@1"]` of edited.json to be a value P@1 can take (a multiple of 1/1 in [0, 1]), got `0.123456` (number)'],
      [(part) => (part.perQuery['132']!['ndcg@10'] = 1e308), 'expected `perQuery["132"]["ndcg@10"]` of edited.json to be a value ndcg@10 can take (a number in [0, 1]), got `1e+308` (number)'],
      [(part) => (part.perQuery['132']!['mrr@5'] = 1 / 7), 'expected `perQuery["132"]["mrr@5"]` of edited.json to be a value mrr@5 can take (0 or 1/r for a rank r ≤ 5), got `0.14285714285714285` (number)'],
      [(part) => (part.perQuery['132']!['P@1'] = 1), 'expected `perQuery["132"]["P@1"]` of edited.json to be 0, as P@1 scores a query without relevant document, got `1` (number) (the query is in `noRelevantQueries`)'],
      [(part) => part.unjudgedQueries.push('132'), 'expected `unjudgedQueries` of edited.json to be queries the part does not judge, got `"132"` (string), which `perQuery` scores'],
      [(part) => (part.mean['P@1'] = 0.5), `expected \`mean["P@1"]\` of edited.json to be the mean of its \`perQuery\` values (${JSON.parse(written).mean['P@1']}), got \`0.5\` (number)`],
    ];
    for (const [change, message] of cases) expect(await refusal(change)).toMatchObject({ status: 3, stdout: '', stderr: message });
  });

  it('usage: no part, an unknown flag, --help', async () => {
    expect(await call(runMerge)).toMatchObject({ status: 2, stderr: 'expected one or more parts (PART.json …, each written by rankeval eval -q --format json) (see rankeval merge --help)' });
    expect((await call(runMerge, 'a.json', '--formt', 'json')).status).toBe(2);
    expect((await call(runMerge, '--help')).stdout).toMatch(/^Usage: rankeval merge PART\.json/);
  });
});

describe('rankeval merge (built)', () => {
  const bin = fileURLToPath(new URL('../../bin/rankeval.js', import.meta.url));
  const rankeval = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { cwd: dir, encoding: 'utf8' });

  it('is a command of the CLI: merges the parts, exits 3 on a part without rows or with an impossible value', async () => {
    await evaluateAndMerge((shard) => `golden.jsonl.${shard}`, (shard) => `run.${shard}`, MEASURES, []);
    const whole = await call(runEval, 'golden.jsonl', 'run', ...MEASURES);
    const merged = rankeval('merge', 'part.0.json', 'part.1.json', 'part.2.json', 'part.3.json');
    expect({ status: merged.status, stdout: merged.stdout }).toEqual({ status: 0, stdout: whole.stdout });
    writeFileSync(join(dir, 'means-only.json'), (await call(runEval, 'golden.jsonl.0', 'run.0', '--format', 'json')).stdout);
    const part = JSON.parse(readFileSync(join(dir, 'part.0.json'), 'utf8')) as { perQuery: Record<string, Record<string, number>> };
    const qid = Object.keys(part.perQuery)[0]!;
    part.perQuery[qid]!['ndcg@10'] = -5;
    writeFileSync(join(dir, 'negative.json'), JSON.stringify(part));
    const impossible = rankeval('merge', 'negative.json', 'part.1.json');
    expect({ status: impossible.status, stderr: impossible.stderr }).toEqual({
      status: 3,
      stderr: `rankeval merge: expected \`perQuery[${JSON.stringify(qid)}]["ndcg@10"]\` of negative.json to be a value ndcg@10 can take (a number in [0, 1]), got \`-5\` (number)\n`,
    });
    const refused = rankeval('merge', 'means-only.json');
    expect({ status: refused.status, stderr: refused.stderr }).toEqual({
      status: 3,
      stderr: 'rankeval merge: means-only.json has no `perQuery`, without which it cannot be merged; a part is written by `rankeval eval -q --format json` (with --by-tag when tagged)\n',
    });
  });
});
