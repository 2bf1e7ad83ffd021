// What TypeScript says of a user's file: tsc's own diagnostics on a snippet, as strict as this project's
// tsconfig, the first message (its whole chain) of each line it refuses.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  allowImportingTsExtensions: true,
  skipLibCheck: true,
  noEmit: true,
  types: ['node'],
};

// The files every snippet reads (the sources, the libraries' declarations), parsed once for all the snippets
// of a test process, as an editor's language service keeps them: each snippet's own file is parsed afresh.
const parsed = new Map<string, ts.SourceFile>();
const host = ts.createCompilerHost(OPTIONS);
const parse = host.getSourceFile.bind(host);
host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
  if (fileName.endsWith('/user.ts')) return parse(fileName, languageVersion, onError, shouldCreate);
  let file = parsed.get(fileName);
  if (file === undefined) {
    file = parse(fileName, languageVersion, onError, shouldCreate);
    if (file !== undefined) parsed.set(fileName, file);
  }
  return file;
};

/** The snippet's refused lines (0-based) → the compiler's first message there, its chain joined by newlines. */
export function typeErrors(snippet: string): Map<number, string> {
  // Under the project's node_modules, so that the snippet's imports of packages (vitest) resolve as a user's do.
  const cache = join(import.meta.dirname, '../../node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'rankeval-types-'));
  const file = join(dir, 'user.ts');
  writeFileSync(file, snippet);
  const program = ts.createProgram([file], OPTIONS, host);
  const byLine = new Map<number, string>();
  for (const diagnostic of ts.getPreEmitDiagnostics(program, program.getSourceFile(file))) {
    const { line } = diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start!);
    if (!byLine.has(line)) byLine.set(line, ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  }
  return byLine;
}

/** The 0-based line of `snippet` that holds `text`. */
export const lineOf = (snippet: string, text: string): number => snippet.split('\n').findIndex((line) => line.includes(text));
