// UTF-8 checked strictly: invalid bytes are refused at their line, never decoded to U+FFFD (which would
// merge distinct ids).
import { parseError } from '../core/errors.js';

const NEWLINE = 10;

// A byte order mark is kept where it stands: the readers drop the one that opens a file (source.ts), and
// one inside an id is part of the id, as it is to trec_eval.
const strictDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * UTF-8 bytes as text, refusing invalid UTF-8: decoding it to U+FFFD would merge distinct ids. The error
 * names the line of the first invalid byte; `firstLine` is the line `bytes` starts on.
 */
export function decodeUtf8(bytes: Uint8Array, file: string, firstLine: number, what = 'the line'): string {
  try {
    return strictDecoder.decode(bytes);
  } catch {
    const at = Math.max(firstInvalidUtf8(bytes), 0);
    let line = firstLine;
    let lineStart = 0;
    for (let i = bytes.indexOf(NEWLINE); i !== -1 && i < at; i = bytes.indexOf(NEWLINE, i + 1)) {
      line++;
      lineStart = i + 1;
    }
    const byte = bytes[at]?.toString(16).padStart(2, '0') ?? 'end';
    throw parseError(file, line, `${what} is not valid UTF-8 (byte 0x${byte} at byte ${at - lineStart + 1}); files must be UTF-8 text`);
  }
}

/** The offset of the first byte that does not belong to a well-formed UTF-8 character, or -1. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; ) {
    const lead = bytes[i]!;
    if (lead < 0x80) {
      i++;
      continue;
    }
    const continuations = lead >= 0xc2 && lead <= 0xdf ? 1 : lead >= 0xe0 && lead <= 0xef ? 2 : lead >= 0xf0 && lead <= 0xf4 ? 3 : 0;
    if (continuations === 0) return i;
    // The second byte's range also rules out overlong forms, surrogates and code points past U+10FFFF.
    const low = lead === 0xe0 ? 0xa0 : lead === 0xf0 ? 0x90 : 0x80;
    const high = lead === 0xed ? 0x9f : lead === 0xf4 ? 0x8f : 0xbf;
    for (let k = 1; k <= continuations; k++) {
      const byte = bytes[i + k];
      if (byte === undefined || byte < (k === 1 ? low : 0x80) || byte > (k === 1 ? high : 0xbf)) return i;
    }
    i += continuations + 1;
  }
  return -1;
}

/** A string read one byte a character (as the TREC readers do) back to the UTF-8 text it encodes. */
export function utf8FromLatin1(text: string, file: string, line: number, what: string): string {
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(text)) return text;
  return decodeUtf8(Uint8Array.from(text, (char) => char.charCodeAt(0)), file, line, what);
}

