// Every TypeScript (and JavaScript) block of README.md typechecks as a user's file would: against the built
// package's types (dist/, made by `npm test`'s build), under the settings `tsc --init` writes (strict,
// noUncheckedIndexedAccess, exactOptionalPropertyTypes, nodenext, verbatimModuleSyntax …) with Node's types.
// A block that uses names it does not define (a run, a retriever) is preceded by an HTML comment
// `<!-- typecheck (test/readme.test.ts): declarations -->`, which a reader of the rendered README never sees.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { measureDefinitions } from '../src/measures/catalogue.js';
import { trecMeasures } from '../src/measures/trec-table.js';

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

// README's measure table is the catalogue's: one row per entry, its names in each grammar. A failure shows
// the table as it should read; `UPDATE_README=1 npx vitest run test/readme.test.ts` writes it in.
it('lists every measure of the catalogue, in its three grammars, in the measure table', () => {
  const begin = '<!-- measure table: generated from src/measures/catalogue.ts by test/readme.test.ts -->\n';
  const end = '<!-- end of the measure table -->';
  const file = join(root, 'README.md');
  const readme = readFileSync(file, 'utf8');
  const start = readme.indexOf(begin);
  const stop = readme.indexOf(end);
  expect(start).toBeGreaterThan(-1);
  expect(stop).toBeGreaterThan(start);
  const table = measureTable();
  if (process.env.UPDATE_README === '1') writeFileSync(file, readme.slice(0, start + begin.length) + table + readme.slice(stop));
  else expect(readme.slice(start + begin.length, stop)).toBe(table);
});

function measureTable(): string {
  const code = (text: string): string => `\`${text}\``;
  const cell = (items: readonly string[]): string => items.join(', ');
  const AT = { k: '@k', recall: '@x', multiple: '@m', none: '' } as const;
  const TREC_PARAMS = { 'long-cutoffs': '.k,…', 'double-cutoffs': '.x,…', doubles: '[.x,…]', pairs: '[.grade=gain,…]', none: '' } as const;
  const rows = measureDefinitions.map((definition) => {
    const at = AT[definition.at];
    // A measure a token budget can cut is also written `name@budget=N` (in place of the cutoff).
    const budget = (definition.params as readonly string[]).includes('budget') ? [code(`${definition.name}@budget=N`)] : [];
    const rankeval = [code(`${definition.name}${at}`), ...budget, ...definition.aliases.map(code)];
    const ir = definition.irMeasures.map(code); // with the cutoff or level its measure takes, as rankeval's
    const trec = trecMeasures.filter((measure) => measure.definition === definition).map((measure) => code(`${measure.name}${TREC_PARAMS[measure.params]}`));
    const params = definition.params.map((key) => code(key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)));
    return `| ${cell(rankeval)} | ${cell(ir)} | ${cell(trec)} | ${cell(params)} | ${definition.summary.replace(/\|/g, '\\|')} |`;
  });
  return ['| rankeval | ir_measures | trec_eval | parameters | what it is |', '|---|---|---|---|---|', ...rows, ''].join('\n');
}
