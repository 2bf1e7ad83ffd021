// Every TypeScript (and JavaScript) block of README.md typechecks as a user's file would: against the built
// package's types (dist/, made by `npm test`'s build), under the settings `tsc --init` writes (strict,
// noUncheckedIndexedAccess, exactOptionalPropertyTypes, nodenext, verbatimModuleSyntax …) with Node's types.
// A block that uses names it does not define (a run, a retriever) is preceded by an HTML comment
// `<!-- typecheck (test/readme.test.ts): declarations -->`, which a reader of the rendered README never sees.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
// Inside the package, so that `rankeval`, `rankeval/vitest`… resolve to dist/ through its own "exports".
const dir = join(root, 'test-output/readme');

// `tsc --init` of TypeScript 5.9, less the options that only concern emitting files and JSX.
const TSC_INIT = {
  module: 'nodenext',
  target: 'esnext',
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  strict: true,
  verbatimModuleSyntax: true,
  isolatedModules: true,
  noUncheckedSideEffectImports: true,
  moduleDetection: 'force',
  skipLibCheck: true,
};

interface Block {
  line: number;
  code: string;
}

function readmeBlocks(): Block[] {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const blocks: Block[] = [];
  for (const match of readme.matchAll(/(?:<!-- typecheck \(test\/readme\.test\.ts\): ([^]*?) -->\n)?```(?:ts|js)\n([^]*?)```/g)) {
    const line = readme.slice(0, match.index + match[0].indexOf('```')).split('\n').length;
    blocks.push({ line, code: `${match[1] ?? ''}\n${match[2]}` });
  }
  return blocks;
}

it('README.md has TypeScript blocks to check, the library’s and the matchers’ among them', () => {
  const code = readmeBlocks().map((block) => block.code).join('\n');
  for (const entry of ["from 'rankeval'", "from 'rankeval/report'", "'rankeval/vitest'", "from 'rankeval/matchers'"]) expect(code).toContain(entry);
});

it('every TypeScript block of README.md typechecks under tsc --init’s strict defaults', () => {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // readme-line-L.ts holds the block whose fence is on line L of README.md: its line n is README's line
  // L + n − 1 (its line 1 holds the block's declarations, if any).
  const files = readmeBlocks().map(({ line, code }) => {
    const file = `readme-line-${line}.ts`;
    writeFileSync(join(dir, file), code);
    return file;
  });
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { ...TSC_INIT, types: ['node'], noEmit: true }, files }));
  let output = '';
  try {
    execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', dir], { encoding: 'utf8' });
  } catch (error) {
    output = (error as { stdout: string }).stdout;
  }
  expect(output).toBe('');
});

// The quick start's output as README.md shows it is what examples/quickstart.mjs prints from the built package.
it('shows the output that `npm run quickstart` prints', () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const shown = /`npm run quickstart` runs this as \[examples\/quickstart\.mjs\]\(examples\/quickstart\.mjs\) and prints:\n\n```\n([^]*?)```/.exec(readme);
  const printed = execFileSync(process.execPath, [join(root, 'examples/quickstart.mjs')], { cwd: root, encoding: 'utf8' });
  expect(shown?.[1]).toBe(printed);
});
