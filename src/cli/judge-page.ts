// `rankeval judge POOL --corpus CORPUS --queries QUERIES`: the judging page for people, served on the
// loopback address until the command is stopped (Ctrl-C), each key press appended to the store at once.
import { isIP } from 'node:net';
import { userInfo } from 'node:os';
import { readCorpus, readQueries } from '../formats/corpus.js';
import { readPool, type Pool } from '../formats/pool.js';
import type { Source } from '../formats/source.js';
import { DEFAULT_SCALE, type RelevanceScale } from '../judging/scale.js';
import { openStore, type OpenStore } from '../judging/store-file.js';
import { quoteJson } from '../core/quoting.js';
import { messageText } from '../text/escape.js';
import { numberFlag, parseCommandArgs } from './shared/args.js';
import { CliError, foreignMessage, INPUT_ERROR, type Io, usageError } from './shared/command.js';
import { tornLineWarning } from './shared/files.js';
import { openInput, readFailure } from './shared/input.js';
import { startJudgePage, storeFailure, type JudgePageSettings } from './judge-page-server.js';

/** The judging page's line of `rankeval judge --help`'s usage. */
export const JUDGE_PAGE_USAGE = 'rankeval judge POOL --corpus CORPUS --queries QUERIES [--judge NAME] [flags]';

/** The judging page's part of `rankeval judge --help`. */
export const JUDGE_PAGE_HELP = `The judging page (POOL …): a person grades each pair of the pool (the query, and the passage from the
corpus) with the keyboard, in a browser. Each key press is saved to the store (appended, flushed to disk)
before the next passage shows: closing the tab or stopping the command loses nothing, and running it again
resumes where the judge stopped, as reloading the page does. A grade names its pair: a key pressed in a
page left behind (another tab) is refused, never saved for another pair. A grade the store cannot take (a
full disk) is refused, shown on the page and said once on standard error; pressed again, it is saved once
the store can be written. Several people can judge one pool into one store, each by name. The page's
address, with a random token that every request must carry, is printed on standard output; Ctrl-C stops it.

Keys: 0 1 2 3 grade (the scale's grades) · ← → previous and next pair · s skip (the pair stays
unjudged) · u undo: back to your last grade, to replace it (the new grade is a newer line of the store,
and a judge's latest line of a pair counts).

  POOL                the pairs to judge, JSON Lines {"query_id", "doc_id"} in judging order (rankeval pool)
  --corpus FILE       the documents, JSON Lines {"id", "text", "title"} or BEIR's {"_id", "title", "text"}
  --queries FILE      the queries, JSON Lines {"query_id", "query"} (or "question", as a golden set's JSONL)
                      or BEIR's {"_id", "text"}
  --store FILE        the judgments store, created if absent (default judgments.jsonl)
  --judge NAME        who judges, written in each line (default: your login name)
  --scale 'A|B|…'     the grades' meanings, lowest first, | between them: grades 0 to n − 1, keys 0 to 9
                      (default: 0 irrelevant, 1 related, 2 highly relevant, 3 perfectly relevant)
  --port N            the port (default: a free one)
  --host H            the address to listen on, an IP address or a host name (default 127.0.0.1, this
                      computer only); another address lets other computers reach the page, whose URL
                      carries its secret token, and is warned of (0.0.0.0 or :: is every interface)
`;

const usage = usageError('judge');

export interface JudgePageArgs {
  readonly pool: string;
  readonly corpus: string;
  readonly queries: string;
  readonly store: string;
  readonly judge: string;
  readonly scale: RelevanceScale;
  readonly host: string;
  readonly port: number;
}

/** The login name, or `judge` where there is none (a container's user without a name). */
function loginName(): string {
  try {
    return userInfo().username || 'judge';
  } catch {
    return 'judge';
  }
}

// A host name: dot-separated labels of letters, digits and inner hyphens, 63 characters at most each.
const HOST_NAME = /^(?=.{1,253}\.?$)[a-z\d](?:[a-z\d-]{0,61}[a-z\d])?(?:\.[a-z\d](?:[a-z\d-]{0,61}[a-z\d])?)*\.?$/i;

/**
 * `--host H`: an IP address (`127.0.0.1`, `::1`, `0.0.0.0`) or a host name (`localhost`); default the
 * loopback 127.0.0.1. Empty, blank or anything else is refused: Node would take `''` for every interface.
 * Digits and dots only must be an IP address (`127.1` is not).
 */
function hostFlag(text: string | undefined): string {
  if (text === undefined) return '127.0.0.1';
  if (isIP(text) === 0 && (!HOST_NAME.test(text) || /^[\d.]+$/.test(text))) throw usage(`--host takes an IP address or a host name, such as 127.0.0.1, ::1 or localhost; got '${text}'`);
  return text;
}

/** Whether `address` (as a listening server gives it) is the loopback: 127.0.0.0/8 or ::1. */
const isLoopback = (address: string): boolean => address === '::1' || /^(?:::ffff:)?127\./i.test(address);

/** `--scale 'Not relevant|Relevant'`: two to ten meanings, none blank. */
function scaleFlag(text: string | undefined): RelevanceScale {
  if (text === undefined) return DEFAULT_SCALE;
  const scale = text.split('|').map((meaning) => meaning.trim());
  if (scale.length < 2 || scale.length > 10 || scale.some((meaning) => meaning === '')) throw usage(`--scale takes 2 to 10 meanings separated by |, lowest grade first; got '${text}'`);
  return scale;
}

/** The judging page's arguments (`rankeval judge` without --export). */
export function parseJudgePageArgs(args: readonly string[]): JudgePageArgs {
  const { values, positionals } = parseCommandArgs(
    args,
    {
      corpus: { type: 'string' },
      queries: { type: 'string' },
      store: { type: 'string' },
      judge: { type: 'string' },
      scale: { type: 'string' },
      host: { type: 'string' },
      port: { type: 'string' },
    },
    usage,
  );
  if (positionals.length === 0) throw usage('expected a pool file to judge in the page (POOL --corpus CORPUS --queries QUERIES), or --export qrels|jsonl to write the store as a golden set');
  if (positionals.length > 1) throw usage(`expected one pool file (POOL), got ${positionals.length}: '${positionals.join(' ')}'`);
  if (values.corpus === undefined || values.queries === undefined) throw usage('the judging page needs --corpus FILE and --queries FILE: the texts it shows');
  const judge = values.judge ?? loginName();
  if (judge.trim() === '') throw usage(`--judge takes a name; got '${judge}'`);
  return {
    pool: positionals[0]!,
    corpus: values.corpus,
    queries: values.queries,
    store: values.store ?? 'judgments.jsonl',
    judge,
    scale: scaleFlag(values.scale),
    host: hostFlag(values.host),
    port: numberFlag(values.port, '--port', (port) => Number.isInteger(port) && port >= 0 && port <= 65535, 'an integer from 0 to 65535', usage) ?? 0,
  };
}

/** A file read whole by `read`, every failure one line naming the file. */
async function load<T>(path: string, read: (source: Source, file: string) => Promise<T>): Promise<T> {
  const input = openInput(path, INPUT_ERROR);
  try {
    return await read(input.chunks(true), input.name);
  } catch (error) {
    throw readFailure(input.name, error, INPUT_ERROR);
  }
}

/** The ids of the pool that `texts` lacks, as an error naming the file; none, nothing. */
function checkTexts(texts: ReadonlyMap<string, unknown>, ids: ReadonlySet<string>, file: string, what: string): void {
  const missing = [...ids].filter((id) => !texts.has(id));
  if (missing.length === 0) return;
  const shown = missing.slice(0, 5).map((id) => quoteJson(id)).join(', ');
  throw new CliError(`${file} lacks the text of ${missing.length} ${what} of the pool: ${shown}${missing.length > 5 ? ', …' : ''}`, INPUT_ERROR);
}

/** The page's settings from the files: the pool, and the texts of its queries and documents. */
export async function loadJudgePage(args: JudgePageArgs): Promise<JudgePageSettings> {
  const pool: Pool = await load(args.pool, (source, file) => readPool(source, { file }));
  const queryIds = new Set(Object.keys(pool));
  const docIds = new Set(Object.values(pool).flat());
  const queries = await load(args.queries, (source, file) => readQueries(source, { file, wanted: queryIds }));
  checkTexts(queries, queryIds, args.queries, queryIds.size === 1 ? 'query' : 'queries');
  const corpus = await load(args.corpus, (source, file) => readCorpus(source, { file, wanted: docIds }));
  checkTexts(corpus, docIds, args.corpus, docIds.size === 1 ? 'document' : 'documents');
  const { store, judge, scale, host, port } = args;
  return { pool, queries, corpus, store, judge, scale, host, port };
}

/** Why the page cannot listen, naming the host (`--host` a name that does not resolve) or the address and port. */
function listenFailure({ host, port }: JudgePageArgs, error: unknown): CliError {
  if ((error as NodeJS.ErrnoException).syscall === 'getaddrinfo') return new CliError(`cannot listen on --host ${host}: the host name does not resolve to an address (${foreignMessage(error)})`, INPUT_ERROR);
  return new CliError(`cannot listen on ${host} port ${port}: ${foreignMessage(error)}`, INPUT_ERROR);
}

/** Until `stop` is aborted or, without one, until the process is asked to stop: Ctrl-C (SIGINT) or SIGTERM. */
function stopped(stop: AbortSignal | undefined): Promise<unknown> {
  return new Promise((resolve) => {
    if (stop === undefined) for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, resolve);
    else if (stop.aborted) resolve(undefined);
    else stop.addEventListener('abort', resolve, { once: true });
  });
}

/**
 * Runs the judging page (`rankeval judge` without --export) until `stop` is aborted (by default when the process gets SIGINT or SIGTERM);
 * returns the exit status. The page's URL is the one line on standard output.
 */
export async function runJudgePage(argv: readonly string[], io: Io, stop?: AbortSignal): Promise<number> {
  const args = parseJudgePageArgs(argv);
  const settings = await loadJudgePage(args);
  let store: OpenStore;
  try {
    store = await openStore(args.store);
  } catch (error) {
    throw readFailure(args.store, error, INPUT_ERROR);
  }
  if (store.tornLine !== undefined) io.stderr.write(tornLineWarning(args.store, store.tornLine, 'cut off: its pair is to judge again'));
  const onStoreFailure = (error: unknown): void => {
    io.stderr.write(`rankeval judge: ${messageText(`cannot write ${args.store}: ${storeFailure(error)}`)}; the grades pressed are not saved (the page says so) until it can be written\n`);
  };
  let page;
  try {
    page = await startJudgePage({ ...settings, store, onStoreFailure });
  } catch (error) {
    throw listenFailure(args, error);
  }
  const { total, judged } = page.view();
  if (!isLoopback(page.address)) {
    const where = page.address === '0.0.0.0' || page.address === '::' ? 'every interface' : page.address;
    io.stderr.write(`rankeval judge: warning: the page listens on ${where} (--host ${args.host}), not this computer only: whoever can reach it and has its URL (its token) can read the texts and grade\n`);
  }
  io.stderr.write(`rankeval judge: ${quoteJson(args.judge)} has judged ${judged} of ${total} pairs; the page is at\n`);
  io.stdout.write(`${page.url}\n`);
  io.stderr.write(`Each grade is saved to ${args.store} as it is pressed. Ctrl-C stops the page.\n`);
  await stopped(stop);
  await page.close();
  return 0;
}
