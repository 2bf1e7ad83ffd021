// Quoting for messages: a value described by its type and a bounded glimpse, a file's value as JSON, a
// thrown value as it is, and every message bounded in length whatever the input it quotes.

// A message quotes what the caller gave (a measure name, a file's line, an id): a 10 MB value would make a
// 10 MB message. No word of a message rankeval writes is this long, nor any message this long.
const LONGEST_RUN = 200;
const LONGEST_MESSAGE = 2000;

/** Keeps the start and the end of `text`, saying how many characters in between were left out. */
function cut(text: string, head: number, tail: number): string {
  // Never split a surrogate pair: half a character would print as U+FFFD.
  if (isHighSurrogate(text.charCodeAt(head - 1))) head--;
  if (isHighSurrogate(text.charCodeAt(text.length - tail - 1))) tail++;
  return `${text.slice(0, head)}…(${(text.length - head - tail).toLocaleString('en-US')} characters left out)…${text.slice(text.length - tail)}`;
}

const isHighSurrogate = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;
const isBlank = (code: number): boolean => code === 32 || (code >= 9 && code <= 13) || code === 0xa0 || code === 0x2028 || code === 0x2029;

/**
 * The message with every run of more than 200 non-blank characters cut to its start and end, then, if it is
 * still over 2,000 characters (many short words), cut likewise as a whole: no message grows with the input.
 * The value itself stays whole in `received`. One pass over the characters, whatever their layout.
 */
export function boundMessage(message: string): string {
  let shortened = '';
  let copied = 0;
  let runStart = -1;
  for (let i = 0; i <= message.length; i++) {
    if (i < message.length && !isBlank(message.charCodeAt(i))) {
      if (runStart < 0) runStart = i;
      continue;
    }
    if (runStart >= 0 && i - runStart > LONGEST_RUN) {
      shortened += message.slice(copied, runStart) + cut(message.slice(runStart, i), 120, 40);
      copied = i;
    }
    runStart = -1;
  }
  shortened = copied === 0 ? message : shortened + message.slice(copied);
  return shortened.length <= LONGEST_MESSAGE ? shortened : cut(shortened, 1400, 400);
}

/**
 * Quotes a value for a message: `` `0` (number) ``, `` `"a"` (string) ``, `` `[object]` ``. The work is
 * bounded whatever the value: a long string is cut before it is quoted, and a value that cannot be looked
 * into (a proxy of a proxy … thousands deep overflows the stack in `Array.isArray`; a revoked proxy throws)
 * is described by its `typeof` alone, so that formatting the message never throws instead of the error.
 */
export function describeValue(value: unknown): string {
  let type: string;
  let shown: string;
  try {
    type = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
    if (typeof value === 'string') shown = JSON.stringify(value.length > 60 ? value.slice(0, 60) : value);
    else if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint' || value == null) shown = String(value);
    else if (Array.isArray(value)) shown = `array of ${value.length}`;
    // A plain object as JSON (`{"id":"d2"}`), which says more than `[object Object]`.
    else if (typeof value === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(value))) {
      // Flat and small only, so that the work stays bounded: a nested object could be a whole run.
      const values = Object.values(value as object);
      const flat = values.length <= 8 && values.every((item) => item === null || (typeof item !== 'object' && typeof item !== 'function'));
      shown = flat ? quoteJson(value, 60) : `object of ${values.length} keys`;
    }
    else shown = Object.prototype.toString.call(value);
  } catch {
    type = typeof value;
    shown = `an uninspectable ${type}`;
  }
  if (shown.length > 60) shown = `${shown.slice(0, 57)}...`;
  return `\`${shown}\` (${type})`;
}

/**
 * Describes what a caller's code threw or rejected with, as it is: an Error by its name and message
 * (`TypeError: boom`), anything else quoted (`` `0` (number) ``, `` `null` (null) ``), so that no failure
 * reads as "undefined" or as another value. Never throws, whatever was thrown (a revoked Proxy included).
 */
export function describeThrown(thrown: unknown): string {
  try {
    // A foreign error (the caller's code threw it): its name and message are what it says.
    if (thrown instanceof Error) return thrown.message === '' ? thrown.name : `${thrown.name}: ${thrown.message}`;
  } catch {
    // A revoked Proxy throws on `instanceof`: described by describeValue, which never throws.
  }
  return describeValue(thrown);
}

/**
 * A value read from a file, written as `JSON.stringify` writes it for a message and cut at `limit`
 * characters with an ellipsis, so that a huge or deeply nested value cannot blow up the message (or the
 * stack); `nothing` when absent.
 */
export function quoteJson(value: unknown, limit = 100): string {
  if (value === undefined) return 'nothing';
  let out = '';
  // Each level of nesting writes a character first, so the recursion stops within `limit` levels.
  const write = (item: unknown): void => {
    if (out.length > limit) return;
    if (typeof item === 'string') out += JSON.stringify(item.slice(0, limit + 1));
    else if (Array.isArray(item)) {
      out += '[';
      for (let i = 0; i < item.length && out.length <= limit; i++) {
        if (i > 0) out += ',';
        write(item[i]);
      }
      out += ']';
    } else if (typeof item === 'object' && item !== null) {
      out += '{';
      let first = true;
      for (const key in item) {
        if (out.length > limit) break;
        if (!first) out += ',';
        first = false;
        out += `${JSON.stringify(key.slice(0, limit + 1))}:`;
        write((item as Record<string, unknown>)[key]);
      }
      out += '}';
    } else out += typeof item === 'bigint' ? `${item}n` : (JSON.stringify(item) ?? String(item));
  };
  write(value);
  return out.length > limit ? `${out.slice(0, limit - 1)}…` : out;
}
