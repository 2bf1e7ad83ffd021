// trec_eval's preferences reader on bytes (-R prefs, -R qrels_prefs): five fields a line (four for qrels),
// levels as atof reads them (as C floats for 9.0.8), # lines for 10.0, errors at their line.
import { describe, expect, test } from 'vitest';
import { parseFailure } from '../helpers/trec-bytes.js';
import { parsePrefs, type PrefsReading } from '../../src/formats/trec-prefs.js';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);
const PREFS: PrefsReading = { layout: 'prefs', comments: false, singlePrecision: false };

describe('parsePrefs', () => {
  test('reads qid ujg ujsubg docno rel_level, blanks of any kind between, no final newline', () => {
    const prefs = parsePrefs(bytes('q1 alice s1 d1 2\nq1\talice\ts1\td2\t0.5 \r\nq2 bob s d1 3abc'), 'prefs', PREFS);
    expect(Object.fromEntries(prefs.queries)).toEqual({
      q1: [
        { group: 'alice', subgroup: 's1', doc: 'd1', level: 2 },
        { group: 'alice', subgroup: 's1', doc: 'd2', level: 0.5 },
      ],
      q2: [{ group: 'bob', subgroup: 's', doc: 'd1', level: 3 }],
    });
  });

  test('reads a qrels file as preferences: the iter field the group, one sub-group "0"', () => {
    const prefs = parsePrefs(bytes('q1 Q0 d1 -1\n'), 'qrels', { ...PREFS, layout: 'qrels' });
    expect(prefs.queries.get('q1')).toEqual([{ group: 'Q0', subgroup: '0', doc: 'd1', level: -1 }]);
  });

  test('keeps a level as a C float for trec_eval 9.0.8, as a double for 10.0', () => {
    const level = (singlePrecision: boolean): number => parsePrefs(bytes('q1 g s d1 0.1\n'), 'prefs', { ...PREFS, singlePrecision }).queries.get('q1')![0]!.level;
    expect(level(true)).toBe(Math.fround(0.1));
    expect(level(false)).toBe(0.1);
  });

  test('skips a # line with trec_eval 10, one at a time', () => {
    const prefs = parsePrefs(bytes('# a comment\nq1 g s d1 1\n'), 'prefs', { ...PREFS, comments: true });
    expect(prefs.queries.get('q1')).toHaveLength(1);
    expect(parseFailure(() => parsePrefs(bytes('# a comment\nq1 g s d1 1\n'), 'prefs', PREFS))).toBe('prefs:1: expected 5 fields (qid ujg ujsubg docno rel_level), got 3');
  });

  test.each([
    ['q1 g s d1\n', 'prefs:1: expected 5 fields (qid ujg ujsubg docno rel_level), got 4'],
    ['q1 g s d1 1 extra\n', 'prefs:1: expected 5 fields (qid ujg ujsubg docno rel_level), got more'],
    ['q1 g s d1 1\n\n', 'prefs:2: expected 5 fields (qid ujg ujsubg docno rel_level), got 0'],
    ['q1 g s d1 nan\n', 'prefs:1: the level "nan" is not a number'],
    ['', 'prefs:1: the preferences file is empty'],
  ])('refuses %j with the file and line', (text, message) => {
    expect(parseFailure(() => parsePrefs(bytes(text), 'prefs', PREFS))).toBe(message);
  });
});
