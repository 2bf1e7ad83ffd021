// Assignments read from a language model's answer, one label a nugget, or a refusal to guess them.
import { argument, fail, RankevalError, type ErrorFacts } from '../core/errors.js';
import { ownOptions } from '../core/boundary.js';
import { quoteJson } from '../core/quoting.js';
import { readNuggetGrades, SUPPORT, type NuggetGrades, type NuggetSupport } from '../formats/nuggets.js';

/** The options of parseAssignment: what the prompt asked for. */
export interface ParseAssignmentOptions {
  /** How many nuggets the prompt listed: the answer must give exactly this many labels. */
  readonly nuggets: number;
  /** The prompt's scale: 3 takes `partial_support`, 2 refuses it. */
  readonly grades: NuggetGrades;
}

// A list in brackets: ["support", 'not_support', …] (JSON or Python quotes), innermost brackets only.
const LIST = /\[([^[\]]*)\]/g;
// A numbered line: "1. support", "2) **partial_support** — gives the year only", "Nugget 3: not_support".
const NUMBERED = /^[ \t]*(?:[-*][ \t]*)?(?:nugget[ \t]*)?(\d+)[ \t]*[.):][ \t]*(.*)$/gim;

/** The label a list item or a numbered line's text gives: `Partial Support`, `partial-support` → partial_support. */
function labelOf(raw: string): string {
  return raw.replace(/[*`"']/g, '').trim().toLowerCase().replace(/[ \t-]+/g, '_');
}

/** The model's answer, the subject of parseAssignment's errors about it. */
const TEXT = argument('text');

/**
 * The assignments a language model's answer gives, one for each of `nuggets` nuggets in order: read from a
 * list (`["support", "not_support"]`, JSON or Python quotes, in a ```json fence or after reasoning) or,
 * failing that, from numbered lines (`1. support`, `2) partial_support — only the year`). Labels are read
 * without regard to case, and a space or hyphen stands for `_` (`Partial support`).
 *
 * It refuses, rather than guess: an answer without labels (a refusal), a hesitation (`support or
 * partial_support`), two lists that differ, a count other than `nuggets`, numbered lines out of order, an
 * unknown label (`supported`, `yes`), and `partial_support` on 2 grades.
 *
 * @param text the model's answer
 * @throws {RankevalError} `parse_error` naming the answer (cut) and what is wrong with it, the whole answer
 *   in `received`; `invalid_option` for a `nuggets` that is not a positive whole number, or `grades` not 2 or 3
 * @example
 * parseAssignment('```json\n["support", "partial_support"]\n```', { nuggets: 2, grades: 3 }) // => ['support', 'partial_support']
 * parseAssignment('1. support\n2. not_support', { nuggets: 2, grades: 2 }) // => ['support', 'not_support']
 */
export function parseAssignment(text: string, options: ParseAssignmentOptions): NuggetSupport[] {
  const fn = 'parseAssignment';
  const { nuggets: count, grades: givenGrades } = ownOptions(options, ['nuggets', 'grades'], fn);
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) {
    fail('invalid_option', fn, { kind: 'option', option: 'nuggets' }, 'a positive whole number (how many nuggets the prompt listed)', count);
  }
  const grades = readNuggetGrades(givenGrades, fn);
  if (typeof text !== 'string') {
    throw new RankevalError({ code: 'invalid_option', fn, subject: TEXT, what: '`text`', expected: "the model's answer, a string", received: text });
  }
  const allowed = grades === 3 ? SUPPORT : SUPPORT.filter((label) => label !== 'partial_support');
  const expected = `a list of ${count} label${count === 1 ? '' : 's'}, each ${allowed.join(', ')}`;
  const refuse = (problem: string, facts?: ErrorFacts): never => {
    throw new RankevalError({ code: 'parse_error', fn, subject: TEXT, facts, problem: `${problem}: ${quoteJson(text, 200)}`, expected, received: text });
  };
  const check = (raw: readonly string[]): NuggetSupport[] => {
    if (raw.length !== count) refuse(`the answer gives ${raw.length} label${raw.length === 1 ? '' : 's'} for ${count} nugget${count === 1 ? '' : 's'}`, { count: raw.length });
    return raw.map((given, i) => {
      const item = given.trim().replace(/^["'`]([^]*)["'`]$/, '$1');
      const label = labelOf(item);
      if (/(?:^|_)(?:or|and)_|\//.test(label)) refuse(`the answer hesitates over nugget ${i + 1} (${item})`, { index: i });
      if (label === 'partial_support' && grades === 2) refuse(`nugget ${i + 1} is partial_support on 2 grades (support, not_support)`, { index: i, choices: allowed });
      if (!(SUPPORT as readonly string[]).includes(label)) refuse(`unknown label for nugget ${i + 1}: ${quoteJson(item, 60)} (known: ${allowed.join(', ')})`, { index: i, choices: allowed });
      return label as NuggetSupport;
    });
  };

  const lists = [...text.matchAll(LIST)]
    .map(([, inner]) => inner!.split(',').map((item) => item.trim()).filter((item, i, all) => item !== '' || i < all.length - 1))
    // A list of words, quoted or bare, one of them a label: not a citation `[1]` nor an aside `[see above]`.
    .filter((items) => items.every((item) => /^(["'`])[^"'`]*\1$|^[A-Za-z_-]+$/.test(item)) && items.some((item) => labelOf(item).includes('support')));
  if (lists.length > 0) {
    const distinct = [...new Set(lists.map((items) => items.map(labelOf).join(',')))];
    if (distinct.length > 1) refuse(`the answer gives ${distinct.length} different lists`, { count: distinct.length });
    return check(lists[0]!);
  }

  const lines = [...text.matchAll(NUMBERED)];
  if (lines.length > 0) {
    const outOfOrder = lines.findIndex(([, number], i) => Number(number) !== i + 1);
    if (outOfOrder !== -1) refuse(`the numbered lines are not 1 to ${lines.length} in order (line ${outOfOrder + 1} is numbered ${lines[outOfOrder]![1]})`, { index: outOfOrder });
    // A line's label runs to its first separator: "2. partial_support — only the year" → partial_support.
    return check(lines.map(([, , rest]) => rest!.split(/[:;,.(—–]| - /)[0]!));
  }
  return refuse('no assignment in the answer');
}
