// Text set into the page's markup: escaped, so that ids, names, tags and titles show as written.
import { escapeControls } from '../text/escape.js';
import type { ReportData } from './types.js';

// Ids, names, tags and titles are shown as the terminal shows them: controls, bidi marks and line separators
// as escapes (`\u202e`), which cannot turn the text around them.
export const escapeHtml = (text: string): string =>
  escapeControls(text).replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** A difference with its sign, as the lost queries show it: +0.2500, −0.1250. */
export const signed = (delta: number): string => `${delta < 0 ? '−' : '+'}${Math.abs(delta).toFixed(4)}`;

/** "a", "a and b", "a, b and c". */
export const listed = (items: readonly string[]): string => (items.length === 1 ? items[0]! : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/** The confidence level as the page writes it: `95%`. */
export const levelText = (data: ReportData): string => `${+(data.level * 100).toFixed(2)}%`;
