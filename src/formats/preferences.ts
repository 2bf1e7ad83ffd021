// Preference judgments files, as trec_eval reads them with -R prefs and -R qrels_prefs, for the library:
// each query's judgment groups, their sub-groups, and the levels of the documents in each.
import { parseError } from '../core/errors.js';
import { quoteJson } from '../core/quoting.js';
import type { PreferenceJudgment, Preferences } from '../core/types.js';
import { decimalNumber } from './columns.js';
import { lineReader, type FileKind } from './reader.js';
import { parseWith, readWith, type Chunk, type ReadOptions, type Source } from './source.js';

/**
 * `prefs`: trec_eval's preferences file, `qid ujg ujsubg docno rel_level` a line — a judgment group
 * (one user's judgments at one time), a sub-group inside it (the documents it orders), a document and its
 * level (higher is preferred; 0 is non-relevant). `qrels`: a qrels file read as preferences, as trec_eval's
 * `-R qrels_prefs` reads one, `qid iter docno rel` — the iter field is the judgment group, with one
 * sub-group, `"0"`. Fields are separated by blanks; the level is a decimal number. Blank lines and lines
 * starting with `#` are skipped. `prefs` unless named; `auto` tells the two apart by the first non-blank
 * line's number of fields (5 or 4), which must then be a judgment.
 */
export type PreferencesFormat = 'prefs' | 'qrels';

const FIELDS: Readonly<Record<PreferencesFormat, readonly string[]>> = {
  prefs: ['qid', 'ujg', 'ujsubg', 'docno', 'rel_level'],
  qrels: ['qid', 'iter', 'docno', 'rel'],
};

const preferencesKind: FileKind<PreferencesFormat, Preferences> = {
  what: 'preferences',
  formats: ['prefs', 'qrels'],
  detect(line) {
    const count = line.trim().split(/\s+/).length;
    return count === 5 ? 'prefs' : count === 4 ? 'qrels' : undefined;
  },
  open(format, file) {
    const preferences: Record<string, Record<string, Record<string, PreferenceJudgment[]>>> = Object.create(null);
    const names = FIELDS[format];
    return lineReader(
      file,
      (text, line) => {
        const trimmed = text.trim();
        if (trimmed === '' || trimmed.startsWith('#')) return;
        const fields = trimmed.split(/\s+/);
        if (fields.length !== names.length) {
          const hint = format === 'prefs' && fields.length === 4 ? " (a qrels file? read it with format: 'qrels')" : '';
          throw parseError(file, line, `expected ${names.length} fields (${names.join(' ')}), got ${fields.length}${hint}`, `${names.join(' ')} lines`);
        }
        const [qid, group, subgroup, doc, levelText] = format === 'prefs' ? (fields as [string, string, string, string, string]) : [fields[0]!, fields[1]!, '0', fields[2]!, fields[3]!];
        const level = decimalNumber(levelText);
        if (!Number.isFinite(level)) throw parseError(file, line, `expected the level of document ${quoteJson(doc)} (a decimal number), got ${quoteJson(levelText)}`, 'a decimal level');
        const groups = (preferences[qid] ??= Object.create(null) as Record<string, Record<string, PreferenceJudgment[]>>);
        const subgroups = (groups[group] ??= Object.create(null) as Record<string, PreferenceJudgment[]>);
        (subgroups[subgroup] ??= []).push({ doc, level });
      },
      () => preferences,
    );
  },
};

/**
 * Reads a preferences file's whole content (see `PreferencesFormat`) into query id → judgment group →
 * sub-group → `{ doc, level }` judgments in file order: what evaluatePreferences takes, one query at a time.
 * Contradictions between lines (a document at two levels of one sub-group, a cycle) are not checked here:
 * evaluatePreferences refuses them for the query it scores.
 *
 * @throws {RankevalError} `parse_error` (`file:line: …`) for a line of another number of fields than the
 *   format's, a level that is not a decimal number, or a first line of neither format under `auto`; an
 *   empty file under `auto`;
 *   `invalid_option` for a bad option
 * @example
 * parsePreferences('q1 alice s1 d1 2\nq1 alice s1 d2 0\n');
 * // => { q1: { alice: { s1: [{ doc: 'd1', level: 2 }, { doc: 'd2', level: 0 }] } } }
 */
export function parsePreferences(content: Chunk, options?: ReadOptions<PreferencesFormat>): Preferences {
  return parseWith(preferencesKind, content, prefsUnlessNamed(options), 'parsePreferences');
}

/** `parsePreferences` for a file read in chunks (a Node stream, a web stream, any iterable of strings or bytes). */
export function readPreferences(source: Source, options?: ReadOptions<PreferencesFormat>): Promise<Preferences> {
  return readWith(preferencesKind, source, prefsUnlessNamed(options), 'readPreferences');
}

/** The options with `format: 'prefs'` unless they name one; options that are not an object are passed on, to be refused. */
function prefsUnlessNamed(options: ReadOptions<PreferencesFormat> | undefined): ReadOptions<PreferencesFormat> | undefined {
  if (options === undefined) return { format: 'prefs' };
  return typeof options === 'object' && options !== null && !Array.isArray(options) && !Object.hasOwn(options, 'format') ? { ...options, format: 'prefs' } : options;
}
