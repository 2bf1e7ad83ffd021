// rankeval fuse on runs whose finite scores (or weights) overflow a sum, a square or a quotient: exit 0
// with finite scores in the exact order; what cannot be read or written is refused naming the input file.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runFuse } from '../../src/cli/fuse.js';
import { parseRun } from '../../src/formats/run.js';
import { runCommand } from '../helpers/cli.js';

let dir = '';
const file = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

/** The fused TREC run printed, read back: query → [id, score] in the file's order. */
function readBack(stdout: string): [string, number][] {
  const run = parseRun(stdout, { format: 'trec' });
  const { ids, scores } = run.scored.get('q1')!;
  return ids.map((id, i) => [id, scores[i]!]);
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rankeval-fuse-overflow-'));
});

describe('rankeval fuse: finite scores near Number.MAX_VALUE', () => {
  it('combsum of scores whose sums pass 1.8e308: exit 0, the sums halved, in their exact order (was exit 3, "… Infinity")', async () => {
    const a = file('big-a.run', 'q1 Q0 a 1 1e308 r\nq1 Q0 b 2 1.5e308 r\nq1 Q0 c 3 -1e308 r\n');
    const b = file('big-b.run', 'q1 Q0 a 1 1.7e308 r\nq1 Q0 b 2 1.6e308 r\nq1 Q0 c 3 -1e308 r\n');
    const result = await runCommand(runFuse, [a, b, '--method', 'combsum']);
    expect(result).toMatchObject({ status: 0, stderr: '' });
    // Exact sums: b 3.1e308, a 2.7e308, c −2e308; every score of the query written divided by 2.
    expect(readBack(result.stdout)).toEqual([
      ['b', 1.5e308 / 2 + 1.6e308 / 2],
      ['a', 1e308 / 2 + 1.7e308 / 2],
      ['c', -1e308 / 2 + -1e308 / 2],
    ]);
  });

  // Each case in the order b, a, c, and once exit 3 or a tie: two runs of three lines each.
  const wide = ['q1 Q0 b 1 1e300 r\nq1 Q0 a 2 -1e300 r\nq1 Q0 c 3 -1e308 r\n', 'q1 Q0 b 1 1e300 r\nq1 Q0 a 2 -1e300 r\nq1 Q0 c 3 -1.7e308 r\n'];
  it.each([
    ['combmnz', ['--method', 'combmnz'], wide],
    ['wsum with weights of 1e308', ['--method', 'wsum', '--weights', '1e308,1e308'], wide],
    ['zmuv, whose squared deviations pass 1.8e308', ['--method', 'combsum', '--norm', 'zmuv'], wide],
    ['min-max, whose range passes 1.8e308', ['--method', 'combsum', '--norm', 'min-max'], ['q1 Q0 b 1 1.7e308 r\nq1 Q0 a 2 0 r\nq1 Q0 c 3 -1.7e308 r\n', 'q1 Q0 b 1 1.7e308 r\nq1 Q0 a 2 0 r\nq1 Q0 c 3 -1.7e308 r\n']],
    ['max of very negative scores (s / 1e-9)', ['--method', 'combsum', '--norm', 'max'], ['q1 Q0 b 1 -1e300 r\nq1 Q0 a 2 -1e301 r\nq1 Q0 c 3 -1e302 r\n', 'q1 Q0 b 1 -1e300 r\nq1 Q0 a 2 -1e301 r\nq1 Q0 c 3 -1e302 r\n']],
  ])('%s: exit 0, every score finite, the order b, a, c', async (_, flags, [first, second]) => {
    const result = await runCommand(runFuse, [file('first.run', first!), file('second.run', second!), ...flags]);
    expect(result).toMatchObject({ status: 0, stderr: '' });
    const fused = readBack(result.stdout);
    expect(fused.map(([id]) => id)).toEqual(['b', 'a', 'c']);
    expect(fused.every(([, score]) => Number.isFinite(score))).toBe(true);
  });

  it('a score past 1.8e308 is refused as the run is read, naming its file and line', async () => {
    const good = file('good.run', 'q1 Q0 a 1 1 r\n');
    const bad = file('past.run', 'q1 Q0 a 1 1 r\nq1 Q0 b 2 -1e400 r\n');
    const result = await runCommand(runFuse, [good, bad, '--method', 'combsum'], { hide: dir });
    expect(result.status).toBe(3);
    expect(result.stderr).toMatch(/^past\.run:2: .*"-1e400"/);
  });

  it('an id the output format cannot hold is refused naming the run that gives it', async () => {
    const spaced = file('spaced.jsonl', '{"query_id": "q1", "results": [{"id": "a b", "score": 2}, {"id": "c", "score": 1}]}\n');
    const plain = file('plain.run', 'q1 Q0 c 1 5 r\n');
    const result = await runCommand(runFuse, [plain, spaced, '--method', 'rrf'], { hide: dir });
    expect(result.status).toBe(3);
    expect(result.stderr).toMatch(/^cannot write the fused run as trec: .*"a b".* \(an id of spaced\.jsonl; --format jsonl holds any id\)$/);
    expect((await runCommand(runFuse, [plain, spaced, '--method', 'rrf', '--format', 'jsonl'])).status).toBe(0);
    // A query id, likewise.
    const query = file('query.jsonl', '{"query_id": "q 2", "results": [{"id": "d", "score": 1}]}\n');
    const queried = await runCommand(runFuse, [plain, query, '--method', 'rrf'], { hide: dir });
    expect(queried.stderr).toMatch(/^cannot write the fused run as trec: .*"q 2".* \(an id of query\.jsonl; --format jsonl holds any id\)$/);
  });
});
