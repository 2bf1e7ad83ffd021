// The import graph of src/, as test/architecture.test.ts checks it: every static, type-only, re-exporting
// and dynamic import between the sources, read by TypeScript's own pre-processor (no regex on the text).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, sep } from 'node:path';
import ts from 'typescript';

/** File → the files it imports, every path relative to the source root, with `/` separators. */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

export function readImportGraph(root: string): ImportGraph {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(root)) {
    const text = readFileSync(join(root, file), 'utf8');
    const imported = ts
      .preProcessFile(text, true, true)
      .importedFiles.map(({ fileName }) => fileName)
      .filter((name) => name.startsWith('.'))
      .map((name) => posix.join(posix.dirname(file), name).replace(/\.js$/, '.ts'));
    graph.set(file, [...new Set(imported)]);
  }
  return graph;
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
