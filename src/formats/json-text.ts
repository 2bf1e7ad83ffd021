// One JSON text parsed, with the parser's complaint located at the line where the text goes wrong.
import { RankevalError } from '../core/errors.js';

/** The line (1-based) of a character offset in a text. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/** Parses one JSON text, turning the parser's complaint into an error at the line where the text goes wrong. */
export function parseJson(text: string, file: string, firstLine: number): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    // A foreign error: JSON.parse's text is kept word for word as `facts.foreign` (the error itself as the
    // cause) and only shown, on one line, in the message; the line is found by a scan of our own, as V8's
    // text gives a position only in some versions.
    const foreign = (error as Error).message;
    const shown = foreign.replace(/\s+/g, ' ');
    const line = firstLine - 1 + lineAt(text, jsonErrorOffset(text));
    const problem = `invalid JSON: ${shown.length > 120 ? `${shown.slice(0, 117)}...` : shown}`;
    throw new RankevalError({ code: 'parse_error', subject: { kind: 'file', file, line }, problem, expected: 'a JSON text', facts: { foreign } }, { cause: error });
  }
}

/** A place in a JSON text being scanned. A scan that meets a character no JSON text can have there throws `i`. */
interface Cursor {
  readonly text: string;
  i: number;
}

const LITERAL = /true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

const stop = (at: Cursor): never => {
  throw at.i;
};

function skipSpace(at: Cursor): void {
  while (at.i < at.text.length && ' \t\n\r'.includes(at.text[at.i]!)) at.i++;
}

function expect(at: Cursor, char: string): void {
  if (at.text[at.i] !== char) stop(at);
  at.i++;
}

function skipString(at: Cursor): void {
  const { text } = at;
  expect(at, '"');
  for (;;) {
    if (at.i >= text.length || text.charCodeAt(at.i) < 0x20) stop(at);
    const char = text[at.i++];
    if (char === '"') return;
    if (char !== '\\') continue;
    if (text[at.i] === 'u') {
      if (!/^[0-9a-fA-F]{4}$/.test(text.slice(at.i + 1, at.i + 5))) stop(at);
      at.i += 5;
    } else if ('"\\/bfnrt'.includes(text[at.i] ?? 'x')) at.i++;
    else stop(at);
  }
}

/** An object's key and its colon. */
function skipKey(at: Cursor): void {
  skipSpace(at);
  skipString(at);
  skipSpace(at);
  expect(at, ':');
}

/**
 * Reads the start of a value: a whole string or literal, an empty object or array, or the opening of a
 * non-empty one (its closer pushed on `closers`). True when a whole value was read.
 */
function startValue(at: Cursor, closers: string[]): boolean {
  skipSpace(at);
  const char = at.text[at.i];
  if (char === '{' || char === '[') {
    const close = char === '{' ? '}' : ']';
    at.i++;
    skipSpace(at);
    if (at.text[at.i] === close) {
      at.i++;
      return true;
    }
    closers.push(close);
    if (close === '}') skipKey(at);
    return false;
  }
  if (char === '"') skipString(at);
  else {
    LITERAL.lastIndex = at.i;
    if (!LITERAL.test(at.text)) stop(at);
    at.i = LITERAL.lastIndex;
  }
  return true;
}

/** After a value: closes what it ends, until a comma starts the next value (false) or the text ends (true). */
function endValue(at: Cursor, closers: string[]): boolean {
  for (;;) {
    skipSpace(at);
    const close = closers.at(-1);
    if (close === undefined) {
      if (at.i < at.text.length) stop(at);
      return true;
    }
    if (at.text[at.i] === ',') {
      at.i++;
      if (close === '}') skipKey(at);
      return false;
    }
    expect(at, close);
    closers.pop();
  }
}

/**
 * The offset of the first character that cannot continue a JSON text (its length when the text ends early).
 * It keeps the open objects and arrays on a stack of its own, so any depth of nesting is read.
 */
export function jsonErrorOffset(text: string): number {
  const at: Cursor = { text, i: 0 };
  const closers: string[] = []; // of the open objects and arrays, innermost last
  try {
    for (;;) if (startValue(at, closers) && endValue(at, closers)) return text.length;
  } catch (error) {
    if (typeof error === 'number') return error;
    throw error;
  }
}
