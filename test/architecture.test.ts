// The shape of src/: its folders are layers, and each layer's README (src/LAYER/README.md) says which other
// layers it may import, on one line of a fixed form: `May import: core, stats` (or `May import: nothing`).
// A file imports its own layer and the layers its README names, nothing else (no entry at src/'s root, no
// package self-import by name); the READMEs' rules form no cycle, so the layers have an order; no import
// cycle anywhere (type-only imports count: a cycle of types is still a knot to read through); the CLI's
// commands never import one another and are all listed in cli/README.md.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { folderOf, importCycles, importGraph, packageAliases, readImportGraph, readImports, selfImports, sourceRoot, type ImportGraph } from './helpers/imports.js';

/** Files at the root of src/: the package's entries. */
const ENTRIES = ['index.ts', 'vitest.ts', 'vitest-require.ts', 'judge.ts'];

/** The line of a layer's README that names the layers it may import. */
const MAY_IMPORT = /^May import: (.*)$/gm;

/** What a layer's README allows: the layers named on its `May import:` line, or the problem with the README. */
function readRule(readme: string | undefined, layer: string, layers: readonly string[]): { allowed: string[] | undefined; problems: string[] } {
  const file = `src/${layer}/README.md`;
  if (readme === undefined) return { allowed: undefined, problems: [`${file} is missing: each layer says there what it is and what it may import`] };
  const lines = [...readme.matchAll(MAY_IMPORT)];
  if (lines.length !== 1) return { allowed: undefined, problems: [`${file}: expected one line "May import: layer, layer" (or "May import: nothing"), found ${lines.length}`] };
  const text = lines[0]![1]!.trim().replace(/\.$/, '');
  const allowed = text === 'nothing' ? [] : text.split(/\s*,\s*/);
  const problems = allowed.filter((name) => !layers.includes(name) || name === layer).map((name) => (name === layer ? `${file}: names its own layer \`${name}\` (a layer always imports itself)` : `${file}: names \`${name}\`, which is no layer of src/ (layers: ${layers.join(', ')})`));
  return { allowed, problems };
}

/**
 * Each import from a layer to another layer (or to an entry) that the importing layer's README does not
 * allow, as `from → to (why)`; a layer without a rule (its README missing or malformed, which the README
 * check reports) is left out.
 */
function disallowedImports(graph: ImportGraph, allowed: ReadonlyMap<string, readonly string[]>): string[] {
  const refused: string[] = [];
  for (const [file, imported] of graph) {
    const layer = folderOf(file);
    const rule = layer === undefined ? undefined : allowed.get(layer);
    if (rule === undefined) continue;
    for (const target of imported) {
      const to = folderOf(target);
      if (to === layer) continue;
      if (to === undefined) refused.push(`${file} → ${target} (an entry of the package: a layer never imports one)`);
      else if (!rule.includes(to)) refused.push(`${file} → ${target} (src/${layer}/README.md: May import: ${rule.length === 0 ? 'nothing' : rule.join(', ')})`);
    }
  }
  return refused;
}

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

/** The commands `rankeval` dispatches: the strings of the array `COMMANDS` in cli/index.ts. */
function dispatchedCommands(source: string): string[] {
  const file = ts.createSourceFile('index.ts', source, ts.ScriptTarget.Latest);
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name) && declaration.name.text === 'COMMANDS' && declaration.initializer !== undefined && ts.isArrayLiteralExpression(declaration.initializer)) {
        return declaration.initializer.elements.filter(ts.isStringLiteral).map((element) => element.text);
      }
    }
  }
  throw new Error('src/cli/index.ts: no `const COMMANDS = [...]` of command names to check cli/README.md against');
}

/** The commands a README lists, one per list item starting with the command in backquotes: "- `eval`: …". */
const listedCommands = (readme: string): string[] => [...readme.matchAll(/^- `([a-z-]+)`/gm)].map((match) => match[1]!);

const imports = readImports(sourceRoot);
const graph = importGraph(imports, packageAliases(sourceRoot));
const layers = readdirSync(sourceRoot, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const rules = new Map(layers.map((layer) => [layer, readRule(existsSync(join(sourceRoot, layer, 'README.md')) ? readFileSync(join(sourceRoot, layer, 'README.md'), 'utf8') : undefined, layer, layers)]));
const allowed = new Map([...rules].flatMap(([layer, rule]) => (rule.allowed === undefined ? [] : [[layer, rule.allowed] as const])));

describe('src/ is layered as its READMEs say', () => {
  it('puts every source file in a layer folder, or at the root if it is an entry', () => {
    expect([...graph.keys()].filter((file) => folderOf(file) === undefined && !ENTRIES.includes(file))).toEqual([]);
  });

  it('has a README in each layer folder, naming on its "May import:" line only layers that exist', () => {
    expect([...rules.values()].flatMap((rule) => rule.problems)).toEqual([]);
  });

  it('imports, from each layer, only its own files and the layers its README allows', () => {
    expect(disallowedImports(graph, allowed)).toEqual([]);
  });

  it('allows no cycle of layers in the READMEs: the layers have an order, and no import goes upwards', () => {
    expect(importCycles(allowed)).toEqual([]);
  });

  it('has no import cycle, type-only imports included', () => {
    expect(importCycles(graph)).toEqual([]);
  });

  it("never imports the package by its own name ('rankeval', 'rankeval/…', which tsconfig's paths resolve): a path says which layer it reaches", () => {
    expect(selfImports(imports)).toEqual([]);
  });

  it("keeps the CLI's commands apart: each imports only cli/shared/, its own parts and the library", () => {
    expect(importsBetweenCommands(graph)).toEqual([]);
  });

  it('lists in cli/README.md every command src/cli/index.ts dispatches, and no other', () => {
    const commands = dispatchedCommands(readFileSync(join(sourceRoot, 'cli', 'index.ts'), 'utf8')).sort();
    expect(listedCommands(readFileSync(join(sourceRoot, 'cli', 'README.md'), 'utf8')).sort()).toEqual(commands);
  });

  it('resolves every import to a source file', () => {
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

  it('read a README\'s "May import:" line, and name the README that lacks one, has two, or names no layer', () => {
    const layers = ['core', 'low', 'high'];
    expect(readRule('# high\n\nWords.\n\nMay import: core, low\n', 'high', layers)).toEqual({ allowed: ['core', 'low'], problems: [] });
    expect(readRule('# core\n\nMay import: nothing\n', 'core', layers)).toEqual({ allowed: [], problems: [] });
    expect(readRule(undefined, 'low', layers)).toEqual({ allowed: undefined, problems: ['src/low/README.md is missing: each layer says there what it is and what it may import'] });
    expect(readRule('# low\n\nImports core.\n', 'low', layers).problems).toEqual(['src/low/README.md: expected one line "May import: layer, layer" (or "May import: nothing"), found 0']);
    expect(readRule('May import: core\nMay import: low\n', 'high', layers).problems).toEqual(['src/high/README.md: expected one line "May import: layer, layer" (or "May import: nothing"), found 2']);
    expect(readRule('May import: core, middle, high\n', 'high', layers).problems).toEqual([
      'src/high/README.md: names `middle`, which is no layer of src/ (layers: core, low, high)',
      'src/high/README.md: names its own layer `high` (a layer always imports itself)',
    ]);
  });

  it('flag an import its layer does not allow (upwards, or sideways), and an entry imported by a layer, naming file, import and rule', () => {
    const allowed = new Map([
      ['low', ['core']],
      ['high', ['core', 'low']],
      ['core', []],
    ]);
    const graph = sample({ 'low/a.ts': ['high/b.ts', 'core/c.ts', 'low/d.ts'], 'high/b.ts': ['low/a.ts'], 'core/c.ts': ['index.ts'], 'index.ts': ['high/b.ts'] });
    expect(disallowedImports(graph, allowed)).toEqual(['low/a.ts → high/b.ts (src/low/README.md: May import: core)', 'core/c.ts → index.ts (an entry of the package: a layer never imports one)']);
  });

  it('find a cycle in the READMEs\' rules', () => {
    expect(importCycles(new Map([['low', ['high']], ['high', ['low']], ['core', []]]))).toEqual([['high', 'low']]);
  });

  it("resolve the package's own name through tsconfig's paths, keep an unmapped one as written, and list them all", () => {
    const project = mkdtempSync(join(tmpdir(), 'rankeval-architecture-'));
    try {
      mkdirSync(join(project, 'src', 'metrics'), { recursive: true });
      writeFileSync(join(project, 'tsconfig.json'), '{\n  // comments, as tsconfig allows\n  "compilerOptions": { "paths": { "rankeval": ["./src/index.ts"], "rankeval/matchers": ["./src/matchers/index.ts"], "other": ["./x.ts"] } }\n}\n');
      writeFileSync(join(project, 'src', 'metrics', 'x.ts'), "import { a } from 'rankeval';\nimport type { B } from 'rankeval/matchers';\nexport * from 'rankeval/nope';\nimport { c } from './y.js';\nimport 'other';\n");
      const root = join(project, 'src');
      expect(readImportGraph(root).get('metrics/x.ts')).toEqual(['index.ts', 'matchers/index.ts', 'rankeval/nope', 'metrics/y.ts']);
      expect(selfImports(readImports(root))).toEqual(['metrics/x.ts → rankeval', 'metrics/x.ts → rankeval/matchers', 'metrics/x.ts → rankeval/nope']);
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });

  it('read the dispatched commands from the COMMANDS array, and the listed ones from "- `name`" items', () => {
    expect(dispatchedCommands("const usage = 'x';\nconst COMMANDS = ['eval', 'trec', 'help'];\n")).toEqual(['eval', 'trec', 'help']);
    expect(() => dispatchedCommands('const commands = [];')).toThrow('no `const COMMANDS');
    expect(listedCommands('# cli\n\n- `eval`: eval.ts\n- `trec`: trec.ts, its `-R` flag\nSee `fuse`.\n')).toEqual(['eval', 'trec']);
  });
});
