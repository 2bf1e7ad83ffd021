// A command's `-o FILE`: refused where `>` would refuse it, and where it names one of the command's inputs;
// otherwise written as `>` would write it, but whole or not at all.
import { randomBytes } from 'node:crypto';
import { accessSync, chmodSync, chownSync, closeSync, constants, fstatSync, lstatSync, openSync, realpathSync, renameSync, rmSync, type Stats, statSync, writeFile, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { InputArg } from './args.js';
import { CliError, foreignMessage, INPUT_ERROR } from './command.js';
import { STDIN } from './input.js';

/** The `-o` flag, as every command that writes a file declares it. */
export const OUTPUT_OPTION = { output: { type: 'string', short: 'o' } } as const;

/** The status of `path` (of itself, not of a link's target, with `follow` false), or undefined where there is none to be had. */
function statOf(path: string, follow = true): Stats | undefined {
  try {
    return follow ? statSync(path) : lstatSync(path);
  } catch {
    return undefined;
  }
}

/** Runs a clean-up whose own failure would only hide the error being reported. */
function quietly(cleanUp: () => void): void {
  try {
    cleanUp();
  } catch {
    // A temporary file already gone: the error to tell is the caller's.
  }
}

/** An fs error's message without the call and path it names (the path may be the temporary file's). */
const systemMessage = (error: unknown): string => foreignMessage(error).replace(/, \w+ '.*'$/s, '');

const cannotWrite = (path: string, error: unknown): CliError => new CliError(`cannot write ${path}: ${systemMessage(error)}`, INPUT_ERROR);

/** The file behind a path (`-`: the one standard input reads, `< file`), as device and inode. */
function identity(path: string): string | undefined {
  let stats: Stats | undefined;
  try {
    stats = path === STDIN ? fstatSync(0) : statSync(path);
  } catch {
    stats = undefined;
  }
  return stats === undefined ? undefined : `${stats.dev}:${stats.ino}`;
}

/**
 * Whether `output` names `input` (the same path, a link to the same file, or for `-` the file standard
 * input is redirected from): writing would overwrite it.
 */
function namesInput(output: string, input: string): boolean {
  if (input !== STDIN && resolve(input) === resolve(output)) return true;
  const outputIdentity = identity(output);
  return outputIdentity !== undefined && identity(input) === outputIdentity;
}

/** `-o`'s value: undefined for standard output (no -o, or `-o -`, as `-` is standard input for the files read). */
export function outputName(given: string | undefined, usage: (message: string) => CliError): string | undefined {
  if (given === '') throw usage("-o takes a file name (or - for standard output); got ''");
  return given === undefined || given === STDIN ? undefined : given;
}

/**
 * Where -o writes, checked before anything is read. A usage error (2): one of the command's `inputs` (every
 * file it reads, as its arguments declare them), which writing would overwrite, or a directory. An output
 * error (3), where `>` would fail too: a directory that does not exist, or an existing file (or, for a new
 * file, its directory) this user may not write. `what` is what the file holds: `the report`, `the fused run`.
 */
export function checkOutput(output: string, inputs: readonly InputArg[], what: string, usage: (message: string) => CliError): void {
  const input = inputs.find(({ path }) => namesInput(output, path));
  if (input !== undefined) {
    const named = input.path === STDIN ? `${input.role} (-, standard input, reads it)` : input.role;
    throw usage(`-o ${output} is ${named}; ${what} would overwrite it`);
  }
  const stats = statOf(output);
  if (stats?.isDirectory()) throw usage(`-o ${output} is a directory; give ${what}'s file name`);
  if (stats === undefined && statOf(output, false) === undefined) {
    const directory = dirname(output);
    const parent = statOf(directory);
    if (parent === undefined) throw new CliError(`cannot write ${output}: the directory ${directory} does not exist`, INPUT_ERROR);
    if (!parent.isDirectory()) throw new CliError(`cannot write ${output}: ${directory} is not a directory`, INPUT_ERROR);
    checkWritable(output, directory, constants.W_OK | constants.X_OK);
  } else if (stats !== undefined) checkWritable(output, output);
}

/** `>`'s rule: a file is written where this user may write it (root, anywhere but on a read-only file system). */
function checkWritable(output: string, path: string, mode: number = constants.W_OK): void {
  try {
    accessSync(path, mode);
  } catch (error) {
    throw cannotWrite(output, error);
  }
}

/** The temporary files this process has made and not yet renamed into place. */
const temporaries = new Set<string>();
/** What ends a command from outside (Ctrl-C, kill, a closed terminal): its temporary files go first. */
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
let writing = 0;

function removeTemporaries(): void {
  for (const temporary of temporaries) quietly(() => rmSync(temporary, { force: true }));
  temporaries.clear();
}

/**
 * A signal during a write: the temporary file is removed, then the signal is raised again with no listener
 * left, so the process ends by it (exit status 128 + its number to a shell) as it would have without this.
 */
function onSignal(signal: NodeJS.Signals): void {
  removeTemporaries();
  listen(false);
  process.kill(process.pid, signal);
}

function listen(on: boolean): void {
  for (const signal of SIGNALS) process[on ? 'on' : 'removeListener'](signal, onSignal);
  // process.exit() mid-write (a stderr that cannot be written) ends the process without a signal.
  process[on ? 'on' : 'removeListener']('exit', removeTemporaries);
}

/** The listeners are there while any write is under way. */
function guard(): void {
  if (writing++ === 0) listen(true);
}

function unguard(): void {
  if (--writing === 0) listen(false);
}

const nextTurn = (): Promise<void> => new Promise((done) => setImmediate(done));

/**
 * Writes `text` to `path` as `>` would, but whole or not at all: a regular file (or a link to one) is
 * replaced by a complete new file, written beside it and renamed over it, with the old file's owner and
 * permission bits, so that an interrupted or failed write leaves the previous file whole instead of an
 * empty or cut one. A file this user may not write is refused, as `>` refuses it. What is not a regular
 * file (a device, a FIFO, a socket) cannot be renamed over and is written to directly, as is a dangling
 * link, whose target is created, and, in place as `>` writes it, an existing file that a new one cannot
 * replace (its directory takes no new file, or its owner is not this user's to give). The temporary file
 * is removed on every failure, and on SIGINT, SIGTERM or SIGHUP, after which the process ends by that signal.
 */
export async function writeOutput(path: string, text: string): Promise<void> {
  const stats = statOf(path);
  // A dangling link exists itself: written to, its target is created.
  if (stats === undefined ? statOf(path, false) !== undefined : !stats.isFile()) return writeInPlace(path, text);
  if (stats !== undefined) checkWritable(path, path);
  // A link is followed: the new file goes where the old one is, and the link stays.
  const target = stats === undefined ? path : realpathSync(path);
  guard();
  try {
    let temporary: string;
    try {
      temporary = await createTemporary(dirname(target), text);
    } catch (error) {
      if (stats !== undefined && cannotReplace(error)) return writeInPlace(path, text);
      throw cannotWrite(path, error);
    }
    try {
      if (stats !== undefined) {
        // The old file's owner and permission bits (a report kept private stays private), not the umask's default.
        chownSync(temporary, stats.uid, stats.gid);
        chmodSync(temporary, stats.mode & 0o7777);
      }
      renameSync(temporary, target);
    } catch (error) {
      quietly(() => rmSync(temporary, { force: true }));
      // An owner this user cannot give, a sticky directory (/tmp) that lets only a file's owner replace it:
      // `>` would keep the file and its owner, writing it in place.
      if (stats !== undefined && cannotReplace(error)) return writeInPlace(path, text);
      throw cannotWrite(path, error);
    } finally {
      temporaries.delete(temporary);
    }
  } finally {
    // Two turns of the event loop: a signal that came during the last synchronous steps is handled (the
    // process ending by it) before its listener goes, instead of being dropped with it.
    await nextTurn();
    await nextTurn();
    unguard();
  }
}

/** Whether a new file could not take the old one's place (the old one may still be written in place, as `>` does). */
const cannotReplace = (error: unknown): boolean => ['EACCES', 'EPERM'].includes((error as NodeJS.ErrnoException).code ?? '');

function writeInPlace(path: string, text: string): void {
  try {
    writeFileSync(path, text);
  } catch (error) {
    throw cannotWrite(path, error);
  }
}

/**
 * Creates a new file holding `text` in `directory` under a short name of its own (the output's name may
 * already be as long as a name can be) and returns its path. `wx` never goes through a file or link that
 * is already there: on such a name another is drawn, so only a file this process made is ever removed.
 * The text is written asynchronously, the event loop free, so that a signal is handled (and the file
 * removed) meanwhile.
 */
async function createTemporary(directory: string, text: string): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const temporary = join(directory, `.rankeval-${process.pid}-${randomBytes(6).toString('hex')}.tmp`);
    let descriptor: number;
    try {
      // Opened synchronously, and listed in the same turn: no signal can be handled between the file's
      // creation and its listing (with an asynchronous open it could, and the file was left behind).
      descriptor = openSync(temporary, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST' && attempt < 99) continue;
      throw error;
    }
    temporaries.add(temporary);
    try {
      await writeToDescriptor(descriptor, text);
      closeSync(descriptor);
      return temporary;
    } catch (error) {
      quietly(() => closeSync(descriptor));
      quietly(() => rmSync(temporary, { force: true }));
      temporaries.delete(temporary);
      throw error;
    }
  }
}

const writeToDescriptor = promisify(writeFile);
