// A command's -o (src/cli/output.ts): never a file the command reads, refused where `>` refuses, and no
// temporary file left behind, on a failure or on a signal. The user and signal cases run the built
// `rankeval` (npx tsup first) as child processes: a real user, a real signal.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, closeSync, cpSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, watch, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareUsage } from '../../../src/cli/compare.js';
import { fuseUsage, runFuse } from '../../../src/cli/fuse.js';
import { inputFlag, parseCommandArgs } from '../../../src/cli/shared/args.js';
import { usageError } from '../../../src/cli/shared/command.js';
import { checkOutput, OUTPUT_OPTION, writeOutput } from '../../../src/cli/shared/output.js';
import { reportUsage, runReport } from '../../../src/cli/report.js';
import { runCommand, type Command } from '../../helpers/cli.js';

const root = join(import.meta.dirname, '../../..');
const bin = join(root, 'bin/rankeval.js');
const examples = join(root, 'examples/rag');
const golden = join(examples, 'golden.jsonl');
const bm25 = join(examples, 'runs/bm25.jsonl');
const keyword = join(examples, 'runs/keyword.jsonl');
let dir = '';
/** Every document of the example's runs, 10 tokens each: a lengths file a token budget can read. */
let lengths = '';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rankeval-output-'));
  // Open to every user: the unprivileged one (nobody, when run as root) works in directories under it.
  chmodSync(dir, 0o755);
  const ids = new Set([bm25, keyword].flatMap((run) => [...readFileSync(run, 'utf8').matchAll(/"id":\s*"([^"]+)"/g)].map((match) => match[1]!)));
  lengths = [...ids].map((id) => `${id}\t10\n`).join('');
});

/** A directory of its own under `dir`, holding `files`. */
function directory(files: Record<string, string> = {}): string {
  const made = mkdtempSync(join(dir, 'd-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(made, name), text);
  return made;
}

describe('-o is never a file the command reads', () => {
  const REPORT = (files: string) => [golden, bm25, keyword, '-m', 'recall@budget=20', '--lengths', join(files, 'len.tsv')];
  const FUSE = (files: string) => [bm25, keyword, '--method', 'rrf', '--optimize', 'recall@budget=20', '--qrels', golden, '--lengths', join(files, 'len.tsv')];

  it.each([
    ['report', 'len.tsv', 'the lengths file (--lengths)', 'the report', runReport, REPORT],
    ['report', './len.tsv', 'the lengths file (--lengths)', 'the report', runReport, REPORT],
    ['report', 'link.tsv', 'the lengths file (--lengths)', 'the report', runReport, REPORT],
    ['report', golden, 'the golden set (QRELS)', 'the report', runReport, REPORT],
    ['report', keyword, 'one of the runs', 'the report', runReport, REPORT],
    ['fuse', 'len.tsv', 'the lengths file (--lengths)', 'the fused run', runFuse, FUSE],
    ['fuse', 'link.tsv', 'the lengths file (--lengths)', 'the fused run', runFuse, FUSE],
    ['fuse', golden, 'the golden set (--qrels)', 'the fused run', runFuse, FUSE],
    ['fuse', bm25, 'one of the runs', 'the fused run', runFuse, FUSE],
  ] as const)('%s -o %s is refused (exit 2) as %s, before anything is read or written', async (command, output, role, what, run: Command, args) => {
    const files = directory({ 'len.tsv': lengths });
    symlinkSync('len.tsv', join(files, 'link.tsv'));
    const out = output.startsWith('/') ? output : join(files, output);
    const before = readFileSync(out, 'utf8');
    expect(await runCommand(run, [...args(files), '-o', out])).toEqual({
      status: 2,
      stdout: '',
      stderr: `-o ${out} is ${role}; ${what} would overwrite it (see rankeval ${command} --help)`,
    });
    expect(readFileSync(out, 'utf8')).toBe(before);
    expect(readdirSync(files).sort()).toEqual(['len.tsv', 'link.tsv']);
  });

  it('a flag declared with inputFlag is refused as -o with nothing more said: the one list the check reads', () => {
    const usage = usageError('test');
    const corpus = join(directory({ 'corpus.jsonl': 'kept' }), 'corpus.jsonl');
    const { values, inputs } = parseCommandArgs(['a', '--corpus', corpus, 'b', 'c', '-o', corpus], { corpus: inputFlag('the corpus'), ...OUTPUT_OPTION }, usage, ['the golden set', 'a run']);
    expect(inputs).toEqual([
      { path: corpus, role: 'the corpus (--corpus)' },
      { path: 'a', role: 'the golden set' },
      { path: 'b', role: 'a run' },
      { path: 'c', role: 'a run' },
    ]);
    expect(() => checkOutput(values.output!, inputs, 'the thing', usage)).toThrow(`-o ${corpus} is the corpus (--corpus); the thing would overwrite it (see rankeval test --help)`);
    // Without roles, the positional arguments are not files (merge's parts, say, are not listed).
    expect(parseCommandArgs(['a'], OUTPUT_OPTION, usage).inputs).toEqual([]);
  });

  // Every flag the help shows taking a file (FILE, GOLDEN) is one that -o may not name: a file flag added to
  // a command without inputFlag fails here.
  const fileFlags = (help: string): string[] => [...new Set([...help.matchAll(/--([a-z][a-z-]*) (?:FILE|GOLDEN)\b/g)].map((match) => match[1]!))].filter((flag) => flag !== 'output');
  it.each([
    ['report', runReport, `${reportUsage}${compareUsage}`, [golden, bm25, '-m', 'recall@budget=20']],
    ['fuse', runFuse, fuseUsage, [bm25, keyword, '--method', 'rrf', '--optimize', 'recall@budget=20', '--qrels', golden]],
  ] as const)('%s: every file flag of its help is refused as -o', async (_, run: Command, help, base) => {
    const flags = fileFlags(help);
    expect(flags.length).toBeGreaterThan(0);
    for (const flag of flags) {
      const file = join(directory({ 'file.txt': lengths }), 'file.txt');
      // The flag in place of the base's own (fuse's --qrels): a flag of one value is refused twice.
      const own = base.indexOf(`--${flag}`);
      const rest = own < 0 ? base : [...base.slice(0, own), ...base.slice(own + 2)];
      const result = await runCommand(run, [...rest, `--${flag}`, file, '-o', file]);
      expect({ flag, status: result.status, stderr: result.stderr }).toEqual({ flag, status: 2, stderr: expect.stringMatching(new RegExp(`^-o ${file} is .* \\(--${flag}\\); .* would overwrite it`)) });
      expect(readFileSync(file, 'utf8')).toBe(lengths);
    }
  });

  // Standard input redirected from the file -o names (`- … -o run < run`): the file behind fd 0 is an input.
  it.each([
    ['report', [golden, '-', keyword], 'one of the runs (-, standard input, reads it)', 'the report'],
    ['fuse', ['-', keyword, '--method', 'rrf'], 'one of the runs (-, standard input, reads it)', 'the fused run'],
    ['report', [golden, bm25, keyword, '-m', 'recall@budget=20', '--lengths', '-'], 'the lengths file (--lengths) (-, standard input, reads it)', 'the report'],
  ] as const)('%s: -o naming the file standard input is read from is refused (exit 2)', (command, args, role, what) => {
    const files = directory({ 'in.run': readFileSync(bm25, 'utf8'), 'len.tsv': lengths });
    const input = join(files, command === 'report' && args.includes('--lengths') ? 'len.tsv' : 'in.run');
    const before = readFileSync(input, 'utf8');
    const stdin = openSync(input, 'r');
    try {
      const result = spawnSync(process.execPath, [bin, command, ...args, '-o', input], { stdio: [stdin, 'pipe', 'pipe'], encoding: 'utf8' });
      expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 2, stderr: `rankeval ${command}: -o ${input} is ${role}; ${what} would overwrite it (see rankeval ${command} --help)\n` });
    } finally {
      closeSync(stdin);
    }
    expect(readFileSync(input, 'utf8')).toBe(before);
  });

  it("-o '' is a usage error for fuse as for report", async () => {
    for (const [run, args] of [[runReport, [golden, bm25]], [runFuse, [bm25, keyword, '--method', 'rrf']]] as const) {
      expect(await runCommand(run, [...args, '-o', ''])).toMatchObject({ status: 2, stderr: expect.stringMatching(/^-o takes a file name \(or - for standard output\); got ''/) });
    }
  });
});

const isRoot = process.getuid?.() === 0;
const NOBODY = 65534;
/** How to run a command as an unprivileged user from root: setpriv, else runuser; undefined where neither works. */
const asNobody = ((): string[] | undefined => {
  if (!isRoot) return undefined;
  for (const prefix of [['setpriv', `--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups'], ['runuser', '-u', 'nobody', '--']]) {
    if (spawnSync(prefix[0]!, [...prefix.slice(1), 'id', '-u'], { encoding: 'utf8' }).stdout?.trim() === String(NOBODY)) return prefix;
  }
  return undefined;
})();

/** What the unprivileged user runs and reads: the built command and the example files, by path. */
interface Staged {
  readonly bin: string;
  readonly golden: string;
  readonly bm25: string;
  readonly keyword: string;
}

const STAGED = ['bin', 'dist', 'package.json', 'examples/rag/golden.jsonl', 'examples/rag/runs/bm25.jsonl', 'examples/rag/runs/keyword.jsonl'];

/**
 * The folders of node_modules/ that the commands load, by path from the root: the optional peers the
 * report draws with (package.json's peerDependencies but vitest, which only the matchers' entry imports),
 * and their dependencies, found as Node finds them (the package's own node_modules, then the root's). A
 * package nested in another's node_modules is copied with it.
 */
function modulesLoaded(): string[] {
  const folders = new Set<string>();
  const visit = (name: string, from: string): void => {
    const nested = join(from, 'node_modules', name);
    const folder = existsSync(join(root, nested)) ? nested : join('node_modules', name);
    if (!existsSync(join(root, folder)) || folders.has(folder)) return;
    folders.add(folder);
    const manifest = JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    for (const dependency of Object.keys(manifest.dependencies ?? {})) visit(dependency, folder);
  };
  const { peerDependencies = {} } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { peerDependencies?: Record<string, string> };
  for (const peer of Object.keys(peerDependencies)) if (peer !== 'vitest') visit(peer, '');
  const inside = (folder: string): string | undefined => (folder.lastIndexOf('/node_modules/') > 0 ? folder.slice(0, folder.lastIndexOf('/node_modules/')) : undefined);
  return [...folders].filter((folder) => !folders.has(inside(folder) ?? ''));
}

/**
 * As root, what nobody runs, staged where nobody can read it: the clone may sit in a directory only root
 * may enter (/root, a `mktemp -d`), so the built command (bin/, dist/, package.json and the packages it
 * loads) and the example files are copied to a directory open to every user under the system's
 * temporary directory. The words of why nobody still cannot run it there (node itself out of its reach),
 * to skip with; the checkout's own paths when not root (the command runs in process).
 */
const staged = ((): Staged | string => {
  const own = { bin, golden, bm25, keyword };
  if (asNobody === undefined) return isRoot ? 'root can switch to nobody neither by setpriv nor by runuser' : own;
  const open = mkdtempSync(join(tmpdir(), 'rankeval-nobody-'));
  for (const path of [...STAGED, ...modulesLoaded()]) cpSync(join(root, path), join(open, path), { recursive: true, dereference: true });
  // Readable (and its folders enterable) by every user, whatever the umask or the checkout's modes.
  spawnSync('chmod', ['-R', 'a+rX', open]);
  const paths = { bin: join(open, 'bin/rankeval.js'), golden: join(open, 'examples/rag/golden.jsonl'), bm25: join(open, 'examples/rag/runs/bm25.jsonl'), keyword: join(open, 'examples/rag/runs/keyword.jsonl') };
  const tried = spawnSync(asNobody[0]!, [...asNobody.slice(1), process.execPath, paths.bin, '--version'], { cwd: open, encoding: 'utf8' });
  if (tried.status === 0) return paths;
  rmSync(open, { recursive: true, force: true });
  const lines = (tried.stderr ?? '').trim().split('\n');
  const why = tried.error?.message ?? lines.find((line) => /Error\b/.test(line)) ?? (lines[0] || `exit status ${tried.status}`);
  return `nobody cannot run ${process.execPath} ${paths.bin}: ${why}`;
})();
if (typeof staged === 'string') console.warn(`SKIPPED the unprivileged -o tests of test/cli/shared/output.test.ts: ${staged}`);
afterAll(() => {
  if (typeof staged !== 'string' && staged.bin !== bin) rmSync(join(staged.bin, '../..'), { recursive: true, force: true });
});

/**
 * `sh -c "echo new > FILE"` and a rankeval command, both as an unprivileged user: this one (the command
 * in process), or nobody when run as root (the staged built command). `message` is the last line of
 * stderr, without the command's name.
 */
function unprivileged(cwd: string, command: Staged) {
  const prefix = asNobody ?? [];
  const spawned = (argv: string[]) => spawnSync(prefix[0] ?? argv[0]!, [...prefix.slice(1), ...(prefix.length === 0 ? argv.slice(1) : argv)], { cwd, encoding: 'utf8' });
  const lastLine = (text: string): string => text.trimEnd().split('\n').pop()!.replace(/^rankeval \w+: /, '');
  return {
    redirect: (file: string): number | null => spawned(['sh', '-c', `echo new > ${file}`]).status,
    rankeval: async (name: 'report' | 'fuse', args: string[]): Promise<{ status: number | null; message: string }> => {
      const { status, stderr } = prefix.length === 0 ? await runCommand(name === 'report' ? runReport : runFuse, args) : spawned([process.execPath, command.bin, name, ...args]);
      return { status, message: lastLine(stderr) };
    },
  };
}

/** A directory (and files in it) owned by the unprivileged user: nobody's when run as root. */
function owned(mode: number, files: Record<string, [string, number]>): string {
  const made = directory();
  for (const [name, [text, fileMode]] of Object.entries(files)) {
    writeFileSync(join(made, name), text);
    if (isRoot) chownSync(join(made, name), NOBODY, NOBODY);
    chmodSync(join(made, name), fileMode);
  }
  if (isRoot) chownSync(made, NOBODY, NOBODY);
  chmodSync(made, mode);
  return made;
}

// Root may write anything but on a read-only file system (as `>` does); the rules are tried as an
// unprivileged user: this one, or nobody by setpriv or runuser when run as root, on the staged command
// (skipped, with one line saying why, only where root can switch to neither or nobody cannot run node).
describe.skipIf(typeof staged === 'string')('-o refuses what > refuses, as an unprivileged user', () => {
  const command = staged as Staged;
  const REPORT = [command.golden, command.bm25, '-m', 'ndcg@10', '-o'];
  const FUSE = [command.bm25, command.keyword, '--method', 'rrf', '-o'];

  it('a write-protected file: refused (exit 3) and kept, by report and fuse as by >', async () => {
    const files = owned(0o755, { 'kept.html': ['keep\n', 0o444] });
    const user = unprivileged(files, command);
    expect(user.redirect('kept.html')).not.toBe(0);
    for (const [command, args] of [['report', REPORT], ['fuse', FUSE]] as const) {
      expect(await user.rankeval(command, [...args, join(files, 'kept.html')])).toEqual({ status: 3, message: `cannot write ${join(files, 'kept.html')}: EACCES: permission denied` });
    }
    expect(readFileSync(join(files, 'kept.html'), 'utf8')).toBe('keep\n');
    expect(readdirSync(files)).toEqual(['kept.html']);
  });

  it('a new file in a directory the user may not write: refused (exit 3) before anything is read, as by >', async () => {
    const files = owned(0o555, {});
    const user = unprivileged(files, command);
    expect(user.redirect('new.html')).not.toBe(0);
    expect(await user.rankeval('report', [command.golden, 'missing.jsonl', '-o', join(files, 'new.html')])).toEqual({ status: 3, message: `cannot write ${join(files, 'new.html')}: EACCES: permission denied` });
    expect(readdirSync(files)).toEqual([]);
  });

  it('a file the user may write in a directory that takes no new file: written in place, as by >', async () => {
    const files = owned(0o555, { 'old.html': ['old\n', 0o644], 'shell.html': ['old\n', 0o644] });
    const user = unprivileged(files, command);
    expect(user.redirect('shell.html')).toBe(0);
    expect(readFileSync(join(files, 'shell.html'), 'utf8')).toBe('new\n');
    expect(await user.rankeval('report', [...REPORT, join(files, 'old.html')])).toMatchObject({ status: 0 });
    expect(readFileSync(join(files, 'old.html'), 'utf8')).toMatch(/^<!DOCTYPE html>[^]*<\/html>\s*$/);
    expect(readdirSync(files).sort()).toEqual(['old.html', 'shell.html']);
  });
});

describe.runIf(isRoot)('-o as root, who may write a write-protected file as > may', () => {
  it("replaces it whole, keeping its owner and permission bits, as > keeps them", async () => {
    const files = directory({ 'kept.html': 'keep\n', 'shell.html': 'keep\n' });
    for (const name of ['kept.html', 'shell.html']) {
      chownSync(join(files, name), NOBODY, NOBODY);
      chmodSync(join(files, name), 0o444);
    }
    expect(spawnSync('sh', ['-c', 'echo new > shell.html'], { cwd: files }).status).toBe(0);
    expect(await runCommand(runReport, [golden, bm25, '-m', 'ndcg@10', '-o', join(files, 'kept.html')])).toMatchObject({ status: 0 });
    expect(readFileSync(join(files, 'kept.html'), 'utf8')).toMatch(/^<!DOCTYPE html>/);
    const [kept, shell] = ['kept.html', 'shell.html'].map((name) => statSync(join(files, name)));
    expect({ mode: kept!.mode & 0o7777, uid: kept!.uid, gid: kept!.gid }).toEqual({ mode: shell!.mode & 0o7777, uid: shell!.uid, gid: shell!.gid });
    expect({ mode: kept!.mode & 0o7777, uid: kept!.uid }).toEqual({ mode: 0o444, uid: NOBODY });
  });
});

describe('-o writes as > would, whole where it can', () => {
  it('standard input as an input is no file that -o could name, not even ./- (a file called -)', () => {
    expect(() => checkOutput('./-', [{ path: '-', role: 'one of the runs' }], 'the fused run', usageError('fuse'))).not.toThrow();
  });

  it('-o under a file that is not a directory is an output error (exit 3) naming it', async () => {
    const files = directory({ 'file.txt': 'kept' });
    expect(await runCommand(runFuse, [bm25, '--method', 'rrf', '-o', join(files, 'file.txt', 'out.run')])).toMatchObject({
      status: 3,
      stderr: `cannot write ${join(files, 'file.txt', 'out.run')}: ${join(files, 'file.txt')} is not a directory`,
    });
  });

  it('writes into what is not a regular file (a device), and through a dangling link, creating its target', async () => {
    await writeOutput('/dev/null', 'nothing');
    const files = directory();
    symlinkSync('target.run', join(files, 'link.run'));
    await writeOutput(join(files, 'link.run'), 'new\n');
    expect(readFileSync(join(files, 'target.run'), 'utf8')).toBe('new\n');
    expect(readdirSync(files).sort()).toEqual(['link.run', 'target.run']);
  });

  it.runIf(existsSync('/dev/full'))('a device that fails the write is named with its error', async () => {
    await expect(writeOutput('/dev/full', 'x')).rejects.toThrow('cannot write /dev/full: ENOSPC: no space left on device');
  });

  it('a directory gone since -o was checked is named with its error, and nothing is left', async () => {
    const files = directory();
    rmSync(files, { recursive: true });
    await expect(writeOutput(join(files, 'out.run'), 'x')).rejects.toThrow(`cannot write ${join(files, 'out.run')}: ENOENT: no such file or directory`);
  });
});

describe('no temporary file is left behind', () => {
  it('a rename that fails (the file became a directory meanwhile) removes the temporary file and names -o', async () => {
    const files = directory({ 'out.run': 'old' });
    const out = join(files, 'out.run');
    const writing = writeOutput(out, 'x'.repeat(1 << 20));
    rmSync(out);
    mkdirSync(out);
    await expect(writing).rejects.toThrow(`cannot write ${out}: EISDIR: illegal operation on a directory`);
    expect(readdirSync(files)).toEqual(['out.run']);
  });

  // A run of 100,000 lines: writing the fused run (19 MB) takes long enough to be caught at it.
  let big = '';
  let fused = '';
  beforeAll(async () => {
    big = join(directory(), 'big.run');
    const pad = 'x'.repeat(150);
    const lines: string[] = [];
    for (let q = 0; q < 500; q++) for (let r = 0; r < 200; r++) lines.push(`q${q} Q0 d${r}-${pad} ${r + 1} ${1000 - r} run\n`);
    writeFileSync(big, lines.join(''));
    fused = (await runCommand(runFuse, [big, '--method', 'rrf'])).stdout;
  });

  /** When the signal is sent: the temporary file seen (during the write), out.run replaced (after), or at once. */
  type Moment = 'the temporary file appears' | 'out.run is replaced' | 'it starts';

  /**
   * `rankeval fuse BIG -o out.run` over an old out.run, sent `signal` when `when` is seen in its directory
   * (the temporary file made, or out.run replaced), or as soon as it starts. Whenever the signal lands, the
   * directory then holds out.run alone, old or whole-new, and the process ended by the signal or finished
   * its work.
   */
  async function interrupt(signal: 'SIGINT' | 'SIGTERM', when: Moment) {
    const files = directory({ 'out.run': 'old\n' });
    const child = spawn(process.execPath, [bin, 'fuse', big, '--method', 'rrf', '-o', 'out.run'], { cwd: files, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('close', (code, signal) => resolve({ code, signal })));
    let sent = false;
    const send = () => {
      if (!sent && child.exitCode === null && child.signalCode === null) sent = child.kill(signal);
    };
    const old = statSync(join(files, 'out.run')).ino;
    const seen = (): boolean => (when === 'the temporary file appears' ? readdirSync(files).some((name) => name.startsWith('.rankeval-')) : statSync(join(files, 'out.run')).ino !== old);
    // The directory is watched, and looked at every few milliseconds besides: whichever sees it first.
    const watcher = watch(files, () => (seen() ? send() : undefined));
    const poll = setInterval(() => (seen() ? send() : undefined), 2);
    if (when === 'it starts') send();
    const end = await ended;
    watcher.close();
    clearInterval(poll);
    expect(readdirSync(files)).toEqual(['out.run']);
    const out = readFileSync(join(files, 'out.run'), 'utf8');
    expect(out === 'old\n' || out === fused, `out.run is neither the old file nor the whole fused run (${out.length} characters)`).toBe(true);
    // Ended by the signal, or done (the signal sent too late, to a process already ending): then it wrote the run whole.
    const outcome = end.signal === signal ? 'ended by the signal' : end.code === 0 && out === fused ? 'done' : `exit ${end.code}, signal ${end.signal}: ${stderr}`;
    expect(outcome).toMatch(sent ? /^(ended by the signal|done)$/ : /^done$/);
    return { sent, out };
  }

  it.each([
    ['SIGINT', 'the temporary file appears'],
    ['SIGTERM', 'the temporary file appears'],
    ['SIGINT', 'it starts'],
    ['SIGINT', 'out.run is replaced'],
  ] as const satisfies readonly (readonly [string, Moment])[])('%s sent when %s: no temporary file is left, the old file or the new one is whole, the process ends by the signal', async (signal, when) => {
    const { out } = await interrupt(signal, when);
    if (when === 'out.run is replaced') expect(out).toBe(fused);
  }, 60_000);
});
