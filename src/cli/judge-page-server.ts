// The judging page's HTTP server: the page and a small JSON API, nothing else (no file is served), every
// request refused (403) without the session's random token, each grade datasynced to the store before the
// answer that shows the next pair, and refused (409) unless it names the pair shown.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { quoteJson } from '../core/quoting.js';
import { isRankevalError } from '../core/errors.js';
import type { Judgment } from '../formats/judgments.js';
import { createJudgingSession, type JudgingSession, type PageView, type JudgingSessionInput } from '../judging/judging-session.js';
import { openStore, type OpenStore } from '../judging/store-file.js';
import { judgePageHtml } from './judge-page-html.js';
import { foreignMessage } from './shared/command.js';

/** What the page serves: the session's input but the judgments, which are read from `store`. */
export interface JudgePageSettings extends Omit<JudgingSessionInput, 'judgments'> {
  /**
   * The judgments store (JSON Lines) by path, created if absent, or one already open (`openStore`): the page
   * appends one line a key press, and closes it when it stops.
   */
  readonly store: string | OpenStore;
  /** The address to listen on; default 127.0.0.1, the loopback only. */
  readonly host?: string;
  /** The port; default 0, a free one. */
  readonly port?: number;
  /**
   * Told of a write to the store that failed (its error), once a failure episode: at the first failure
   * since the start or since a write that succeeded, however many grades fail after it.
   */
  readonly onStoreFailure?: (error: unknown) => void;
}

/** A running judging page. */
export interface JudgePage {
  /** The page's address, with the session token: `http://127.0.0.1:40123/?token=…`. */
  readonly url: string;
  /** The address it listens on, as the system gives it: `127.0.0.1`, `::1`, `0.0.0.0` (every interface). */
  readonly address: string;
  /** What the page shows now (its progress figures). */
  view(): PageView;
  /** Stops the server and closes the store (every grade answered is already on disk). */
  close(): Promise<void>;
}

/**
 * The API's actions (POST /api/NAME with a JSON body): open {} (a page loaded: where a restart goes),
 * grade {queryId, docId, grade} and skip {queryId, docId} of the pair shown, move {index}, undo {}.
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

/** Writes a grade of a pair to the store (synced), and returns the judgment written. */
type Append = (grade: number, pair: { readonly queryId: string; readonly docId: string }) => Promise<Judgment>;

/** A request refused: its status, and the words the page shows. */
interface Refusal {
  readonly status: 400 | 409 | 500;
  readonly text: string;
}

const badRequest = (why: string): Refusal => ({ status: 400, text: `Bad request: ${why}.` });

const pairWords = (pair: { readonly queryId: string; readonly docId: string }): string => `${quoteJson(pair.queryId)} / ${quoteJson(pair.docId)}`;

/**
 * Does one API action; returns the refusal, or undefined when done. A grade or a skip names its pair, and
 * is refused (409) unless it is the pair shown: a page opened again (another tab, a reload) moves what is
 * shown, and a stale page's key must not land on another pair. A grade is appended to the store (and
 * synced) before the session moves on; a write that fails is refused (500), the pair still shown.
 */
async function act(session: JudgingSession, action: (typeof ACTIONS)[number], body: Record<string, unknown>, append: Append): Promise<Refusal | undefined> {
  if (action === 'open') return void session.open();
  if (action === 'undo') return void session.undo();
  if (action === 'move') {
    const index = body['index'];
    if (!Number.isSafeInteger(index) || (index as number) < 0) return badRequest('`index` must be an integer ≥ 0');
    return void session.move(index as number);
  }
  const { queryId, docId, grade } = body;
  if (typeof queryId !== 'string' || typeof docId !== 'string') return badRequest('`queryId` and `docId` must name the pair shown');
  if (action === 'grade' && !session.onScale(grade)) return badRequest('`grade` must be a grade of the scale');
  const shown = session.view().pair;
  if (shown?.queryId !== queryId || shown.docId !== docId) {
    const now = shown === undefined ? 'no pair is shown now (every pair after it is judged)' : `the pair shown now is ${pairWords(shown)}`;
    return { status: 409, text: `Not ${action === 'grade' ? 'saved' : 'skipped'}: this page showed ${pairWords({ queryId, docId })}, but ${now}: the page was opened again (another tab, or a reload). Look at the pair shown, then press the key.` };
  }
  if (action === 'skip') return void session.skip(shown.index);
  let judgment: Judgment;
  try {
    judgment = await append(grade as number, shown);
  } catch (error) {
    return { status: 500, text: `Not saved: the store cannot be written (${storeFailure(error)}). The pair stays shown: press the grade again once the store can be written.` };
  }
  session.graded(shown.index, judgment);
  return undefined;
}

/** Answers one request: the token checked first, then the page, the state, or an action. */
function requestHandler(session: JudgingSession, token: Buffer, append: Append) {
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
      return send(response, 200, 'text/html; charset=utf-8', judgePageHtml(nonce), { 'content-security-policy': policy });
    }
    if (action !== undefined) {
      const body = await jsonBody(request);
      const refused = body === undefined ? badRequest('the body must be a JSON object') : await act(session, action, body, append);
      if (refused !== undefined) return plain(response, refused.status, refused.text);
    }
    send(response, 200, 'application/json; charset=utf-8', JSON.stringify(session.view()));
  };
}

/**
 * Starts the judging page on `settings.host` (127.0.0.1 by default) and a free port unless one is named.
 * A random token (128 bits) is in the URL it returns; every request without it is refused with 403, and
 * every path but the page's and its API's is 404. Requests are answered one at a time, in order.
 *
 * @example
 * const page = await startJudgePage({ pool, queries, corpus, judge: 'ann', scale: DEFAULT_SCALE, store: 'judgments.jsonl' });
 * console.log(page.url); // http://127.0.0.1:40123/?token=…
 */
export async function startJudgePage(settings: JudgePageSettings): Promise<JudgePage> {
  const store = typeof settings.store === 'string' ? await openStore(settings.store) : settings.store;
  const session = createJudgingSession({ ...settings, judgments: store.judgments });
  const token = randomBytes(16).toString('base64url');
  let failing = false;
  const append: Append = async (grade, { queryId, docId }) => {
    const judgment = { query_id: queryId, doc_id: docId, grade, judge: settings.judge, at: new Date().toISOString() };
    try {
      await store.append(judgment);
    } catch (error) {
      if (!failing) settings.onStoreFailure?.(error);
      failing = true;
      throw error;
    }
    failing = false;
    return judgment;
  };
  const handle = requestHandler(session, Buffer.from(token), append);
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
    view: () => session.view(),
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
