// The judging page's HTTP server: the page and a small JSON API, nothing else (no file is served), every
// request refused (403) without the session's random token, each label (a pair's grade, or a nugget's
// assignment to an answer) datasynced to its store before the answer that shows the next item, and refused
// (409) unless it names the item shown. The page's mode (grades or nuggets) decides the item shown, the
// label a key gives and the line written; the server and the session's moves are the same.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { quoteJson } from '../core/quoting.js';
import { isRankevalError } from '../core/errors.js';
import type { Judgment } from '../formats/judgments.js';
import type { NuggetJudgment } from '../formats/nugget-judgments.js';
import { createJudgingSession, type PageView, type JudgingSessionInput } from '../judging/judging-session.js';
import { createNuggetSession, type NuggetPageView, type NuggetSessionInput } from '../judging/nugget-session.js';
import type { PlaceSession } from '../judging/place-session.js';
import { openNuggetStore, openStore, type OpenStore, type OpenStoreOf } from '../judging/store-file.js';
import { judgePageHtml, type PageMode } from './judge-page-html.js';
import { foreignMessage } from './shared/command.js';

/** What every page serves, whatever its mode: where it listens, and who is told of a failed write. */
interface ServeSettings {
  /** The address to listen on; default 127.0.0.1, the loopback only. */
  readonly host?: string;
  /** The port; default 0, a free one. */
  readonly port?: number;
  /**
   * Told of a write to the store that failed (its error), once a failure episode: at the first failure
   * since the start or since a write that succeeded, however many labels fail after it.
   */
  readonly onStoreFailure?: (error: unknown) => void;
}

/** What the grading page serves: the session's input but the judgments, which are read from `store`. */
export interface JudgePageSettings extends Omit<JudgingSessionInput, 'judgments'>, ServeSettings {
  readonly mode?: 'grades';
  /**
   * The judgments store (JSON Lines) by path, created if absent, or one already open (`openStore`): the page
   * appends one line a key press, and closes it when it stops.
   */
  readonly store: string | OpenStore;
}

/** What the nugget page serves: the nugget session's input but the assignments, which are read from `store`. */
export interface NuggetPageSettings extends Omit<NuggetSessionInput, 'assignments'>, ServeSettings {
  readonly mode: 'nuggets';
  /** The nugget store by path, created if absent, or one already open (`openNuggetStore`). */
  readonly store: string | OpenStoreOf<NuggetJudgment>;
}

/** A running judging page. */
export interface JudgePage {
  /** The page's address, with the session token: `http://127.0.0.1:40123/?token=…`. */
  readonly url: string;
  /** The address it listens on, as the system gives it: `127.0.0.1`, `::1`, `0.0.0.0` (every interface). */
  readonly address: string;
  /** What the page shows now (its progress figures). */
  view(): PageView | NuggetPageView;
  /** Stops the server and closes the store (every grade answered is already on disk). */
  close(): Promise<void>;
}

/**
 * The API's actions (POST /api/NAME with a JSON body): open {} (a page loaded: where a restart goes),
 * grade {…item, label} and skip {…item} of the item shown (grades: {queryId, docId, grade}; nuggets:
 * {topicId, runId, nugget, assignment}, the nugget by its place in the topic), move {index}, undo {}.
 */
const ACTIONS = ['open', 'grade', 'skip', 'move', 'undo'] as const;
const MAX_BODY = 4096;

const HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
};

function send(response: ServerResponse, status: number, type: string, body: string, extra: Record<string, string> = {}): void {
  response.writeHead(status, { ...HEADERS, 'content-type': type, ...extra });
  response.end(body);
}

const plain = (response: ServerResponse, status: number, text: string): void => send(response, status, 'text/plain; charset=utf-8', `${text}\n`);

/** The request's body as JSON (an object), or undefined when it is not one or is too long. */
async function jsonBody(request: IncomingMessage): Promise<Record<string, unknown> | undefined> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    length += chunk.length;
    if (length > MAX_BODY) return undefined;
    chunks.push(chunk);
  }
  try {
    const value: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the request carries the token, in the header the page's script sends or in the URL's query. */
function hasToken(request: IncomingMessage, url: URL, token: Buffer): boolean {
  const header = request.headers['x-rankeval-token'];
  const given = Buffer.from(typeof header === 'string' ? header : (url.searchParams.get('token') ?? ''));
  return given.length === token.length && timingSafeEqual(given, token);
}

/** What the server needs of a store: a line appended (synced), and closing. */
interface LineStore<Line> {
  append(line: Line): Promise<void>;
  close(): Promise<void>;
}

/**
 * What a mode gives the server: the session's view and moves, how a key press names its item and label,
 * and the line a label writes. An item's name is the ids the page sends with a key (`["q1", "d3"]`).
 */
interface Mode<Line> {
  readonly page: PageMode;
  view(): PageView | NuggetPageView;
  /** The item shown: its place and name; undefined at the end screen. */
  shown(): { readonly index: number; readonly name: readonly unknown[] } | undefined;
  /** The name the body gives, or undefined when its fields are not of their types. */
  named(body: Record<string, unknown>): readonly unknown[] | undefined;
  /** The label the body gives, or undefined when it is not one of the mode's. */
  label(body: Record<string, unknown>): unknown;
  /** The line of a label of the item shown, as the store holds it. */
  line(label: unknown, at: string): Line;
  /** Takes a line the store now holds, of the item at `index`. */
  took(index: number, line: Line): void;
  /** The session's moves, the same in both modes. */
  readonly moves: Pick<PlaceSession<unknown>, 'skip' | 'move' | 'undo' | 'open'>;
  /** The words of the refusals: the item, its name, the label, the bad request's fields. */
  readonly words: ModeWords;
}

/** How the refusals name a mode's item, its label and what a bad request lacks. */
interface ModeWords {
  readonly item: string;
  readonly done: string;
  readonly label: string;
  name(name: readonly unknown[]): string;
  readonly badName: string;
  readonly badLabel: string;
}

/** A request refused: its status, and the words the page shows. */
interface Refusal {
  readonly status: 400 | 409 | 500;
  readonly text: string;
}

const badRequest = (why: string): Refusal => ({ status: 400, text: `Bad request: ${why}.` });

const sameName = (a: readonly unknown[], b: readonly unknown[]): boolean => a.length === b.length && a.every((part, i) => part === b[i]);

/**
 * Does one API action; returns the refusal, or undefined when done. A label or a skip names its item, and
 * is refused (409) unless it is the item shown: a page opened again (another tab, a reload) moves what is
 * shown, and a stale page's key must not land on another item. A label is appended to the store (and
 * synced) before the session moves on; a write that fails is refused (500), the item still shown.
 */
async function act<Line>(mode: Mode<Line>, action: (typeof ACTIONS)[number], body: Record<string, unknown>, append: (line: Line) => Promise<void>): Promise<Refusal | undefined> {
  if (action === 'open') return void mode.moves.open();
  if (action === 'undo') return void mode.moves.undo();
  if (action === 'move') {
    const index = body['index'];
    if (!Number.isSafeInteger(index) || (index as number) < 0) return badRequest('`index` must be an integer ≥ 0');
    return void mode.moves.move(index as number);
  }
  const { words } = mode;
  const named = mode.named(body);
  if (named === undefined) return badRequest(words.badName);
  const label = action === 'grade' ? mode.label(body) : undefined;
  if (action === 'grade' && label === undefined) return badRequest(words.badLabel);
  const shown = mode.shown();
  if (shown === undefined || !sameName(shown.name, named)) {
    const now = shown === undefined ? `no ${words.item} is shown now (every ${words.item} after it is ${words.done})` : `the ${words.item} shown now is ${words.name(shown.name)}`;
    return { status: 409, text: `Not ${action === 'grade' ? 'saved' : 'skipped'}: this page showed ${words.name(named)}, but ${now}: the page was opened again (another tab, or a reload). Look at the ${words.item} shown, then press the key.` };
  }
  if (action === 'skip') return void mode.moves.skip(shown.index);
  const line = mode.line(label, new Date().toISOString());
  try {
    await append(line);
  } catch (error) {
    return { status: 500, text: `Not saved: the store cannot be written (${storeFailure(error)}). The ${words.item} stays shown: press the ${words.label} again once the store can be written.` };
  }
  mode.took(shown.index, line);
  return undefined;
}

/** Answers one request: the token checked first, then the page, the state, or an action. */
function requestHandler<Line>(mode: Mode<Line>, token: Buffer, append: (line: Line) => Promise<void>) {
  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? '/', 'http://page');
    if (!hasToken(request, url, token)) return plain(response, 403, 'Forbidden: this page needs the session token of its URL.');
    const action = ACTIONS.find((name) => url.pathname === `/api/${name}`);
    const method = url.pathname === '/' || url.pathname === '/api/view' ? 'GET' : action === undefined ? undefined : 'POST';
    if (method === undefined) return plain(response, 404, 'Not found.');
    if (request.method !== method) return plain(response, 405, `Method not allowed: use ${method}.`);
    if (url.pathname === '/') {
      const nonce = randomBytes(16).toString('base64');
      const policy = `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
      return send(response, 200, 'text/html; charset=utf-8', judgePageHtml(nonce, mode.page), { 'content-security-policy': policy });
    }
    if (action !== undefined) {
      const body = await jsonBody(request);
      const refused = body === undefined ? badRequest('the body must be a JSON object') : await act(mode, action, body, append);
      if (refused !== undefined) return plain(response, refused.status, refused.text);
    }
    send(response, 200, 'application/json; charset=utf-8', JSON.stringify(mode.view()));
  };
}

const pairName = (name: readonly unknown[]): string => `${quoteJson(name[0])} / ${quoteJson(name[1])}`;

/** The grading mode: a pair named by its ids, graded on the scale, written as a Judgment. */
async function gradingMode(settings: JudgePageSettings): Promise<[Mode<Judgment>, LineStore<Judgment>]> {
  const store = typeof settings.store === 'string' ? await openStore(settings.store) : settings.store;
  const session = createJudgingSession({ ...settings, judgments: store.judgments });
  const mode: Mode<Judgment> = {
    page: 'grades',
    view: session.view,
    shown() {
      const pair = session.view().pair;
      return pair === undefined ? undefined : { index: pair.index, name: [pair.queryId, pair.docId] };
    },
    named: ({ queryId, docId }) => (typeof queryId === 'string' && typeof docId === 'string' ? [queryId, docId] : undefined),
    label: ({ grade }) => (session.onScale(grade) ? grade : undefined),
    line(grade, at) {
      const { queryId, docId } = session.view().pair!;
      return { query_id: queryId, doc_id: docId, grade: grade as number, judge: settings.judge, at };
    },
    took: session.graded,
    moves: session,
    words: { item: 'pair', done: 'judged', label: 'grade', name: pairName, badName: '`queryId` and `docId` must name the pair shown', badLabel: '`grade` must be a grade of the scale' },
  };
  return [mode, store];
}

/** The nugget mode: a nugget named by its topic, run and place in the topic, assigned a support label, written as a NuggetJudgment. */
async function nuggetMode(settings: NuggetPageSettings): Promise<[Mode<NuggetJudgment>, LineStore<NuggetJudgment>]> {
  const store = typeof settings.store === 'string' ? await openNuggetStore(settings.store) : settings.store;
  const session = createNuggetSession({ ...settings, assignments: store.judgments });
  const mode: Mode<NuggetJudgment> = {
    page: 'nuggets',
    view: session.view,
    shown() {
      const shown = session.view().nugget;
      return shown === undefined ? undefined : { index: shown.index, name: [shown.topicId, shown.runId, shown.nugget] };
    },
    named: ({ topicId, runId, nugget }) => (typeof topicId === 'string' && typeof runId === 'string' && Number.isSafeInteger(nugget) ? [topicId, runId, nugget] : undefined),
    label: ({ assignment }) => (session.isLabel(assignment) ? assignment : undefined),
    line(assignment, at) {
      const { topicId, runId, text, importance } = session.view().nugget!;
      return { topic_id: topicId, run_id: runId, nugget: text, importance, assignment: assignment as NuggetJudgment['assignment'], judge: settings.judge, at };
    },
    took: session.assigned,
    moves: session,
    words: {
      item: 'nugget',
      done: 'assigned',
      label: 'assignment',
      name: ([topicId, runId, nugget]) => `topic ${quoteJson(topicId)}, run ${quoteJson(runId)}, nugget ${(nugget as number) + 1}`,
      badName: '`topicId`, `runId` and `nugget` (a place) must name the nugget shown',
      badLabel: `\`assignment\` must be one of ${session.view().labels.join(', ')}`,
    },
  };
  return [mode, store];
}

/**
 * Starts the judging page on `settings.host` (127.0.0.1 by default) and a free port unless one is named:
 * the grading page, or with `mode: 'nuggets'` the nugget page. A random token (128 bits) is in the URL it
 * returns; every request without it is refused with 403, and every path but the page's and its API's is
 * 404. Requests are answered one at a time, in order.
 *
 * @example
 * const page = await startJudgePage({ pool, queries, corpus, judge: 'ann', scale: DEFAULT_SCALE, store: 'judgments.jsonl' });
 * console.log(page.url); // http://127.0.0.1:40123/?token=…
 */
export async function startJudgePage(settings: JudgePageSettings | NuggetPageSettings): Promise<JudgePage> {
  return settings.mode === 'nuggets' ? serve(settings, ...(await nuggetMode(settings))) : serve(settings, ...(await gradingMode(settings)));
}

/** Serves `mode`, each label's line appended to `store`. */
async function serve<Line>(settings: ServeSettings, mode: Mode<Line>, store: LineStore<Line>): Promise<JudgePage> {
  const token = randomBytes(16).toString('base64url');
  let failing = false;
  const append = async (line: Line): Promise<void> => {
    try {
      await store.append(line);
    } catch (error) {
      if (!failing) settings.onStoreFailure?.(error);
      failing = true;
      throw error;
    }
    failing = false;
  };
  const handle = requestHandler(mode, Buffer.from(token), append);
  let turn = Promise.resolve();
  const server = createServer((request, response) => {
    turn = turn
      .then(() => handle(request, response))
      .catch(() => {
        if (!response.headersSent) plain(response, 500, 'The server failed to answer.');
        else response.destroy();
      });
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(settings.port ?? 0, settings.host ?? '127.0.0.1', () => resolve());
    });
  } catch (error) {
    await store.close();
    throw error;
  }
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}/?token=${token}`,
    address,
    view: () => mode.view(),
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await turn;
      await store.close();
    },
  };
}

/**
 * What the file system said of a failed write of the store (`ENOSPC: no space left on device, write`): the
 * store's io_error already names the store, which the page and the terminal name themselves.
 */
export function storeFailure(error: unknown): string {
  return foreignMessage(isRankevalError(error) && error.code === 'io_error' && error.cause !== undefined ? error.cause : error);
}
