import { describe, expect, it } from 'vitest';
import { parseJudgments, readJudgments } from '../../src/formats/judgments.js';

const line = (fields: Record<string, unknown>): string => `${JSON.stringify({ query_id: 'q1', doc_id: 'd1', grade: 2, judge: 'alice', at: '2026-12-05T02:00:00.000Z', ...fields })}\n`;

describe('parseJudgments', () => {
  it('reads one judgment a line, in file order, skipping blank lines', () => {
    const text = line({}) + '\n' + line({ doc_id: 'd2', grade: 0, rationale: 'off topic', usage: { prompt_tokens: 812, completion_tokens: 64 } });
    expect(parseJudgments(text)).toEqual({
      judgments: [
        { query_id: 'q1', doc_id: 'd1', grade: 2, judge: 'alice', at: '2026-12-05T02:00:00.000Z' },
        { query_id: 'q1', doc_id: 'd2', grade: 0, judge: 'alice', at: '2026-12-05T02:00:00.000Z', rationale: 'off topic', usage: { prompt_tokens: 812, completion_tokens: 64 } },
      ],
      tornLine: undefined,
    });
  });

  it('reads an empty store as no judgments', () => {
    expect(parseJudgments('')).toEqual({ judgments: [], tornLine: undefined });
    expect(parseJudgments('\n\n')).toEqual({ judgments: [], tornLine: undefined });
  });

  it('keeps every line that judges a pair again (another judge, or the same judge later)', () => {
    const text = line({}) + line({ judge: 'gpt' }) + line({ grade: 3 });
    expect(parseJudgments(text).judgments.map(({ judge, grade }) => `${judge}:${grade}`)).toEqual(['alice:2', 'gpt:2', 'alice:3']);
  });

  it('sets aside a half-written last line, and says which', () => {
    const whole = line({}) + line({ doc_id: 'd2' });
    for (const cut of [1, 10, 40, line({}).length - 3]) {
      const torn = parseJudgments(whole + line({ doc_id: 'd3' }).slice(0, cut), { file: 'j.jsonl' });
      expect(torn).toEqual({ judgments: parseJudgments(whole).judgments, tornLine: 3 });
    }
  });

  it('sets aside a last line cut inside a multi-byte character', () => {
    const bytes = new TextEncoder().encode(line({}) + line({ rationale: 'très pertinent' }));
    const cut = bytes.indexOf(0xc3) + 1; // the first byte of "è"
    expect(parseJudgments(bytes.subarray(0, cut))).toEqual({ judgments: parseJudgments(line({})).judgments, tornLine: 2 });
  });

  it('reads a whole last line that lost only its line end', () => {
    expect(parseJudgments(line({}) + line({ doc_id: 'd2' }).trimEnd())).toMatchObject({ judgments: [{ doc_id: 'd1' }, { doc_id: 'd2' }], tornLine: undefined });
  });

  it('refuses a bad line that is not the last, or that ends with a line end, naming file and line', () => {
    const bad = '{"query_id":"q1","do\n';
    expect(() => parseJudgments(line({}) + bad + line({}), { file: 'j.jsonl' })).toThrow(/^j\.jsonl:2: invalid JSON/);
    expect(() => parseJudgments(line({}) + bad, { file: 'j.jsonl' })).toThrow(/^j\.jsonl:2: invalid JSON/);
  });

  it('refuses a bad line directly before a half-written last line, naming it, rather than dropping it', async () => {
    const bad = '{"query_id":"q1","do\n';
    const bytes = new TextEncoder().encode(line({ rationale: 'très' }));
    const stores = [
      line({}) + bad + line({ doc_id: 'd3' }).slice(0, 20), // a torn last line
      line({}) + bad + line({ doc_id: 'd3' }).trimEnd(), // a whole last line without its line end
      new Uint8Array([...new TextEncoder().encode(line({}) + bad), ...bytes.subarray(0, bytes.indexOf(0xc3) + 1)]), // cut inside a character
    ];
    for (const store of stores) {
      expect(() => parseJudgments(store, { file: 'j.jsonl' })).toThrow(/^j\.jsonl:2: invalid JSON/);
      await expect(readJudgments([store], { file: 'j.jsonl' })).rejects.toMatchObject({ code: 'parse_error', subject: { kind: 'file', file: 'j.jsonl', line: 2 } });
    }
  });

  it('refuses a last line without a line end that is JSON but not a judgment: written whole, it is no torn write', async () => {
    // A cut write is never whole JSON: a line ends with its object's "}". This line was written whole (by a
    // tool that writes a string grade, or a leap second) and must be refused, never set aside as torn.
    for (const fields of [{ grade: '2' }, { at: '2016-12-31T23:59:60Z' }, { judge: '' }]) {
      const store = line({}) + line(fields).trimEnd();
      expect(() => parseJudgments(store, { file: 'j.jsonl' })).toThrowError(expect.objectContaining({ code: 'parse_error', subject: { kind: 'file', file: 'j.jsonl', line: 2 } }));
      await expect(readJudgments([store], { file: 'j.jsonl' })).rejects.toMatchObject({ code: 'parse_error', subject: { kind: 'file', file: 'j.jsonl', line: 2 } });
    }
  });

  it.each([
    [{ grade: 'high' }, '"grade" must be a finite number, got "high"'],
    [{ grade: null }, '"grade" must be a finite number, got null'],
    [{ query_id: '' }, '"query_id" must be a non-empty string, got ""'],
    [{ doc_id: 7 }, '"doc_id" must be a non-empty string, got 7'],
    [{ judge: undefined }, '"judge" must be a non-empty string, got nothing'],
    [{ at: 'yesterday' }, '"at" must be an ISO 8601 time of a real calendar date, got "yesterday"'],
    [{ rationale: 3 }, '"rationale" must be a string, got 3'],
    [{ usage: { tokens: -1 } }, '"usage" must be an object of counts (finite numbers ≥ 0), got {"tokens":-1}'],
  ])('refuses a judgment with %j', (fields, message) => {
    expect(() => parseJudgments(line(fields) + line({}), { file: 'j.jsonl' })).toThrow(`j.jsonl:1: ${message}`);
    // The field refused is a fact, as data: the key its words quote.
    expect(() => parseJudgments(line(fields) + line({}), { file: 'j.jsonl' })).toThrow(expect.objectContaining({ facts: { key: Object.keys(fields)[0] } }));
  });

  it.each(['2024-02-30', '2023-02-29', '2100-02-29T00:00:00Z', '2026-13-01T00:00:00Z', '2026-00-10', '2026-04-31', '2026-12-05T24:00:00Z', '2026-12-05T23:60:00Z', '2026-12-05T23:59:60Z', '2026-12-05T02:00:00+24:00', 'Dec 5 2026', '2026-12-05T02:00:00.000'.slice(0, 13)])(
    'refuses the time %j, which is no real calendar time, naming the line and the value',
    (at) => {
      expect(() => parseJudgments(line({}) + line({ at }), { file: 'j.jsonl' })).toThrowError(
        expect.objectContaining({ code: 'parse_error', subject: { kind: 'file', file: 'j.jsonl', line: 2 }, received: at, message: `j.jsonl:2: "at" must be an ISO 8601 time of a real calendar date, got ${JSON.stringify(at)}` }),
      );
    },
  );

  it.each(['2024-02-29', '2000-02-29T12:00:00Z', '2026-12-05T02:00:00.000Z', '2026-12-05T02:00Z', '2026-12-31T23:59:59.999+05:30', '2026-12-05 02:00:00-08:00'])('reads the time %j, a real calendar time', (at) => {
    expect(parseJudgments(line({ at })).judgments[0]!.at).toBe(at);
  });

  it('refuses a line that is not an object', () => {
    expect(() => parseJudgments('[1, 2]\n')).toThrow('<input>:1: expected a JSON object {"query_id", "doc_id", "grade", "judge", "at"}, got [1,2]');
  });
});

describe('readJudgments', () => {
  it('reads a store from chunks cut anywhere, as parseJudgments does', async () => {
    const text = line({}) + line({ doc_id: 'd2' }) + '{"query_id":"q';
    const chunks = [text.slice(0, 7), text.slice(7, 90), text.slice(90)];
    expect(await readJudgments(chunks)).toEqual(parseJudgments(text));
    expect((await readJudgments(chunks)).tornLine).toBe(3);
  });
});
