// fuse(): a differential test against ranx 0.3.20's fused runs (test/fixtures/ranx-fusion, copied from
// ../shared/ranx-fusion: three runs per case and every fused output, gzipped, with the manifest of ranx's
// exact calls), hand-worked examples per method, the input checks, and properties.
import { fc, test } from '@fast-check/vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect } from 'vitest';
import { evaluateRun, fuse, isRankevalError, parseRun, type FusionMethod, type FusionNorm } from '../src/index.js';
import type { ScoredDocument } from '../src/types.js';

const ORACLE = join(import.meta.dirname, 'fixtures/ranx-fusion');
const CASES = ['v01', 'v02', 'v04'];
// Per (query, document). Relative beyond 1: `max` normalisation of an all-negative run divides by 1e-9,
// so some fused scores are of the order of 10⁹ and carry 1e-9 relative error, not absolute.
const TOLERANCE = 1e-9;
const close = (actual: number, expected: number): boolean => Math.abs(actual - expected) <= TOLERANCE * Math.max(1, Math.abs(expected));

// ranx's method names in the manifest → fuse's.
const METHOD: Record<string, FusionMethod> = {
  rrf: 'rrf',
  sum: 'combsum',
  mnz: 'combmnz',
  max: 'combmax',
  min: 'combmin',
  med: 'combmed',
  anz: 'combanz',
  wsum: 'wsum',
  isr: 'isr',
  log_isr: 'log_isr',
  bordafuse: 'bordafuse',
};

interface Output {
  readonly file: string;
  readonly method: string;
  readonly params: { k?: number; weights?: number[] };
  readonly norm: FusionNorm | null;
  readonly n_lines: number;
}

function readScoredRun(file: string): Map<string, ScoredDocument[]> {
  const run = parseRun(readFileSync(file), { format: 'trec', file });
  return new Map([...run.scored].map(([qid, { ids, scores }]) => [qid, ids.map((id, i) => ({ id, score: scores[i]! }))]));
}

/** ranx's fused file: query → document → score, and the number of lines. */
function readFused(file: string): { scores: Map<string, Map<string, number>>; lines: number } {
  const scores = new Map<string, Map<string, number>>();
  const text = gunzipSync(readFileSync(file)).toString('utf8');
  let lines = 0;
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const [qid, , doc, , score] = line.split(' ');
    if (!scores.has(qid!)) scores.set(qid!, new Map());
    scores.get(qid!)!.set(doc!, Number(score));
    lines++;
  }
  return { scores, lines };
}

describe('fuse matches ranx 0.3.20', () => {
  let outputsChecked = 0;
  for (const name of CASES) {
    const dir = join(ORACLE, name);
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { outputs: Output[] };
    const runs = ['run_a', 'run_b', 'run_c'].map((run) => readScoredRun(join(dir, run)));
    test.each(manifest.outputs.map((output) => [output.file, output] as const))(`${name}: %s`, (_, output) => {
      const fused = fuse(runs, {
        method: METHOD[output.method]!,
        norm: output.norm ?? 'none',
        ...(output.params.k !== undefined ? { k: output.params.k } : {}),
        ...(output.params.weights !== undefined ? { weights: output.params.weights } : {}),
      });
      const expected = readFused(join(dir, `${output.file}.gz`));
      expect(expected.lines).toBe(output.n_lines);
      // Queries with documents: the same (ranx writes no line for a query without any).
      const answered = [...fused].filter(([, ranking]) => ranking.length > 0).map(([qid]) => qid);
      expect(answered.sort()).toEqual([...expected.scores.keys()].sort());
      let lines = 0;
      for (const [qid, ranking] of fused) {
        if (ranking.length === 0) continue;
        const want = expected.scores.get(qid)!;
        // The same documents…
        expect(ranking.map((document) => document.id).sort()).toEqual([...want.keys()].sort());
        // …each with ranx's fused score…
        const wrong = ranking.filter(({ id, score }) => !close(score, want.get(id)!));
        expect(wrong.map(({ id, score }) => `${qid} ${id}: ${score} vs ${want.get(id)}`)).toEqual([]);
        // …in ranx's order wherever ranx's scores differ (its order among equal scores is an unstable sort's).
        for (let i = 1; i < ranking.length; i++) {
          const before = want.get(ranking[i - 1]!.id)!;
          const after = want.get(ranking[i]!.id)!;
          if (!(before >= after || close(before, after))) expect(`${qid}: ${ranking[i - 1]!.id} before ${ranking[i]!.id}`).toBe('in ranx order');
        }
        lines += ranking.length;
      }
      expect(lines).toBe(output.n_lines);
      outputsChecked++;
    });
  }
  test('every output of every case was checked', () => {
    expect(outputsChecked).toBe(3 * 54);
  });
});
