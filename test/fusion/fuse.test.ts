// fuse(): a differential test against ranx 0.3.20's fused runs (test/fixtures/ranx-fusion, copied from
// ../shared/ranx-fusion: three runs per case and every fused output, gzipped, with the manifest of ranx's
// exact calls), hand-worked examples per method, the input checks, and properties.
import { fc, test } from '@fast-check/vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect } from 'vitest';
import { fuse, type FusionMethod, type FusionNorm } from '../../src/entries/fusion.js';
import { evaluateRun, parseRun } from '../../src/index.js';
import { compareUtf8 } from '../../src/core/ordering.js';
import { rankevalFailureOf } from '../helpers/files.js';
import type { ScoredDocument } from '../../src/core/types.js';
import { caught } from '../helpers/caught.js';

const ORACLE = join(import.meta.dirname, '../fixtures/ranx-fusion');
const CASES = ['v01', 'v02', 'v04'];
// Absolute, per (query, document), even for the scores up to ≈ 3·10⁸ that `max` normalisation gives
// an all-negative run (it divides by 1e-9): the sums are taken in ranx's order, runs a, b, c.
const TOLERANCE = 1e-9;
const close = (actual: number, expected: number): boolean => Math.abs(actual - expected) <= TOLERANCE;

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

// ------------------------------------------------------------------------------------ worked examples

const scored = (entries: Record<string, number>): ScoredDocument[] => Object.entries(entries).map(([id, score]) => ({ id, score }));

/** The fused ranking of query q, as [id, score] pairs in fused order. */
const fusedPairs = (fused: Map<string, ScoredDocument[]>, qid = 'q'): [string, number][] => fused.get(qid)!.map(({ id, score }) => [id, score]);

describe('fuse: hand-worked examples', () => {
  test('rrf: a document at rank r of a run adds 1 / (k + r)', () => {
    const a = { q: scored({ d1: 3, d2: 2 }) };
    const b = { q: scored({ d2: 0.9, d3: 0.5 }) };
    expect(fusedPairs(fuse([a, b], { method: 'rrf' }))).toEqual([
      ['d2', 1 / (60 + 2) + 1 / (60 + 1)],
      ['d1', 1 / (60 + 1)],
      ['d3', 1 / (60 + 2)],
    ]);
    expect(fusedPairs(fuse([a, b], { method: 'rrf', k: 1 }))).toEqual([
      ['d2', 1 / (1 + 2) + 1 / (1 + 1)],
      ['d1', 1 / (1 + 1)],
      ['d3', 1 / (1 + 2)],
    ]);
  });

  test('combsum with min-max: BM25-like and cosine scores both mapped to [0, 1], then summed; ties by id descending', () => {
    const bm25 = { q: scored({ d1: 12, d2: 4, d4: 7 }) };
    const dense = { q: scored({ d2: 0.9, d3: -0.3 }) };
    expect(fusedPairs(fuse([bm25, dense], { method: 'combsum', norm: 'min-max' }))).toEqual([
      // d1 = (12 − 4) / (12 − 4) and d2 = (4 − 4) / 8 + (0.9 − (−0.3)) / 1.2 tie at 1: id descending.
      ['d2', (4 - 4) / (12 - 4) + (0.9 - -0.3) / (0.9 - -0.3)],
      ['d1', (12 - 4) / (12 - 4)],
      ['d4', (7 - 4) / (12 - 4)],
      ['d3', (-0.3 - -0.3) / (0.9 - -0.3)],
    ]);
  });

  test('max, sum, zmuv and rank on a dense-like run with a negative score (one run, combsum: the normalised values)', () => {
    const dense = { q: scored({ d1: 3, d2: 1, d3: -1 }) };
    const values = (norm: FusionNorm) => fusedPairs(fuse([dense], { method: 'combsum', norm }));
    // max: s / 3, the sign kept.
    expect(values('max')).toEqual([['d1', 3 / 3], ['d2', 1 / 3], ['d3', -1 / 3]]);
    // sum: (s − min) / (Σs − n · min) = (s + 1) / (3 + 3).
    expect(values('sum')).toEqual([['d1', (3 + 1) / 6], ['d2', (1 + 1) / 6], ['d3', (-1 + 1) / 6]]);
    // zmuv: (s − mean) / σ, mean 1, σ = √((2² + 0² + 2²) / 3).
    const sigma = Math.sqrt((2 ** 2 + 0 ** 2 + 2 ** 2) / 3);
    expect(values('zmuv')).toEqual([['d1', (3 - 1) / sigma], ['d2', (1 - 1) / sigma], ['d3', (-1 - 1) / sigma]]);
    // rank: 1 − (r − 1) / n, the scores' sizes ignored.
    expect(values('rank')).toEqual([['d1', 1 - 0 / 3], ['d2', 1 - 1 / 3], ['d3', 1 - 2 / 3]]);
    // max on a run whose best score is negative divides by 1e-9: scores of −10⁸ and beyond.
    expect(fusedPairs(fuse([{ q: scored({ d1: -0.2, d2: -0.5 }) }], { method: 'combsum', norm: 'max' }))).toEqual([['d1', -0.2 / 1e-9], ['d2', -0.5 / 1e-9]]);
  });

  test('combmax: the largest value over the runs holding the document', () => {
    const a = { q: scored({ d1: 0.9, d2: 0.1 }) };
    const b = { q: scored({ d2: 0.7, d3: 0.4 }) };
    expect(fusedPairs(fuse([a, b], { method: 'combmax' }))).toEqual([['d1', 0.9], ['d2', Math.max(0.1, 0.7)], ['d3', 0.4]]);
  });

  test('min-max maps a query whose scores all tie to 0', () => {
    expect(fusedPairs(fuse([{ q: scored({ a: 5, b: 5 }) }], { method: 'combsum', norm: 'min-max' }))).toEqual([
      ['b', 0],
      ['a', 0],
    ]);
  });

  test('wsum: Σ w · score over the runs holding the document (weights by position or by name)', () => {
    const a = { q: scored({ d1: 2, d2: 1 }) };
    const b = { q: scored({ d2: 0.5, d3: 0.25 }) };
    const expected: [string, number][] = [
      ['d1', 0.7 * 2],
      ['d2', 0.7 * 1 + 0.3 * 0.5],
      ['d3', 0.3 * 0.25],
    ];
    expect(fusedPairs(fuse([a, b], { method: 'wsum', weights: [0.7, 0.3] }))).toEqual(expected);
    expect(fusedPairs(fuse({ lexical: a, dense: b }, { method: 'wsum', weights: { dense: 0.3, lexical: 0.7 } }))).toEqual(expected);
    expect(fusedPairs(fuse(new Map([['lexical', a], ['dense', b]]), { method: 'wsum', weights: new Map([['dense', 0.3], ['lexical', 0.7]]) }))).toEqual(expected);
  });

  test('combmnz: the sum times how many runs hold the document; combanz: divided by it; combmin/combmed over those runs', () => {
    const runs = [{ q: scored({ d1: 0.6, d2: 0.5 }) }, { q: scored({ d2: 0.4, d3: 0.9 }) }, { q: scored({ d2: 0.1 }) }];
    expect(fusedPairs(fuse(runs, { method: 'combmnz' }))).toEqual([
      ['d2', (0.5 + 0.4 + 0.1) * 3],
      ['d3', 0.9 * 1],
      ['d1', 0.6 * 1],
    ]);
    expect(fusedPairs(fuse(runs, { method: 'combanz' }))).toEqual([
      ['d3', 0.9 / 1],
      ['d1', 0.6 / 1],
      ['d2', (0.5 + 0.4 + 0.1) / 3],
    ]);
    expect(fusedPairs(fuse(runs, { method: 'combmin' }))).toEqual([
      ['d3', 0.9],
      ['d1', 0.6],
      ['d2', Math.min(0.5, 0.4, 0.1)],
    ]);
    expect(fusedPairs(fuse(runs, { method: 'combmed' }))).toEqual([
      ['d3', 0.9],
      ['d1', 0.6],
      ['d2', 0.4],
    ]);
    expect(fusedPairs(fuse(runs.slice(0, 2), { method: 'combmed' }))).toEqual([
      ['d3', 0.9],
      ['d1', 0.6],
      ['d2', (0.4 + 0.5) / 2],
    ]);
  });

  test('isr and log_isr: Σ 1 / r² times the count of runs holding the document, or its natural log', () => {
    const runs = [{ q: scored({ d1: 3, d2: 2 }) }, { q: scored({ d2: 9, d3: 1 }) }];
    expect(fusedPairs(fuse(runs, { method: 'isr' }))).toEqual([
      ['d2', (1 / 2 ** 2 + 1 / 1 ** 2) * 2],
      ['d1', (1 / 1 ** 2) * 1],
      ['d3', (1 / 2 ** 2) * 1],
    ]);
    expect(fusedPairs(fuse(runs, { method: 'log_isr' }))).toEqual([
      ['d2', (1 / 2 ** 2 + 1 / 1 ** 2) * Math.log(2)],
      ['d3', 0],
      ['d1', 0],
    ]);
  });

  test('bordafuse and borda normalisation: a document a run leaves out gets the mean points of the free positions', () => {
    // N = 3 candidates; run a ranks 2 of them, run b 1.
    const runs = [{ q: scored({ d1: 3, d2: 2 }) }, { q: scored({ d3: 1 }) }];
    expect(fusedPairs(fuse(runs, { method: 'bordafuse' }))).toEqual([
      ['d1', 3 + (3 - 1 + 1) / 2],
      ['d3', (3 - 2 + 1) / 2 + 3],
      ['d2', 2 + (3 - 1 + 1) / 2],
    ]);
    expect(fusedPairs(fuse(runs, { method: 'combsum', norm: 'borda' }))).toEqual([
      ['d1', 1 - 0 / 3 + (0.5 - (1 - 1) / (2 * 3))],
      ['d3', 0.5 - (2 - 1) / (2 * 3) + (1 - 0 / 3)],
      ['d2', 1 - 1 / 3 + (0.5 - (1 - 1) / (2 * 3))],
    ]);
  });

  test('a query missing from a run is fused from the others; depth keeps the top of each run', () => {
    const a = { q: scored({ d1: 3, d2: 2, d3: 1 }), only: scored({ x: 1 }) };
    const b = { q: scored({ d3: 9, d4: 8 }) };
    const fused = fuse([a, b], { method: 'rrf', k: 10 });
    expect(fusedPairs(fused, 'only')).toEqual([['x', 1 / (10 + 1)]]);
    expect(fusedPairs(fuse([a, b], { method: 'combsum', depth: 1 }))).toEqual([
      ['d3', 9],
      ['d1', 3],
    ]);
  });

  test('depth cuts each run before the candidates are counted; a query every run leaves empty fuses to nothing', () => {
    const runs = [{ q: scored({ d1: 3, d2: 2, d3: 1 }), none: [] }, { q: scored({ d4: 5, d5: 4 }) }];
    // Cut to 1 each: N = 2 candidates (d1, d4); each run ranks 1 and leaves 1 unranked.
    expect(fusedPairs(fuse(runs, { method: 'bordafuse', depth: 1 }))).toEqual([
      ['d4', (2 - 1 + 1) / 2 + 2],
      ['d1', 2 + (2 - 1 + 1) / 2],
    ]);
    expect(fuse(runs, { method: 'rrf' }).get('none')).toEqual([]);
  });

  test('condorcet: pairwise majorities; a run ranking one of two documents ranks it above the other', () => {
    // Three runs over d1..d4. d2 beats d1 (a, b and c: b ranks d2 and not d1), d3 (a and c, against b) and
    // d4 (all three); d1 beats d3 (a and c, against b) and d4 (a and c, against b, which ranks d4 and not
    // d1); d3 beats d4 (a and b; c ranks neither and abstains).
    const a = { q: scored({ d2: 4, d1: 3, d3: 2, d4: 1 }) };
    const b = { q: scored({ d3: 3, d2: 2, d4: 1 }) };
    const c = { q: scored({ d2: 2, d1: 1 }) };
    expect(fusedPairs(fuse([a, b, c], { method: 'condorcet' }))).toEqual([
      ['d2', 4],
      ['d1', 3],
      ['d3', 2],
      ['d4', 1],
    ]);
  });

  test('condorcet: equal votes go by id descending, and a circular majority gets the merge sort’s order', () => {
    // One run each way: d1 and d2 tie, d2 goes first.
    expect(fusedPairs(fuse([{ q: scored({ d1: 2, d2: 1 }) }, { q: scored({ d2: 2, d1: 1 }) }], { method: 'condorcet' })).map(([id]) => id)).toEqual(['d2', 'd1']);
    // x > y > z > x, each by 2 runs to 1. From the id-descending start [z, y, x]: [y, x] sorts to [x, y]
    // (x beats y); merged with [z], z beats x and goes first: z, x, y (y, which beats z, comes last).
    const runs = [{ q: scored({ x: 3, y: 2, z: 1 }) }, { q: scored({ y: 3, z: 2, x: 1 }) }, { q: scored({ z: 3, x: 2, y: 1 }) }];
    expect(fusedPairs(fuse(runs, { method: 'condorcet' })).map(([id]) => id)).toEqual(['z', 'x', 'y']);
  });

  test('numeric ids are told that ids are strings', () => {
    const other = { q1: [{ id: 'd1', score: 1 }] };
    expect(() => fuse([{ q1: [{ id: 7, score: 1 }] } as never, other], { method: 'rrf' })).toThrow(
      "fuse: expected the id of every entry of the ranking of query 'q1' in run runs[0] to be a string, got `7` (number); ids are strings: use `String(id)`",
    );
    expect(() => fuse([{ q1: [7] } as never, other], { method: 'rrf' })).toThrow(
      "fuse: expected every entry of the ranking of query 'q1' in run runs[0] to be an {id: string, score: number} object, got `7` (number); ids are strings: use `String(id)`",
    );
  });

  test('the fused run is a run evaluateRun takes', () => {
    const fused = fuse([{ q: scored({ d1: 3, d2: 2 }) }, { q: scored({ d2: 9, d3: 1 }) }], { method: 'rrf' });
    expect(evaluateRun(fused, { q: { d2: 1 } }, { measures: ['mrr'] }).mean['mrr']).toBe(1);
  });
});

// ------------------------------------------------------------------------------------------ bad input

describe('fuse: bad input is a RankevalError naming the value', () => {
  const run = { q: scored({ d1: 1 }) };
  test.each([
    ['unknown method', () => fuse([run], { method: 'comb' as FusionMethod }), /method.*one of rrf, combsum.*bordafuse.*"comb"/],
    ['unknown norm', () => fuse([run], { method: 'combsum', norm: 'l2' as FusionNorm }), /norm.*min-max.*none.*"l2"/],
    ['norm with a rank method', () => fuse([run], { method: 'rrf', norm: 'min-max' }), /rrf.*"min-max"/],
    ['weights of the wrong length', () => fuse([run, run], { method: 'wsum', weights: [1] }), /2 weights, one per run/],
    ['a weight not finite', () => fuse([run, run], { method: 'wsum', weights: [1, Number.NaN] }), /finite number, got `NaN`/],
    ['weights missing for wsum', () => fuse([run], { method: 'wsum' }), /weights/],
    ['a weight naming no run', () => fuse({ a: run }, { method: 'wsum', weights: { b: 1 } }), /name of `weights`.*runs' names \(a\), got `"b"`/],
    ['weights with a method that takes none', () => fuse([run], { method: 'combsum', weights: [1] }), /only 'wsum' takes weights/],
    ['k not positive', () => fuse([run], { method: 'rrf', k: 0 }), /positive finite number, got `0`/],
    ['k not a number', () => fuse([run], { method: 'rrf', k: '60' as unknown as number }), /positive finite number, got `"60"`/],
    ['k with another method', () => fuse([run], { method: 'combsum', k: 60 }), /only 'rrf' takes k/],
    ['depth not a positive integer', () => fuse([run], { method: 'rrf', depth: 1.5 }), /depth.*1\.5/],
    ['a ranking of ids, not {id, score}', () => fuse([{ q: ['d1'] as unknown as ScoredDocument[] }], { method: 'rrf' }), /\{id: string, score: number\}.*"d1"/],
    ['a ranking that is not an array', () => fuse([{ q: 'd1' as unknown as ScoredDocument[] }], { method: 'rrf' }), /query 'q'.*"d1"/],
    ['a document twice', () => fuse([{ q: scored({ d1: 1 }).concat(scored({ d1: 2 })) }], { method: 'rrf' }), /listed once each, got `"d1"`/],
    ['a score not finite', () => fuse([{ q: scored({ d1: Number.POSITIVE_INFINITY }) }], { method: 'combsum' }), /document 'd1'.*finite number, got `Infinity`/],
    ['no runs', () => fuse([], { method: 'rrf' }), /one run or more/],
    ['an unknown option', () => fuse([run], { method: 'rrf', top: 3 } as never), /"top"/],
  ])('%s', (_, call, message) => {
    const error = rankevalFailureOf(call);
    expect(error.message).toMatch(message);
    expect(['invalid_option', 'invalid_ranking', 'invalid_run']).toContain(error.code);
  });
});

describe("a run's bad ranking is about the run, at its query and document", () => {
  test('a document twice in the first run of a list, named runs[0]', () => {
    const error = caught(() => fuse([{ q: scored({ d1: 1 }).concat(scored({ d1: 2 })) }], { method: 'rrf' }));
    expect(error).toMatchObject({ subject: { kind: 'run', run: 'runs[0]' }, at: { query: 'q', document: 'd1' } });
  });
});

// ----------------------------------------------------------------------------------------- properties

// Scores on a grid of 1/1000 within BM25's and cosine's ranges, so distinct scores stay distinct through
// the normalisations' subtractions and divisions (rounding could merge two scores one ulp apart), and a
// few common values, so that rankings often hold ties (broken by id descending).
const arbitraryScore = fc.oneof(fc.integer({ min: -30_000, max: 30_000 }).map((milli) => milli / 1000), fc.constantFrom(-0.25, 0, 1, 12.5));
const arbitraryRanking = fc.uniqueArray(fc.record({ id: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'é', '😀'), score: arbitraryScore }), {
  selector: (document) => document.id,
  maxLength: 9,
});
const arbitraryRun = fc.dictionary(fc.constantFrom('q1', 'q2', 'q3'), arbitraryRanking);

/** The library's order of a ranking: score descending, then id descending in UTF-8 byte order. */
const libraryOrder = (ranking: readonly ScoredDocument[]): string[] =>
  [...ranking].sort((x, y) => y.score - x.score || compareUtf8(y.id, x.id)).map((document) => document.id);

describe('fuse: properties', () => {
  test.prop([fc.array(arbitraryRun, { minLength: 1, maxLength: 5 })])('condorcet puts first a document that a majority of runs ranks above each other one', (runs) => {
    for (const qid of new Set(runs.flatMap((run) => Object.keys(run)))) {
      const positions = runs.map((run) => new Map(libraryOrder(run[qid] ?? []).map((id, i) => [id, i])));
      const candidates = [...new Set(positions.flatMap((position) => [...position.keys()]))];
      const beats = (x: string, y: string) => {
        const votes = positions.map((position) => Math.sign((position.get(y) ?? Infinity) - (position.get(x) ?? Infinity)));
        return votes.reduce((total, vote) => total + (Number.isNaN(vote) ? 0 : vote), 0) > 0;
      };
      const winner = candidates.find((x) => candidates.every((y) => y === x || beats(x, y)));
      fc.pre(winner !== undefined);
      expect(fuse(runs, { method: 'condorcet' }).get(qid)![0]!.id).toBe(winner);
    }
  });

  test.prop([arbitraryRun, fc.integer({ min: 1, max: 4 })])('condorcet of one run, or of copies of it, is its order', (run, copies) => {
    const fused = fuse(Array.from({ length: copies }, () => run), { method: 'condorcet' });
    for (const [qid, ranking] of Object.entries(run)) expect(fused.get(qid)!.map((document) => document.id)).toEqual(libraryOrder(ranking));
  });

  test.prop([arbitraryRun, fc.constantFrom<FusionNorm>('rank', 'min-max')])('fusing a run with itself under rank or min-max keeps its order', (run, norm) => {
    const fused = fuse([run, run], { method: 'combsum', norm });
    for (const [qid, ranking] of Object.entries(run)) {
      expect(fused.get(qid)!.map((document) => document.id)).toEqual(libraryOrder(ranking));
    }
  });

  const increasing: [string, (score: number) => number][] = [
    ['2s + 5', (score) => 2 * score + 5],
    ['s³', (score) => score ** 3],
    ['exp(s / 10)', (score) => Math.exp(score / 10)],
    ['s − 100', (score) => score - 100],
  ];
  test.prop([arbitraryRun, arbitraryRun, fc.constantFrom(...increasing), fc.integer({ min: 1, max: 100 })])(
    "RRF's fused run does not change when one run's scores go through any strictly increasing function",
    (a, b, [, change], k) => {
      const changed = Object.fromEntries(Object.entries(a).map(([qid, ranking]) => [qid, ranking.map(({ id, score }) => ({ id, score: change(score) }))]));
      expect(fuse([changed, b], { method: 'rrf', k })).toEqual(fuse([a, b], { method: 'rrf', k }));
    },
  );

  test.prop([fc.array(arbitraryRun, { minLength: 2, maxLength: 4 }), fc.nat()])(
    "wsum with weight 1 on one run and 0 on the others orders that run's documents as that run does",
    (runs, pick) => {
      const chosen = pick % runs.length;
      const fused = fuse(runs, { method: 'wsum', weights: runs.map((_, i) => (i === chosen ? 1 : 0)) });
      for (const [qid, ranking] of Object.entries(runs[chosen]!)) {
        const own = new Set<string>(ranking.map((document) => document.id));
        expect(fused.get(qid)!.map((document) => document.id).filter((id) => own.has(id))).toEqual(libraryOrder(ranking));
      }
    },
  );
});

// ------------------------------------------------------------------------- overflow, and scale invariance

const MAX = Number.MAX_VALUE;
const ids = (fused: Map<string, ScoredDocument[]>, qid = 'q'): string[] => fused.get(qid)!.map((document) => document.id);
const scoresOf = (fused: Map<string, ScoredDocument[]>, qid = 'q'): number[] => fused.get(qid)!.map((document) => document.score);

describe('fuse: finite scores in the order of exact arithmetic, for any finite scores and weights', () => {
  test('combsum at 1e308: the sums that pass Number.MAX_VALUE keep their order, written halved (they were Infinity, tied)', () => {
    const a = { q: scored({ d1: 1e308, d2: 1e308 }) };
    const b = { q: scored({ d1: 1.5e308, d2: 1e308, d3: 1 }) };
    const fused = fuse([a, b], { method: 'combsum' });
    // Exact: d1 = 2.5e308, d2 = 2e308, d3 = 1; every score of the query divided by 2, the least power of
    // two that keeps them finite.
    expect(fusedPairs(fused)).toEqual([['d1', 1e308 / 2 + 1.5e308 / 2], ['d2', 1e308 / 2 + 1e308 / 2], ['d3', 1 / 2]]);
  });

  test('combmnz, combanz and combmed at 1e308: no Infinity, and ties only where the exact values tie', () => {
    const a = { q: scored({ d1: 1e308, d2: 1e308 }) };
    const b = { q: scored({ d1: 1.2e308, d2: 1.1e308 }) };
    // combmnz: d1 = 2 · 2.2e308, d2 = 2 · 2.1e308, written divided by 4.
    expect(fusedPairs(fuse([a, b], { method: 'combmnz' }))).toEqual([['d1', (1e308 / 4 + 1.2e308 / 4) * 2], ['d2', (1e308 / 4 + 1.1e308 / 4) * 2]]);
    // The mean and the median of two values near MAX_VALUE are finite: written as they are.
    for (const method of ['combanz', 'combmed'] as const) {
      expect(fusedPairs(fuse([a, b], { method }))).toEqual([['d1', 1e308 / 2 + 1.2e308 / 2], ['d2', 1e308 / 2 + 1.1e308 / 2]]);
    }
  });

  test('wsum with weights of 1e308: the order of the exact weighted sums', () => {
    const a = { q: scored({ d1: 2, d2: 3 }) };
    const b = { q: scored({ d1: 3, d2: 1.5 }) };
    // d1 = 5e308, d2 = 4.5e308 (both were Infinity, and d2 went first by id).
    const fused = fuse([a, b], { method: 'wsum', weights: [1e308, 1e308] });
    expect(ids(fused)).toEqual(['d1', 'd2']);
    expect(scoresOf(fused).every(Number.isFinite)).toBe(true);
    expect(scoresOf(fused)[0]! / scoresOf(fused)[1]!).toBeCloseTo(5 / 4.5, 12);
    // Weights of opposite signs near ±MAX_VALUE, and a weight of 0.
    const mixed = fuse([a, b, a], { method: 'wsum', weights: [MAX, -MAX, 0] });
    expect(ids(mixed)).toEqual(['d2', 'd1']); // d2: (3 − 1.5) · MAX, d1: (2 − 3) · MAX
    expect(scoresOf(mixed).every(Number.isFinite)).toBe(true);
  });

  test('wsum of subnormal scores: products that underflow no longer tie (exact: d1 = 1.25 · 2^-1074, d2 = 2^-1074)', () => {
    const tiny = 2 ** -1074;
    const fused = fuse([{ q: scored({ d1: 5 * tiny, d2: 4 * tiny }) }], { method: 'wsum', weights: [0.25] });
    expect(ids(fused)).toEqual(['d1', 'd2']);
    // Written times one power of two, so that the scores keep the order when read back.
    const [first, second] = scoresOf(fused);
    expect(first! > second! && second! > 0).toBe(true);
    expect(first! / second!).toBe(1.25);
  });

  test('max of very negative scores: s / 1e-9 past −MAX_VALUE keeps its order (all −Infinity before)', () => {
    const fused = fuse([{ q: scored({ d1: -1e300, d2: -1e301 }) }], { method: 'combsum', norm: 'max' });
    expect(ids(fused)).toEqual(['d1', 'd2']);
    expect(scoresOf(fused).every(Number.isFinite)).toBe(true);
    expect(scoresOf(fused)[1]! / scoresOf(fused)[0]!).toBeCloseTo(10, 12);
    // A tiny best score: s / best = −1e608 for d2, beside a run whose values are ordinary.
    const mixed = fuse([{ q: scored({ d1: 1e-300, d2: -1e308 }) }, { q: scored({ d2: 2, d3: 1 }) }], { method: 'combsum', norm: 'max' });
    expect(ids(mixed)).toEqual(['d1', 'd3', 'd2']);
    expect(scoresOf(mixed).every(Number.isFinite)).toBe(true);
  });

  test('min-max, sum and zmuv of scores whose differences, sums or squares overflow', () => {
    const wide = [{ q: scored({ d1: 1e308, d2: 0, d3: -1e308 }) }];
    // min-max: (s − min) / (max − min); max − min = 2e308 gave NaN and 0.
    expect(fusedPairs(fuse(wide, { method: 'combsum', norm: 'min-max' }))).toEqual([['d1', 1], ['d2', 0.5], ['d3', 0]]);
    // sum: (s − min) / Σ(s − min) = (2, 1, 0) / 3.
    expect(fusedPairs(fuse(wide, { method: 'combsum', norm: 'sum' }))).toEqual([['d1', 2 / 3], ['d2', 1 / 3], ['d3', 0]]);
    // zmuv: σ of (1e200, 0, −1e200) is √(2/3) · 1e200, whose square overflowed: every z was 0.
    const z = fusedPairs(fuse([{ q: scored({ d1: 1e200, d2: 0, d3: -1e200 }) }], { method: 'combsum', norm: 'zmuv' }));
    expect(z.map(([id]) => id)).toEqual(['d1', 'd2', 'd3']);
    expect(z[0]![1]).toBeCloseTo(Math.sqrt(3 / 2), 14);
    expect(z[2]![1]).toBeCloseTo(-Math.sqrt(3 / 2), 14);
  });

  test('min-max, max, sum and zmuv do not depend on the scores’ scale, tiny spreads included (no 1e-9 floor but for all-tied scores)', () => {
    // ranx divides by max(…, 1e-9): a spread of 2e-10 came out 5 times too small beside another run's.
    const tiny = [{ q: scored({ a: 3 * 2 ** -40, b: 2 ** -40 }) }];
    const large = [{ q: scored({ a: 3 * 2 ** 40, b: 2 ** 40 }) }];
    for (const norm of ['min-max', 'max', 'sum', 'zmuv'] as const) {
      expect(fusedPairs(fuse(tiny, { method: 'combsum', norm }))).toEqual(fusedPairs(fuse(large, { method: 'combsum', norm })));
    }
    expect(fusedPairs(fuse(tiny, { method: 'combsum', norm: 'min-max' }))).toEqual([['a', 1], ['b', 0]]);
    // All tied: 0, as before.
    expect(fusedPairs(fuse([{ q: scored({ a: 5e-320, b: 5e-320 }) }], { method: 'combsum', norm: 'zmuv' }))).toEqual([['b', 0], ['a', 0]]);
  });
});

// Any finite double, and often the extremes: ±MAX_VALUE, ±1e308, the least subnormal, ±0, small integers.
const anyScore = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(MAX, -MAX, 1e308, -1e308, 1.5e308, 2 ** -1074, -(2 ** -1074), 2 ** -1022, 0, -0),
  fc.integer({ min: -30, max: 30 }),
);
const wideRanking = fc.uniqueArray(fc.record({ id: fc.constantFrom('a', 'b', 'c', 'd', 'e'), score: anyScore }), { selector: (document) => document.id, maxLength: 5 });
const wideRun = fc.dictionary(fc.constantFrom('q1', 'q2'), wideRanking);
const RANK_BASED: FusionMethod[] = ['rrf', 'isr', 'log_isr', 'bordafuse', 'condorcet'];
const SCORE_BASED: FusionMethod[] = ['combsum', 'combmnz', 'combmax', 'combmin', 'combmed', 'combanz', 'wsum'];
const NORMS: FusionNorm[] = ['none', 'min-max', 'max', 'sum', 'zmuv', 'rank', 'borda'];
const anySetting = fc.oneof(
  fc.tuple(fc.constantFrom(...SCORE_BASED), fc.constantFrom(...NORMS)),
  fc.tuple(fc.constantFrom(...RANK_BASED), fc.constant<FusionNorm>('none')),
);
const withWeights = (runs: readonly unknown[], method: FusionMethod, weights: readonly number[]) => (method === 'wsum' ? { weights: runs.map((_, i) => weights[i % weights.length]!) } : {});

/** ⌊log2⌋ of the lowest bit set in x ≠ 0: x · 2^-k is exact for every k ≤ that + 1074. */
function lowestBit(x: number): number {
  let exponent = Math.floor(Math.log2(Math.abs(x)));
  if (2 ** exponent > Math.abs(x)) exponent--;
  let bit = exponent;
  let rest = Math.abs(x) - 2 ** exponent;
  while (rest > 0) {
    bit--;
    if (2 ** bit <= rest) rest -= 2 ** bit;
  }
  return bit;
}

const scaledBy = (run: Record<string, ScoredDocument[]>, factor: (score: number) => number) =>
  Object.fromEntries(Object.entries(run).map(([qid, ranking]) => [qid, ranking.map(({ id, score }) => ({ id, score: factor(score) }))]));

describe('fuse: properties over the whole range of doubles', () => {
  test.prop([fc.array(wideRun, { minLength: 1, maxLength: 4 }), anySetting, fc.array(anyScore, { minLength: 1, maxLength: 4 })])(
    'every fused score is a finite number, for every method and normalisation',
    (runs, [method, norm], weights) => {
      const fused = fuse(runs, { method, norm, ...withWeights(runs, method, weights) });
      for (const ranking of fused.values()) for (const { score } of ranking) expect(Number.isFinite(score)).toBe(true);
    },
  );

  test.prop([fc.array(wideRun, { minLength: 1, maxLength: 4 }), anySetting, fc.array(anyScore, { minLength: 1, maxLength: 4 }), fc.integer({ min: 1, max: 1100 })])(
    'the fused order is the same when every score is scaled down by a power of two (scale invariance)',
    (runs, [method, norm], weights, wanted) => {
      // `max` of a run whose best score is ≤ 0 divides by 1e-9 (ranx's guard), which no rescaling undoes: positive scores there.
      const given = norm === 'max' ? runs.map((run) => scaledBy(run, Math.abs)) : runs;
      // The largest k for which every score times 2^-k is exact (a subnormal would lose bits).
      let exactUpTo = 1100;
      for (const run of given) for (const ranking of Object.values(run)) for (const { score } of ranking) if (score !== 0) exactUpTo = Math.min(exactUpTo, lowestBit(score) + 1074);
      const k = Math.min(wanted, exactUpTo);
      fc.pre(k > 0);
      const scaled = given.map((run) => scaledBy(run, (score) => score * 2 ** -Math.min(k, 1000) * 2 ** -(k - Math.min(k, 1000))));
      const options = { method, norm, ...withWeights(runs, method, weights) };
      const before = fuse(given, options);
      const after = fuse(scaled, options);
      for (const [qid, ranking] of before) expect(after.get(qid)!.map((document) => document.id)).toEqual(ranking.map((document) => document.id));
    },
  );
});
