// trec_eval's reading of a preferences file (-R prefs: `qid ujg ujsubg docno rel_level` lines), and of a
// qrels file read as preferences (-R qrels_prefs: `qid ujg docno rel`, the iter field the judgment group,
// one sub-group "0"), on bytes as the other trec readers read: fields split as trec_eval splits them, ids
// kept byte for byte, levels read as C's atof reads them.
import { atofBytes } from '../core/c-numbers.js';
import { latin1 } from '../core/latin1.js';
import type { PreferenceLine } from '../core/types.js';
import { forEachFieldsLine, parseError } from './trec-fields.js';

/** A preferences file as read: query id → its lines, in file order. */
export interface PrefsFile {
  readonly file: string;
  readonly queries: ReadonlyMap<string, readonly PreferenceLine[]>;
}

export interface PrefsReading {
  /** `qrels`: a qrels file read as preferences (-R qrels_prefs); `prefs` (default): a preferences file. */
  readonly layout: 'prefs' | 'qrels';
  /** trec_eval 10 skips a line starting with `#`, one at a time (the line after a comment is data). */
  readonly comments: boolean;
  /** trec_eval 9.0.8 keeps a level as a C float: levels equal in single precision are one level. */
  readonly singlePrecision: boolean;
}

/**
 * Reads a whole preferences file (or a qrels file as preferences): exactly five fields (four for qrels)
 * separated by blanks, the level read as atof reads it (`abc` is 0, `2x` is 2); a blank line, an empty file
 * and a level that atof reads as NaN are refused.
 * @example parsePrefs(bytes('q1 alice s1 d1 2\n'), 'prefs', {layout: 'prefs', comments: false, singlePrecision: false})
 * // q1 → [{group: 'alice', subgroup: 's1', doc: 'd1', level: 2}]
 */
export function parsePrefs(bytes: Uint8Array, file: string, reading: PrefsReading): PrefsFile {
  const { layout, comments, singlePrecision } = reading;
  const names = layout === 'prefs' ? 'qid ujg ujsubg docno rel_level' : 'qid ujg docno rel';
  const count = layout === 'prefs' ? 5 : 4;
  const queries = new Map<string, PreferenceLine[]>();
  forEachFieldsLine(bytes, file, { comments, names, what: layout === 'prefs' ? 'preferences' : 'qrels' }, (fields, line) => {
    const text = (field: number): string => latin1(bytes, fields[2 * field]!, fields[2 * field + 1]!);
    const read = atofBytes(bytes, fields[2 * count - 2]!, fields[2 * count - 1]!);
    if (Number.isNaN(read)) throw parseError(file, line, `the level ${JSON.stringify(text(count - 1))} is not a number`);
    const level = singlePrecision ? Math.fround(read) : read;
    const qid = text(0);
    let lines = queries.get(qid);
    if (lines === undefined) queries.set(qid, (lines = []));
    if (layout === 'prefs') lines.push({ group: text(1), subgroup: text(2), doc: text(3), level });
    else lines.push({ group: text(1), subgroup: '0', doc: text(2), level });
  });
  return { file, queries };
}
