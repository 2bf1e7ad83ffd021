// Preference files for the library: trec_eval's `prefs` lines and qrels read as preferences, whole and in
// chunks, the format told from the first line, every bad line located.
import { describe, expect, test } from 'vitest';
import { parsePreferences, readPreferences } from '../../src/formats/preferences.js';
import { byteChunks, rankevalFailureOf } from '../helpers/files.js';

const FILE = 'prefs.txt';
const refusal = (text: string): string => rankevalFailureOf(() => parsePreferences(text, { file: FILE })).message;

describe('parsePreferences', () => {
  const text = 'q1 alice s1 d1 2\nq1 alice s1 d2 0\nq1 alice s2 d3 1.5\nq2 bob s d1 1\n';
  const expected = {
    q1: { alice: { s1: [{ doc: 'd1', level: 2 }, { doc: 'd2', level: 0 }], s2: [{ doc: 'd3', level: 1.5 }] } },
    q2: { bob: { s: [{ doc: 'd1', level: 1 }] } },
  };

  test('reads qid ujg ujsubg docno rel_level lines into query → group → sub-group → judgments', () => {
    expect(parsePreferences(text)).toEqual(expected);
  });

  test('reads a qrels file as preferences: the iter field the group, one sub-group "0"', () => {
    expect(parsePreferences('q1 0 d1 1\nq1 0 d2 0\nq1 Q1 d1 2\n', { format: 'auto' })).toEqual({ q1: { 0: { 0: [{ doc: 'd1', level: 1 }, { doc: 'd2', level: 0 }] }, Q1: { 0: [{ doc: 'd1', level: 2 }] } } });
    expect(parsePreferences('q1 0 d1 1 \n', { format: 'qrels' })).toEqual({ q1: { 0: { 0: [{ doc: 'd1', level: 1 }] } } });
  });

  test('skips blank and # lines, takes tabs and CRLF', async () => {
    expect(parsePreferences('# judged in 2026\n\nq1\talice s1 d1 2\r\nq1 alice s1 d2 0\nq2 bob s d1 1\n'.replace('q1 alice s1 d2 0\n', 'q1 alice s1 d2 0\nq1 alice s2 d3 1.5\n'))).toEqual(expected);
    expect(await readPreferences(byteChunks(text, 3))).toEqual(expected);
  });

  test('refuses a line of another number of fields, or a level that is not a decimal number, at its line', () => {
    expect(refusal('q1 a s d1 2\nq1 a s d2\n')).toBe("prefs.txt:2: expected 5 fields (qid ujg ujsubg docno rel_level), got 4 (a qrels file? read it with format: 'qrels')");
    expect(refusal('q1 a s d1 2\nq1 a s d2 high\n')).toBe('prefs.txt:2: expected the level of document "d2" (a decimal number), got "high"');
    expect(rankevalFailureOf(() => parsePreferences('q1 a d1\n', { file: FILE, format: 'auto' })).message).toMatch(/^prefs.txt:1: cannot tell the preferences format/);
    expect(parsePreferences('')).toEqual({});
  });
});
