// The import graph of src/, as test/architecture.test.ts checks it: every static, type-only, re-exporting
// and dynamic import between the sources, read by TypeScript's own pre-processor (no regex on the text),
// the package's own name (`import … from 'rankeval'`, which tsconfig's paths resolve) included.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, sep } from 'node:path';
import ts from 'typescript';

/** File → the files it imports, every path relative to the source root, with `/` separators. */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

/** File → the modules it imports, re-exports or imports dynamically, as written (relative to `root`, `/` separators). */
export function readImports(root: string): Map<string, string[]> {
  return new Map(sourceFiles(root).map((file) => [file, ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true).importedFiles.map(({ fileName }) => fileName)]));
}

/**
 * The graph of `imports`: relative imports resolved from the importing file, and the package's own name
 * (`rankeval`, `rankeval/matchers`), which tsconfig's paths let a source import as well, resolved through
 * `aliases`; an unmapped self-import is kept as written, which no source file is.
 */
export function importGraph(imports: ReadonlyMap<string, readonly string[]>, aliases: ReadonlyMap<string, string>): ImportGraph {
  const graph = new Map<string, string[]>();
  for (const [file, names] of imports) {
    const resolved = names
      .filter((name) => name.startsWith('.') || isSelfImport(name))
      .map((name) => (isSelfImport(name) ? (aliases.get(name) ?? name) : posix.join(posix.dirname(file), name).replace(/\.js$/, '.ts')));
    graph.set(file, [...new Set(resolved)]);
  }
  return graph;
}

/** The import graph of the sources under `root`, the package's name resolved through the project's tsconfig. */
export const readImportGraph = (root: string): ImportGraph => importGraph(readImports(root), packageAliases(root));

/** Whether an import names the package itself (`rankeval`, `rankeval/…`) rather than a path. */
export const isSelfImport = (name: string): boolean => name === 'rankeval' || name.startsWith('rankeval/');

/** The imports of the package by its own name, as `file → name`. */
export const selfImports = (imports: ReadonlyMap<string, readonly string[]>): string[] => [...imports].flatMap(([file, names]) => names.filter(isSelfImport).map((name) => `${file} → ${name}`));

/** tsconfig.json's paths (the project's, above `root`) for the package's own name (`rankeval` → `index.ts`), relative to `root`. */
export function packageAliases(root: string): Map<string, string> {
  const project = dirname(root);
  const { config, error } = ts.parseConfigFileTextToJson('tsconfig.json', readFileSync(join(project, 'tsconfig.json'), 'utf8'));
  if (error !== undefined) throw new Error(`tsconfig.json: ${ts.flattenDiagnosticMessageText(error.messageText, '\n')}`);
  const paths = ((config as { compilerOptions?: { paths?: Record<string, string[]> } }).compilerOptions?.paths ?? {}) as Record<string, string[]>;
  const aliases = new Map<string, string>();
  for (const [name, [target]] of Object.entries(paths)) {
    if (isSelfImport(name) && target !== undefined) aliases.set(name, relative(root, join(project, target)).split(sep).join('/'));
  }
  return aliases;
}

function sourceFiles(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

/** The folder a source file is in (its layer), or undefined for a file at the root (an entry). */
export const folderOf = (file: string): string | undefined => (file.includes('/') ? file.slice(0, file.indexOf('/')) : undefined);

/** Each import cycle once, as the files of a strongly connected component of more than one file (Tarjan). */
export function importCycles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    lowest.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        lowest.set(file, Math.min(lowest.get(file)!, lowest.get(next)!));
      } else if (onStack.has(next)) lowest.set(file, Math.min(lowest.get(file)!, index.get(next)!));
    }
    if (lowest.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    const importsItself = graph.get(file)?.includes(file) ?? false;
    if (component.length > 1 || importsItself) cycles.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles;
}

export const sourceRoot = join(dirname(import.meta.dirname), '..', 'src');
