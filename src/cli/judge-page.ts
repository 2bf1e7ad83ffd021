// `rankeval judge POOL --corpus CORPUS --queries QUERIES`: the judging page for people, served on the
// loopback address until the command is stopped (Ctrl-C), each key press appended to the store at once;
// with `--nuggets BANK --answers ANSWERS`, the same page checking nugget assignments of RAG answers.
import { basename, extname } from 'node:path';
import { isIP } from 'node:net';
import { userInfo } from 'node:os';
import { readCorpus, readQueries } from '../formats/corpus.js';
import type { NuggetBank, NuggetGrades } from '../formats/nuggets.js';
import { readPool, type Pool } from '../formats/pool.js';
import { parseNuggetAnswers, parseRagRun, type RagAnswer } from '../formats/rag-answers.js';
import type { Source } from '../formats/source.js';
import { DEFAULT_SCALE, type RelevanceScale } from '../judging/scale.js';
import { openNuggetStore, openStore } from '../judging/store-file.js';
import { quoteJson } from '../core/quoting.js';
import { messageText } from '../text/escape.js';
import { joinAnswers } from './shared/answers.js';
import { numberFlag, oneOf, parseCommandArgs } from './shared/args.js';
import { CliError, foreignMessage, INPUT_ERROR, type Io, usageError } from './shared/command.js';
import { checkStdinOnce, loadNuggetBank, tornLineWarning } from './shared/files.js';
import { inputName, MAX_KEPT_BYTES, openInput, readFailure, readWhole, STDIN } from './shared/input.js';
import { startJudgePage, storeFailure, type JudgePageSettings, type NuggetPageSettings } from './judge-page-server.js';

/** The judging page's line of `rankeval judge --help`'s usage. */
export const JUDGE_PAGE_USAGE = 'rankeval judge POOL --corpus CORPUS --queries QUERIES [--judge NAME] [flags]';

/** The nugget page's line of `rankeval judge --help`'s usage. */
export const NUGGET_PAGE_USAGE = 'rankeval judge --nuggets BANK --answers ANSWERS… [--grades 2|3] [--judge NAME] [flags]';

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

Nuggets (--nuggets BANK --answers ANSWERS…): the same page, for a person checking which nuggets an answer
supports (what an LLM assigned, or from scratch). It shows a topic's question (when the bank has it), one
run's answer to it sentence by sentence with its citations, and the topic's nuggets one at a time (text,
vital or okay); each key press is one assignment, appended to a nugget store as grades are to theirs, and
a judge's latest line of a nugget counts. rankeval nuggets --store S --judge NAME scores the store.

Keys: y supported · p partly supported (not with --grades 2) · n not supported · ← → s u as above.

  --nuggets BANK      the nugget bank, nuggetizer's create output: JSON Lines {"qid", "query", "nuggets"}
  --answers FILE      the answers, answer after answer in file order; repeat it for several files. A TREC
                      RAG run (JSON Lines {"metadata": {"run_id", "topic_id"}, "responses", "references"})
                      or nuggetizer's answers (JSON Lines {"topic_id", "answer": [{"text"}]}, its run the
                      line's "run_id" or else the file's name without its extension), told by the first line
  --grades G          3 (default: support, partial_support, not_support) or 2 (no partial support)
  --store FILE        the nugget store, created if absent (default nugget-assignments.jsonl)
  --judge, --port, --host as above
`;

const usage = usageError('judge');

/** What both modes of the page take: the store, the judge, and where it listens. */
interface ServeArgs {
  readonly store: string;
  readonly judge: string;
  readonly host: string;
  readonly port: number;
}

export interface JudgePageArgs extends ServeArgs {
  readonly pool: string;
  readonly corpus: string;
  readonly queries: string;
  readonly scale: RelevanceScale;
}

export interface NuggetPageArgs extends ServeArgs {
  readonly nuggets: string;
  readonly answers: readonly string[];
  readonly grades: NuggetGrades;
}

/** The flags of both modes. */
const SERVE_OPTIONS = {
  store: { type: 'string' },
  judge: { type: 'string' },
  host: { type: 'string' },
  port: { type: 'string' },
} as const;

/** `--judge NAME`: a name, not blank; default the login name. */
function judgeFlag(text: string | undefined): string {
  const judge = text ?? loginName();
  if (judge.trim() === '') throw usage(`--judge takes a name; got '${judge}'`);
  return judge;
}

/** `--host` and `--port` read: the address to listen on (default the loopback) and the port (default 0, a free one). */
function listenFlags(values: { host?: string | undefined; port?: string | undefined }): Pick<ServeArgs, 'host' | 'port'> {
  return {
    host: hostFlag(values.host),
    port: numberFlag(values.port, '--port', (port) => Number.isInteger(port) && port >= 0 && port <= 65535, 'an integer from 0 to 65535', usage) ?? 0,
  };
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
    { corpus: { type: 'string' }, queries: { type: 'string' }, scale: { type: 'string' }, ...SERVE_OPTIONS },
    usage,
  );
  if (positionals.length === 0) throw usage('expected a pool file to judge in the page (POOL --corpus CORPUS --queries QUERIES), or --export qrels|jsonl to write the store as a golden set');
  if (positionals.length > 1) throw usage(`expected one pool file (POOL), got ${positionals.length}: '${positionals.join(' ')}'`);
  if (values.corpus === undefined || values.queries === undefined) throw usage('the judging page needs --corpus FILE and --queries FILE: the texts it shows');
  const judge = judgeFlag(values.judge);
  const scale = scaleFlag(values.scale);
  return { pool: positionals[0]!, corpus: values.corpus, queries: values.queries, store: values.store ?? 'judgments.jsonl', judge, scale, ...listenFlags(values) };
}

/** The nugget page's arguments (`rankeval judge --nuggets BANK --answers ANSWERS…`). */
export function parseNuggetPageArgs(args: readonly string[]): NuggetPageArgs {
  const { values, positionals } = parseCommandArgs(args, { nuggets: { type: 'string' }, answers: { type: 'string', multiple: true }, grades: { type: 'string' }, ...SERVE_OPTIONS }, usage);
  if (positionals.length > 0) throw usage(`unexpected argument '${positionals.join(' ')}': the nugget page reads the answers of --answers, not a pool`);
  if (values.nuggets === undefined || values.answers === undefined) throw usage('the nugget page needs --nuggets BANK and --answers FILE: the nuggets and the answers it shows');
  checkStdinOnce([values.nuggets, ...values.answers], usage);
  const grades = oneOf(values.grades, ['3', '2'], '--grades', '3', usage) === '2' ? 2 : 3;
  return { nuggets: values.nuggets, answers: values.answers, grades, store: values.store ?? 'nugget-assignments.jsonl', judge: judgeFlag(values.judge), ...listenFlags(values) };
}

/** Whether the arguments ask for the nugget page (`--nuggets`). */
export const isNuggetPage = (argv: readonly string[]): boolean => argv.some((arg) => /^--nuggets(?:=|$)/.test(arg));

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

/**
 * The answers of one file: a TREC RAG run when its first line has "metadata", else nuggetizer's answers,
 * whose run is the line's `run_id` or the file's name without its extension (as nuggetizer names it).
 */
function readAnswers(path: string): RagAnswer[] {
  const input = openInput(path, INPUT_ERROR);
  try {
    const bytes = readWhole(input, MAX_KEPT_BYTES, 'too large for the page: split it into several --answers files');
    const first = /\S[^\n]*/.exec(new TextDecoder().decode(bytes))?.[0];
    const file = input.name;
    if (first !== undefined && isRagRunLine(first)) return parseRagRun(bytes, { file });
    return parseNuggetAnswers(bytes, { file, ...(path === STDIN ? {} : { runId: basename(path, extname(path)) }) });
  } catch (error) {
    throw readFailure(input.name, error, INPUT_ERROR);
  }
}

/** Whether a line is a JSON object with "metadata": a TREC RAG run's. */
function isRagRunLine(line: string): boolean {
  try {
    const record: unknown = JSON.parse(line);
    return typeof record === 'object' && record !== null && Object.hasOwn(record, 'metadata');
  } catch {
    return false;
  }
}

/** A topic of the bank that lists a nugget twice, as an error: an assignment names its nugget by its text. */
function checkNuggetsOnce(bank: NuggetBank, path: string): void {
  for (const [topic, { nuggets }] of Object.entries(bank)) {
    const seen = new Set<string>();
    for (const { text } of nuggets) {
      if (seen.has(text)) throw new CliError(messageText(`${inputName(path)}: topic ${quoteJson(topic)} lists the nugget ${quoteJson(text, 60)} twice: an assignment names its nugget by its text`), INPUT_ERROR);
      seen.add(text);
    }
  }
}

/** The nugget page's settings from the files: the bank, and the answers of every file in order. */
export async function loadNuggetPage(args: NuggetPageArgs, io: Io): Promise<Omit<NuggetPageSettings, 'store'> & { readonly store: string }> {
  const bank = await loadNuggetBank(args.nuggets, io.stderr);
  checkNuggetsOnce(bank, args.nuggets);
  const answers = joinAnswers(args.answers.map((path) => [path, readAnswers(path)] as const), { bank, path: args.nuggets, flag: '--nuggets' });
  const { store, judge, grades, host, port } = args;
  return { mode: 'nuggets', bank, answers, store, judge, grades, host, port };
}

/** Why the page cannot listen, naming the host (`--host` a name that does not resolve) or the address and port. */
function listenFailure({ host, port }: ServeArgs, error: unknown): CliError {
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

/** The store at `path` opened by `open`, a failure one line naming it. */
async function opened<S>(path: string, open: (path: string) => Promise<S>): Promise<S> {
  try {
    return await open(path);
  } catch (error) {
    throw readFailure(path, error, INPUT_ERROR);
  }
}

/** The page's arguments and settings, its store opened: the grading page's, or with --nuggets the nugget page's. */
async function pageSettings(argv: readonly string[], io: Io): Promise<{ readonly args: ServeArgs; readonly settings: JudgePageSettings | NuggetPageSettings; readonly tornLine: number | undefined }> {
  if (isNuggetPage(argv)) {
    const args = parseNuggetPageArgs(argv);
    const loaded = await loadNuggetPage(args, io);
    const store = await opened(args.store, openNuggetStore);
    return { args, settings: { ...loaded, store }, tornLine: store.tornLine };
  }
  const args = parseJudgePageArgs(argv);
  const loaded = await loadJudgePage(args);
  const store = await opened(args.store, openStore);
  return { args, settings: { ...loaded, store }, tornLine: store.tornLine };
}

/** The words of the terminal's lines, per mode. */
const MODE_WORDS = {
  grades: { items: 'pairs', done: 'judged', again: 'its pair is to judge again', label: 'grade', labels: 'grades', verb: 'grade' },
  nuggets: { items: 'nuggets of answers', done: 'assigned', again: 'its nugget is to assign again', label: 'assignment', labels: 'assignments', verb: 'assign' },
} as const;

/**
 * Runs the judging page (`rankeval judge` without --export; with --nuggets, the nugget page) until `stop`
 * is aborted (by default when the process gets SIGINT or SIGTERM); returns the exit status. The page's URL
 * is the one line on standard output.
 */
export async function runJudgePage(argv: readonly string[], io: Io, stop?: AbortSignal): Promise<number> {
  const { args, settings, tornLine } = await pageSettings(argv, io);
  const words = MODE_WORDS[settings.mode ?? 'grades'];
  if (tornLine !== undefined) io.stderr.write(tornLineWarning(args.store, tornLine, `cut off: ${words.again}`));
  const onStoreFailure = (error: unknown): void => {
    io.stderr.write(`rankeval judge: ${messageText(`cannot write ${args.store}: ${storeFailure(error)}`)}; the ${words.labels} pressed are not saved (the page says so) until it can be written\n`);
  };
  let page;
  try {
    page = await startJudgePage({ ...settings, onStoreFailure });
  } catch (error) {
    throw listenFailure(args, error);
  }
  const { total, judged } = page.view();
  if (!isLoopback(page.address)) {
    const where = page.address === '0.0.0.0' || page.address === '::' ? 'every interface' : page.address;
    io.stderr.write(`rankeval judge: warning: the page listens on ${where} (--host ${args.host}), not this computer only: whoever can reach it and has its URL (its token) can read the texts and ${words.verb}\n`);
  }
  io.stderr.write(`rankeval judge: ${quoteJson(args.judge)} has ${words.done} ${judged} of ${total} ${words.items}; the page is at\n`);
  io.stdout.write(`${page.url}\n`);
  io.stderr.write(`Each ${words.label} is saved to ${args.store} as it is pressed. Ctrl-C stops the page.\n`);
  await stopped(stop);
  await page.close();
  return 0;
}
