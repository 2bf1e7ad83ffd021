// Ids and names come from the user's files and end up in terminals, Markdown and spreadsheets: each form
// gets them escaped so that they show as written and cannot act (move the cursor, break a table, run a
// formula).

// C0 controls, DEL and C1 controls: the start of every terminal escape sequence among them.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/** Control characters as `\x1b`, `\n`…, so that an id cannot clear the screen or recolour the terminal. */
export const escapeControls = (text: string): string =>
  text.replace(CONTROL, (char) => {
    if (char === '\n') return '\\n';
    if (char === '\r') return '\\r';
    if (char === '\t') return '\\t';
    return `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`;
  });

const HTML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/**
 * Text for a Markdown table cell or line: `|` would end the cell and a line break the row, and Markdown
 * renders raw HTML, so `<`, `>` and `&` become entities; other controls are escaped as for a terminal.
 */
export const escapeMarkdown = (text: string): string =>
  escapeControls(text.replace(/[&<>]/g, (char) => HTML[char]!).replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r\n|\r|\n/g, ' '));

/**
 * A CSV field. Text that a spreadsheet would read as a formula (starting with `=`, `+`, `-`, `@`, a tab or
 * a carriage return) gets a leading `'`, as OWASP recommends against CSV injection; fields holding a
 * quote, comma, line break or edge space are quoted.
 */
export function csvField(text: string, neutralise: boolean): string {
  const safe = neutralise && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]|^\s|\s$/.test(safe) || safe !== text ? `"${safe.replace(/"/g, '""')}"` : safe;
}
