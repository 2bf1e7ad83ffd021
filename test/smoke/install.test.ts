// The packed tarball (`npm pack`), installed offline into an empty project as a user installs it: it adds
// rankeval alone, its types check, the library runs under Node, in Chromium (skipped without one outside CI:
// test/helpers/chromium.ts), and under Bun and Deno when RANKEVAL_BUN / RANKEVAL_DENO name them (.ci/run
// installs both from npm), and the report, whose libraries are optional peer dependencies the user has not
// installed, says in one line what to install.
import { execFileSync, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumForTests, chromiumPath } from '../helpers/chromium.js';
import { SMOKE as smoke, VITEST_CJS } from '../helpers/smoke.js';

const root = join(import.meta.dirname, '../..');
const BUN = process.env['RANKEVAL_BUN'];
const DENO = process.env['RANKEVAL_DENO'];
const NEEDS = 'needs @observablehq/plot and linkedom: npm install @observablehq/plot linkedom';
// What report.mjs (written below) prints: renderReport's rejection without Observable Plot and linkedom.
const missingLibraries = { sameClass: true, code: 'missing_dependency', message: `rankeval report ${NEEDS}` };

let scratch: string;
let app: string;
let tarball: string;

// npm run passes its settings down as npm_config_* variables; the project below gets npm's defaults.
const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
const inApp = (command: string, args: readonly string[]): SpawnSyncReturns<string> => spawnSync(command, args, { cwd: app, env, encoding: 'utf8' });
const json = (result: SpawnSyncReturns<string>): unknown => {
  if (result.status !== 0) throw new Error(`exit ${result.status}: ${result.stderr}${result.error?.message ?? ''}`);
  return JSON.parse(result.stdout);
};

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'rankeval-install-'));
  const [packed] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', scratch], { cwd: root, env, encoding: 'utf8' }));
  tarball = join(scratch, packed.filename);
  app = join(scratch, 'app');
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), '{ "name": "app", "private": true }\n');
  // No network: a package without dependencies installs from its tarball alone.
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], { cwd: app, env, encoding: 'utf8' });
  for (const script of ['import.mjs', 'require.cjs']) copyFileSync(join(import.meta.dirname, script), join(app, script));
  writeFileSync(
    join(app, 'report.mjs'),
    `import { RankevalError } from 'rankeval';
import { renderReport } from 'rankeval/report';
const error = await renderReport({ qrels: new Map([['q', new Map([['a', 1]])]]), runs: new Map([['r', new Map([['q', ['a']]])]]) }, { measures: ['mrr'] }).catch((caught) => caught);
console.log(JSON.stringify({ sameClass: error instanceof RankevalError, code: error.code, message: error.message }));
`,
  );
});

afterAll(() => {
  if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true });
});

describe('the packed package installed in an empty project', () => {
  it('adds rankeval alone: no dependencies, the report’s libraries and vitest are optional peers', () => {
    const lock = JSON.parse(readFileSync(join(app, 'package-lock.json'), 'utf8'));
    expect(Object.keys(lock.packages).filter((path) => path !== '')).toEqual(['node_modules/rankeval']);
  });

  it('ships the built entries, the bin, types, README, LICENSE and CHANGELOG, and no source maps', () => {
    const listed = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).trim().split('\n');
    for (const file of ['dist/index.js', 'dist/index.cjs', 'dist/index.d.ts', 'dist/index.d.cts', 'dist/fusion.js', 'dist/fusion.d.cts', 'dist/cli.js', 'bin/rankeval.js', 'README.md', 'LICENSE', 'CHANGELOG.md']) {
      expect(listed).toContain(`package/${file}`);
    }
    expect(listed.filter((file) => file.endsWith('.map'))).toEqual([]);
  });

  it('runs under Node as ESM and as CommonJS', () => {
    expect(json(inApp(process.execPath, ['import.mjs']))).toEqual({ format: 'esm', ...smoke });
    expect(json(inApp(process.execPath, ['require.cjs']))).toEqual({ format: 'cjs', ...smoke, vitest: VITEST_CJS });
  });

  it('typechecks a user’s ESM and CommonJS files under strict settings (nodenext resolution)', () => {
    const use = `const scores = evaluate(['G', 'x'], { G: 1 }, 10);
const checked: number = scores.ndcg;
const data: ReportData | undefined = undefined;
const cause: RankevalErrorCode = 'missing_dependency';
const fused: ScoredDocument[] | undefined = fuse([{ q: [{ id: 'G', score: 1 }] }], { method: 'rrf' }).get('q');
const preferred: number = evaluatePreferences(['G'], { g: { s: [{ doc: 'G', level: 1 }] } }).prefs_simp;
const aspects: QueryAspects = new Map([['x', new Map([['G', 1]])]]);
export const used = [checked, data, cause, rankevalMatchers.toRankFirst, renderReport, fused, preferred, aspectRecall(['G'], aspects, 1)];
`;
    const imports = `import { evaluate, type RankevalErrorCode, type ScoredDocument } from 'rankeval';
import { aspectRecall, type QueryAspects } from 'rankeval/diversity';
import { fuse } from 'rankeval/fusion';
import { rankevalMatchers } from 'rankeval/matchers';
import { evaluatePreferences } from 'rankeval/preferences';
import { renderReport, type ReportData } from 'rankeval/report';
`;
    writeFileSync(join(app, 'use.mts'), `${imports}${use}`);
    writeFileSync(join(app, 'use.cts'), `${imports}${use}`);
    const compilerOptions = { strict: true, noUncheckedIndexedAccess: true, module: 'nodenext', target: 'es2022', noEmit: true, types: [] };
    writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['use.mts', 'use.cts'] }));
    const result = inApp(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', '.']);
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('rankeval/report loads without its libraries; rendering rejects with one line naming the install command', () => {
    expect(json(inApp(process.execPath, ['report.mjs']))).toEqual(missingLibraries);
  });

  it('the rankeval command runs without them, and `rankeval report` says in one line what to install', () => {
    writeFileSync(join(app, 'qrels.txt'), 'q1 0 a 1\nq1 0 b 0\n');
    writeFileSync(join(app, 'run.txt'), 'q1 Q0 b 1 2.0 x\nq1 Q0 a 2 1.0 x\n');
    const bin = join(app, 'node_modules/.bin/rankeval');
    const trec = inApp(bin, ['trec', '-m', 'recip_rank', 'qrels.txt', 'run.txt']);
    expect(trec.stderr).toBe('');
    expect(trec.stdout).toBe('recip_rank            \tall\t0.5000\n');
    const report = inApp(bin, ['report', 'qrels.txt', 'run.txt', '-m', 'mrr', '-o', 'report.html']);
    expect({ status: report.status, stdout: report.stdout, stderr: report.stderr }).toEqual({ status: 3, stdout: '', stderr: `rankeval report: ${NEEDS}\n` });
  });

  it.skipIf(BUN === undefined)('runs under Bun as ESM and as CommonJS (RANKEVAL_BUN)', () => {
    expect(json(inApp(BUN!, ['import.mjs']))).toEqual({ format: 'esm', ...smoke });
    expect(json(inApp(BUN!, ['require.cjs']))).toEqual({ format: 'cjs', ...smoke, vitest: VITEST_CJS });
    expect(json(inApp(BUN!, ['report.mjs']))).toEqual(missingLibraries);
  });

  it.skipIf(DENO === undefined)('runs under Deno as ESM, resolved from node_modules (RANKEVAL_DENO)', () => {
    expect(json(inApp(DENO!, ['run', '--quiet', 'import.mjs']))).toEqual({ format: 'esm', ...smoke });
    expect(json(inApp(DENO!, ['run', '--quiet', 'report.mjs']))).toEqual(missingLibraries);
  });

  it.skipIf(chromiumForTests.skip)('runs in headless Chromium as ES modules served from 127.0.0.1, with an import map', async () => {
    const executablePath = chromiumPath();
    const page = `<!DOCTYPE html><meta charset="utf-8"><title>rankeval smoke</title>
<script type="importmap">{ "imports": {
  "rankeval": "/node_modules/rankeval/dist/index.js",
  "rankeval/matchers": "/node_modules/rankeval/dist/matchers.js",
  "rankeval/report": "/node_modules/rankeval/dist/report.js",
  "rankeval/preferences": "/node_modules/rankeval/dist/preferences.js",
  "rankeval/fusion": "/node_modules/rankeval/dist/fusion.js",
  "rankeval/diversity": "/node_modules/rankeval/dist/diversity.js"
} }</script>
<script type="module">import '/import.mjs';</script>`;
    const server = await serve(app, page);
    const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const browser = await chromium.launch({
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    try {
      const tab = await browser.newPage();
      const requests: string[] = [];
      tab.on('request', (request) => requests.push(request.url()));
      const printed = new Promise<string>((resolve, reject) => {
        // The page's own line is a log; the browser's complaints (a 404 for /favicon.ico, which may come
        // first now that the smoke awaits a retriever's timeout) are errors.
        tab.on('console', (message) => {
          if (message.type() === 'log') resolve(message.text());
        });
        tab.on('pageerror', reject);
      });
      await tab.goto(`${origin}/smoke.html`);
      expect(JSON.parse(await printed)).toEqual({ format: 'esm', ...smoke });
      expect(requests.every((url) => url.startsWith(`${origin}/`))).toBe(true);
    } finally {
      await browser.close();
      server.close();
    }
  });
});

/** Serves `dir`'s files, and `page` as /smoke.html, on 127.0.0.1 (an ephemeral port). */
async function serve(dir: string, page: string): Promise<Server> {
  const types: Record<string, string> = { '.js': 'text/javascript', '.mjs': 'text/javascript', '.html': 'text/html' };
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    try {
      const body = path === '/smoke.html' ? page : readFileSync(join(dir, normalize(path).replace(/^(\.\.[/\\])+/, '')));
      response.writeHead(200, { 'content-type': types[path === '/smoke.html' ? '.html' : extname(path)] ?? 'application/octet-stream' });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}
