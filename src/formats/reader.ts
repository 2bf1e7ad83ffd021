// What a format's reader is to the front doors (source.ts): bytes pushed in order, the result at the end.
import { createLineSplitter } from './lines.js';

/** Reads one format; `push` takes the file's bytes in order, `end` returns what was read. */
export interface FormatReader<T> {
  push(chunk: Uint8Array): void;
  end(): T;
}

/**
 * A kind of file (runs, golden sets, lengths): its formats, how its first line shows one, and how a
 * reader of each is opened. `Extra` is what the kind's own options resolve to (a golden set's
 * `gradeColumn`), with the keys that give them.
 */
export interface FileKind<Format extends string, T, Extra = undefined> {
  /** `golden set` or `run`, for messages. */
  readonly what: string;
  readonly formats: readonly Format[];
  /** The option keys the kind takes besides the reading options, and their resolution. */
  readonly options?: { readonly keys: readonly string[]; resolve(own: Readonly<Record<string, unknown>>, fn: string): Extra };
  /** The format a first non-blank line of content shows, if any. */
  detect(line: string): Format | undefined;
  open(format: Format, file: string, extra: Extra): FormatReader<T>;
}

/** A reader of text formats: each line to `onLine`, then what `finish` returns. */
export function lineReader<T>(file: string, onLine: (text: string, line: number) => void, finish: () => T): FormatReader<T> {
  const splitter = createLineSplitter(file, onLine);
  return {
    push: (chunk) => splitter.push(chunk),
    end() {
      splitter.end();
      return finish();
    },
  };
}
