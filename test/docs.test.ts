// The README and the guides (docs/*.md) are checked as code:
// - every TypeScript (and JavaScript) block typechecks as a user's file would: against the built package's
//   types (dist/, made by `npm test`'s build), under the settings `tsc --init` writes (strict,
//   noUncheckedIndexedAccess, exactOptionalPropertyTypes, nodenext, verbatimModuleSyntax …) with Node's types.
//   A block that uses names it does not define (a run, a retriever) is preceded by an HTML comment
//   `<!-- typecheck (test/docs.test.ts): declarations -->`, which a reader of the rendered page never sees;
// - a block marked `<!-- run (test/docs.test.ts) in DIR[: prelude] -->` runs, in a copy of DIR, and must print
//   what the page shows: a TypeScript block what the next block holds, a block of `$ npx rankeval …` lines the
//   output under each line;
// - every link resolves (test/helpers/markdown.ts), and the README has no relative link, which would break in
//   the installed package.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { execFileSync, spawnSync } from 'node:child_process';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseGoldenSet, parseRun } from '../src/index.js';
import { rankevalMatchers } from '../src/matchers/index.js';
import { measureDefinitions } from '../src/measures/catalogue.js';
import { trecMeasures } from '../src/measures/trec-table.js';
import { anchors, codeBlocks, documentationFiles, links, root, type Block } from './helpers/markdown.js';

// Inside the package, so that `rankeval`, `rankeval/vitest`… resolve to dist/ through its own "exports".
const dir = join(root, 'test-output/docs');
const SITE = 'https://rankeval.github.io/rankeval/';
const REPOSITORY = 'https://github.com/rankeval/rankeval/';
const RAW = 'https://raw.githubusercontent.com/rankeval/rankeval/main/';

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

const blocks = documentationFiles().flatMap(codeBlocks);
const typescript = blocks.filter((block) => block.language === 'ts' || block.language === 'js');

interface Run {
  /** The folder the block runs in (a copy of it). */
  folder: string;
  /** Code put before the block, its relative imports read from the folder. */
  prelude: string;
}

function runMarker(block: Block): Run | undefined {
  const match = /^run \(test\/docs\.test\.ts\) in (\S+?)(?:: ([^]*))?$/.exec(block.marker);
  if (match === null) return undefined;
  const folder = join(root, match[1]!);
  return { folder, prelude: (match[2] ?? '').replace(/from '\.\//g, `from '${folder}/`) };
}

/** What a block needs before it to typecheck or run: the declarations or prelude of its marker. */
function declarations(block: Block): string {
  const typecheck = /^typecheck \(test\/docs\.test\.ts\)(?:: ([^]*))?$/.exec(block.marker);
  return typecheck ? (typecheck[1] ?? '') : (runMarker(block)?.prelude ?? '');
}

const fileOf = (block: Block) => `${block.file.replace(/[/.]/g, '-')}-line-${block.line}.ts`;

it('the README and the guides have TypeScript blocks to check, every entry’s among them', () => {
  const code = typescript.map((block) => block.code).join('\n');
  for (const entry of ["from 'rankeval'", "from 'rankeval/report'", "'rankeval/vitest'", "from 'rankeval/matchers'", "from 'rankeval/preferences'", "from 'rankeval/fusion'", "from 'rankeval/diversity'"]) {
    expect(code).toContain(entry);
  }
});

it('every TypeScript block of the README and the guides typechecks under tsc --init’s strict defaults', () => {
  const checked = join(dir, 'typecheck');
  rmSync(checked, { recursive: true, force: true });
  mkdirSync(checked, { recursive: true });
  // README-md-line-L.ts holds the README's block whose fence is on line L: its line n is the page's line
  // L + n − 1 (its line 1 holds the block's declarations, if any).
  const files = typescript.map((block) => {
    writeFileSync(join(checked, fileOf(block)), `${declarations(block)}\n${block.code}`);
    return fileOf(block);
  });
  writeFileSync(join(checked, 'tsconfig.json'), JSON.stringify({ compilerOptions: { ...TSC_INIT, types: ['node'], noEmit: true }, files }));
  let output = '';
  try {
    execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', checked], { encoding: 'utf8' });
  } catch (error) {
    output = (error as { stdout: string }).stdout;
  }
  expect(output).toBe('');
});

describe('the blocks marked to run print what the page shows', () => {
  const runs = blocks.flatMap((block, index) => {
    const run = runMarker(block);
    return run ? [{ block, run, shown: blocks[index + 1] }] : [];
  });

  it('there are such blocks in the README, TypeScript and command lines', () => {
    expect(runs.filter(({ block }) => block.file === 'README.md').map(({ block }) => block.language).sort()).toEqual(['', '', 'ts', 'ts']);
  });

  for (const { block, run, shown } of runs) {
    it(`${block.file}:${block.line}`, () => {
      const work = join(dir, `work-${fileOf(block)}`.replace(/\.ts$/, ''));
      rmSync(work, { recursive: true, force: true });
      cpSync(run.folder, work, { recursive: true });
      if (block.language === 'ts') {
        expect(block.after.trim(), 'the output block follows, after "prints:"').toBe('prints:');
        const file = join(dir, fileOf(block));
        writeFileSync(file, `${run.prelude}\n${block.code}`);
        const result = spawnSync(join(root, 'node_modules/.bin/tsx'), [file], { cwd: work, encoding: 'utf8' });
        expect(result.stderr).toBe('');
        expect(result.stdout).toBe(shown?.code);
      } else {
        for (const { command, output } of commandLines(block.code)) {
          const args = command.replace(/^npx rankeval /, '').split(' ');
          const result = spawnSync(process.execPath, [join(root, 'bin/rankeval.js'), ...args], { cwd: work, encoding: 'utf8' });
          expect(result.stdout, `$ ${command}`).toBe(output);
        }
      }
    });
  }
});

// The README's example of a failing matcher is the message the matcher gives, on the example's keyword run
// with the gates of the README's test.
it('shows the message toMeetGates fails with', () => {
  const shown = blocks.find((block) => block.marker === 'failure (test/docs.test.ts): toMeetGates of examples/rag/runs/keyword.jsonl');
  const golden = parseGoldenSet(readFileSync(join(root, 'examples/rag/golden.jsonl')), { file: 'golden.jsonl' });
  const run = parseRun(readFileSync(join(root, 'examples/rag/runs/keyword.jsonl'))).rankings;
  const result = rankevalMatchers.toMeetGates.call({ isNot: false }, run, golden.qrels, { 'recall@5': 0.8, 'ndcg@10': 0.7 });
  expect(result.pass).toBe(false);
  expect(`${result.message()}\n`).toBe(shown?.code);
});

/** The `$ ` lines of a block, each with the output under it. */
function commandLines(code: string): { command: string; output: string }[] {
  const lines: { command: string; output: string }[] = [];
  for (const line of code.split('\n').slice(0, -1)) {
    if (line.startsWith('$ ')) lines.push({ command: line.slice(2), output: '' });
    else lines[lines.length - 1]!.output += `${line}\n`;
  }
  return lines;
}

// The quick start's output as README.md shows it is what examples/quickstart.mjs prints from the built package.
it('shows the output that `npm run quickstart` prints', () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const shown = /`npm run quickstart` runs this as examples\/quickstart\.mjs and prints:\n\n```\n([^]*?)```/.exec(readme);
  const printed = execFileSync(process.execPath, [join(root, 'examples/quickstart.mjs')], { cwd: root, encoding: 'utf8' });
  expect(shown?.[1]).toBe(printed);
});

// The guide "Scoring answers" shows the output of its worked example, which examples/nuggets/score.mjs prints
// from the built package (the guide's block itself runs as a marked block above).
it('shows the output that examples/nuggets/score.mjs prints', () => {
  const guide = readFileSync(join(root, 'docs/answers.md'), 'utf8');
  const shown = /\nprints:\n\n```\n([^]*?)```/.exec(guide);
  const printed = execFileSync(process.execPath, [join(root, 'examples/nuggets/score.mjs')], { cwd: root, encoding: 'utf8' });
  expect(shown?.[1]).toBe(printed);
});

// The guide "Scoring answers" shows what examples/nuggets/assign.mjs prints: assignNuggets with a stand-in
// assigner, from the built package.
it('shows the output that examples/nuggets/assign.mjs prints', () => {
  const guide = readFileSync(join(root, 'docs/answers.md'), 'utf8');
  const shown = /`node examples\/nuggets\/assign\.mjs` \(after `npm run build`\) prints:\n\n```\n([^]*?)```/.exec(guide);
  const printed = execFileSync(process.execPath, [join(root, 'examples/nuggets/assign.mjs')], { cwd: root, encoding: 'utf8' });
  expect(shown?.[1]).toBe(printed);
});

// The measure table of docs/measures.md is the catalogue's: one row per entry, its names in each grammar. A
// failure shows the table as it should read; `UPDATE_DOCS=1 npx vitest run test/docs.test.ts` writes it in.
it('lists every measure of the catalogue, in its three grammars, in the measure table', () => {
  const begin = '<!-- measure table: generated from src/measures/catalogue.ts by test/docs.test.ts -->\n';
  const end = '<!-- end of the measure table -->';
  const file = join(root, 'docs/measures.md');
  const readme = readFileSync(file, 'utf8');
  const start = readme.indexOf(begin);
  const stop = readme.indexOf(end);
  expect(start).toBeGreaterThan(-1);
  expect(stop).toBeGreaterThan(start);
  const table = measureTable();
  if (process.env.UPDATE_DOCS === '1') writeFileSync(file, readme.slice(0, start + begin.length) + table + readme.slice(stop));
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

describe('links', () => {
  const all = documentationFiles().flatMap(links);
  const pageOf = (path: string) => join('docs', `${path.replace(/\/$/, '/index').replace(/\.md$/, '')}.md`);

  /** Why a link does not resolve, or '' when it does. */
  function broken(file: string, target: string): string {
    const [path = '', anchor] = target.split('#');
    if (target.startsWith(SITE)) {
      if (path.startsWith(`${SITE}reference/`)) return ''; // TypeDoc's pages: `npm run docs:build` checks them
      const page = pageOf(path.slice(SITE.length) || 'index');
      return existsSync(join(root, page)) ? missingAnchor(page, anchor) : `no page ${page}`;
    }
    const inRepository = /^https:\/\/github\.com\/rankeval\/rankeval\/(blob|tree)\/main\/(.+)$/.exec(path) ?? (path.startsWith(RAW) ? [, 'blob', path.slice(RAW.length)] : null);
    if (inRepository) {
      const found = join(root, inRepository[2]!);
      if (!existsSync(found)) return `no file ${inRepository[2]}`;
      return statSync(found).isDirectory() === (inRepository[1] === 'tree') ? missingAnchor(relative(root, found), anchor) : `a ${inRepository[1]} link to ${inRepository[2]}`;
    }
    if (/^[a-z]+:/.test(target)) return target.startsWith(REPOSITORY) ? `not a file of the main branch` : '';
    if (file === 'README.md' && path !== '') return 'a relative link, broken in the installed package';
    const resolved = relative(root, resolve(root, dirname(file), path));
    if (`${resolved}/`.startsWith('docs/reference/')) return ''; // TypeDoc's pages, made by `npm run docs:build`, which checks them
    // A page is linked with or without its `.md`; a folder (`./examples/`) or a file with an extension as it is.
    const found = path === '' ? file : /\.\w+$/.test(resolved) || path.endsWith('/') ? resolved : `${resolved}.md`;
    return existsSync(join(root, found)) ? missingAnchor(found, anchor) : `no file ${found}`;
  }

  function missingAnchor(file: string, anchor: string | undefined): string {
    if (anchor === undefined || !file.endsWith('.md')) return '';
    return anchors(file).has(anchor) ? '' : `no heading #${anchor} in ${file}`;
  }

  it('the README and the guides have links of every kind', () => {
    expect(all.some(({ target }) => target.startsWith(SITE))).toBe(true);
    expect(all.some(({ target }) => target.startsWith(`${REPOSITORY}blob/main/`))).toBe(true);
    expect(all.some(({ file, target }) => file !== 'README.md' && target.includes('.md#'))).toBe(true);
  });

  it('every link resolves: to a page and heading, to a file of the repository, or to a page of the site', () => {
    expect(all.map(({ file, target }) => ({ file, target, broken: broken(file, target) })).filter((link) => link.broken !== '')).toEqual([]);
  });

  it('the check finds what it looks for', () => {
    expect(broken('README.md', 'docs/measures.md')).toBe('a relative link, broken in the installed package');
    expect(broken('docs/cli.md', './measures.md#no-such-heading')).toBe('no heading #no-such-heading in docs/measures.md');
    expect(broken('docs/cli.md', './no-such-page')).toBe('no file docs/no-such-page.md');
    expect(broken('docs/cli.md', './measures#the-systems-k-and-token-budgets')).toBe('');
    expect(broken('docs/api.md', './reference/')).toBe(''); // generated: checked by the site's build
    expect(broken('docs/cli.md', `${SITE}no-such-page`)).toBe('no page docs/no-such-page.md');
    expect(broken('docs/cli.md', `${REPOSITORY}blob/main/examples/no-such-file`)).toBe('no file examples/no-such-file');
    expect(broken('docs/cli.md', `${REPOSITORY}blob/main/examples/rag`)).toBe('a blob link to examples/rag');
  });
});

/** Mentions of an issue by number in `files` (paths from the root), as `file: issue N`. */
const issueNumbers = (files: readonly string[]): string[] =>
  files.flatMap((file) => [...readFileSync(join(root, file), 'utf8').matchAll(/\bissues? #?\d+/gi)].map((match) => `${file}: ${match[0]}`));

it('no issue numbers in the README, the guides or the changelog: they mean nothing to a reader', () => {
  expect(issueNumbers([...documentationFiles(), 'CHANGELOG.md'])).toEqual([]);
});

it('no issue numbers in the comments and test names of the sources, tests, benches and examples either', () => {
  const files = ['src', 'test', 'bench', 'examples'].flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(ts|mjs|cjs|js|md)$/.test(file))
      .map((file) => join(dir, file)),
  );
  expect(files.length).toBeGreaterThan(300);
  expect(issueNumbers(files)).toEqual([]);
});
