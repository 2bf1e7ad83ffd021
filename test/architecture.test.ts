// The shape of src/: its folders are layers, each importing only itself and the layers below it, with no
// import cycle anywhere (type-only imports count: a cycle of types is still a knot to read through), and
// the CLI's commands never import one another.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { folderOf, importCycles, readImportGraph, sourceRoot, type ImportGraph } from './helpers/imports.js';

/** The layers, lowest first: the one place their order is written down. */
const LAYERS = [
  'core', // types, errors and the internals every layer shares (id ordering, the id index, input reading)
  'stats', // numerics: distributions, tests, seeded randomness
  'metrics', // formulas over one ranking's judged hits
  'measures', // the catalogue of measures and their name grammars
  'formats', // readers and writers of files (trec_eval's byte reader among them)
  'agreement', // rank correlation of two orders, agreement of two sets of labels, of two score tables
  'engine', // options resolved into a plan, the scorer, the run result, streaming, merging, checks
  'analysis', // comparison, confidence, regression, explanation, latency, systems' agreement under two label sets
  'fusion', // fusing runs, and tuning the fusion
  'judging', // making a golden set: pooling, judging, the judgments' store
  'nuggets', // scoring RAG answers by the nuggets they support
  'retriever', // evaluating a live retriever
  'trec', // the trec_eval emulator: its flags and its printing
  'text', // plain-text presentation
  'report', // the HTML report
  'matchers', // test matchers
  'cli', // the rankeval command
  'entries', // the specialist subpath entries (rankeval/fusion …): re-exports of the layers below
] as const;

/** Files at the root of src/: the package's entries. */
const ENTRIES = ['index.ts', 'vitest.ts', 'vitest-require.ts', 'judge.ts'];

/**
 * Imports between the CLI's commands, as `from → to`. A command is a file of cli/ (fuse-args.ts is a part of
 * fuse); what commands share lives in cli/shared/, which imports no command; cli/index.ts dispatches.
 */
function importsBetweenCommands(graph: ImportGraph): string[] {
  const commandOf = (file: string): string | undefined => {
    const match = /^cli\/([^/]+?)(?:-[^/]*)?\.ts$/.exec(file);
    return match === null || match[1] === 'index' ? undefined : match[1];
  };
  const crossing: string[] = [];
  for (const [file, imported] of graph) {
    if (!file.startsWith('cli/') || file === 'cli/index.ts') continue;
    const own = commandOf(file);
    for (const target of imported) {
      const command = commandOf(target);
      if (command !== undefined && command !== own) crossing.push(`${file} → ${target}`);
    }
  }
  return crossing;
}

/** Imports that go from a layer to a higher one, as `from → to`. */
function upwardImports(graph: ImportGraph, layers: readonly string[]): string[] {
  const rank = (file: string): number => {
    const folder = folderOf(file);
    return folder === undefined ? layers.length : layers.indexOf(folder);
  };
  const upward: string[] = [];
  for (const [file, imported] of graph) for (const target of imported) if (rank(target) > rank(file)) upward.push(`${file} → ${target}`);
  return upward;
}

const graph = readImportGraph(sourceRoot);

describe('src/ is layered', () => {
  it('puts every source file in a layer folder, or at the root if it is an entry', () => {
    const stray = [...graph.keys()].filter((file) => {
      const folder = folderOf(file);
      return folder === undefined ? !ENTRIES.includes(file) : !(LAYERS as readonly string[]).includes(folder);
    });
    expect(stray).toEqual([]);
  });

  it('documents each layer in a README at its folder', () => {
    expect(LAYERS.filter((layer) => !existsSync(join(sourceRoot, layer, 'README.md')))).toEqual([]);
  });

  it('imports only within a layer or downwards', () => {
    expect(upwardImports(graph, LAYERS)).toEqual([]);
  });

  it('has no import cycle, type-only imports included', () => {
    expect(importCycles(graph)).toEqual([]);
  });

  it("keeps the CLI's commands apart: each imports only cli/shared/, its own parts and the library", () => {
    expect(importsBetweenCommands(graph)).toEqual([]);
  });

  it('resolves every relative import to a source file', () => {
    const missing = [...graph].flatMap(([file, imported]) => imported.filter((target) => !graph.has(target)).map((target) => `${file} → ${target}`));
    expect(missing).toEqual([]);
  });
});

describe('the checks themselves', () => {
  const sample = (edges: Record<string, string[]>): ImportGraph => new Map(Object.entries(edges));

  it('find a cycle of two files and one through three, and nothing in a tree', () => {
    const cycles = importCycles(sample({ 'a/x.ts': ['a/y.ts'], 'a/y.ts': ['a/x.ts'], 'b/p.ts': ['b/q.ts'], 'b/q.ts': ['b/r.ts'], 'b/r.ts': ['b/p.ts'] }));
    expect(cycles.sort()).toEqual([['a/x.ts', 'a/y.ts'], ['b/p.ts', 'b/q.ts', 'b/r.ts']]);
    expect(importCycles(sample({ 'a/x.ts': ['a/y.ts', 'a/z.ts'], 'a/y.ts': ['a/z.ts'], 'a/z.ts': [] }))).toEqual([]);
  });

  it('find a file that imports itself', () => {
    expect(importCycles(sample({ 'a/x.ts': ['a/x.ts'] }))).toEqual([['a/x.ts']]);
  });

  it('flag a command importing another, or shared code importing a command, but not a command its parts', () => {
    const graph = sample({ 'cli/eval.ts': ['cli/shared/args.ts', 'cli/trec.ts'], 'cli/fuse.ts': ['cli/fuse-args.ts'], 'cli/shared/args.ts': ['cli/eval.ts'], 'cli/index.ts': ['cli/eval.ts'] });
    expect(importsBetweenCommands(graph)).toEqual(['cli/eval.ts → cli/trec.ts', 'cli/shared/args.ts → cli/eval.ts']);
  });

  it('flag an import upwards, and an entry imported by a layer', () => {
    const upward = upwardImports(sample({ 'low/a.ts': ['high/b.ts'], 'high/b.ts': ['low/a.ts'], 'low/c.ts': ['index.ts'], 'index.ts': ['high/b.ts'] }), ['low', 'high']);
    expect(upward).toEqual(['low/a.ts → high/b.ts', 'low/c.ts → index.ts']);
  });
});
