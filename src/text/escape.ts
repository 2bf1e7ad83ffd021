// Ids and names come from the user's files and end up in terminals, Markdown and spreadsheets: each form
// gets them escaped so that they show as written and cannot act (move the cursor, break a table, run a
// formula).
import { boundMessage } from '../core/quoting.js';

// C0 controls, DEL and C1 controls: the start of every terminal escape sequence among them. Then the
// bidirectional marks, embeddings, overrides and isolates, which reorder what follows them on screen (an
// id could show as another), and the line and paragraph separators, which break a line in some viewers.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;

/**
 * Control characters as `\x1b`, `\n`, `\u202e`…, so that an id cannot clear the screen, recolour the
 * terminal or turn the text after it around.
 */
export const escapeControls = (text: string): string =>
  text.replace(CONTROL, (char) => {
    if (char === '\n') return '\\n';
    if (char === '\r') return '\\r';
    if (char === '\t') return '\\t';
    const code = char.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });

/** Text from files and arguments as a stderr message shows it: controls escaped, long values cut. */
export const messageText = (text: string): string => boundMessage(escapeControls(text));

/**
 * Text for a Markdown table cell or line: a line break would end the row and becomes a space; every ASCII
 * punctuation character is backslash-escaped (CommonMark lets any be), so that an id shows as written and
 * makes nothing: no cell end (`|`), raw HTML (`<`), entity (`&`), link or image (`[x](…)`), autolink
 * (`https://…`, `www.…`), emphasis, code span or strike-through; other controls are escaped as for a
 * terminal.
 */
export const escapeMarkdown = (text: string): string =>
  escapeControls(text.replace(/[!-/:-@[-`{-~]/g, (char) => `\\${char}`).replace(/\r\n|\r|\n/g, ' '));

/**
 * A CSV field. Text that a spreadsheet would read as a formula (starting with `=`, `+`, `-`, `@`, a tab or
 * a carriage return) gets a leading `'`, as OWASP recommends against CSV injection; fields holding a
 * quote, comma, line break or edge space are quoted.
 */
export function csvField(text: string, neutralise: boolean): string {
  const safe = neutralise && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]|^\s|\s$/.test(safe) || safe !== text ? `"${safe.replace(/"/g, '""')}"` : safe;
}
