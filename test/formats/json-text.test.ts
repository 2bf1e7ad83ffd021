import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { jsonErrorOffset, lineAt, parseJson } from '../../src/formats/json-text.js';
import { caught } from '../helpers/caught.js';

describe('jsonErrorOffset', () => {
  test.prop([fc.json()])('a text JSON.parse accepts has no error before its end', (text) => {
    expect(jsonErrorOffset(text)).toBe(text.length);
  });

  test.prop([fc.json(), fc.nat()])('a text JSON.parse refuses has its error offset inside it or at its end', (text, cut) => {
    const truncated = text.slice(0, cut % (text.length + 1));
    let valid = true;
    try {
      JSON.parse(truncated);
    } catch {
      valid = false;
    }
    if (!valid) expect(jsonErrorOffset(truncated)).toBeLessThanOrEqual(truncated.length);
  });

  it.each([
    ['{"a": [1, 2,]}', 12],
    ['{"a" 1}', 5],
    ['[01]', 2],
    ['"\\x"', 2],
    ['"\\u12G4"', 2],
    ['[1] 2', 4],
    ['{"a": tru}', 6],
    ['[1, 2', 5],
  ])('finds the first bad character of %s at %i', (text, offset) => {
    expect(jsonErrorOffset(text)).toBe(offset);
  });

  it('follows nesting 100k deep without running out of stack', () => {
    const depth = 100_000;
    expect(jsonErrorOffset(`${'['.repeat(depth)}${']'.repeat(depth)}`)).toBe(2 * depth);
    expect(jsonErrorOffset(`${'{"a":['.repeat(depth)}1`)).toBe(6 * depth + 1);
    expect(jsonErrorOffset(`${'['.repeat(depth)}x`)).toBe(depth);
  });
});

it('lineAt counts the newlines before an offset', () => {
  expect([0, 1, 2, 3, 4].map((offset) => lineAt('a\nb\nc', offset))).toEqual([1, 1, 2, 2, 3]);
});

describe('parseJson', () => {
  it("keeps JSON.parse's text word for word as the foreign fact, its error as the cause, at the line where the text goes wrong", () => {
    const text = '{\n  "a": [1,\n  }\n';
    let thrown: unknown;
    try {
      JSON.parse(text);
    } catch (error) {
      thrown = error;
    }
    const error = caught(() => parseJson(text, 'g.json', 1));
    expect(error).toMatchObject({ code: 'parse_error', subject: { kind: 'file', file: 'g.json', line: 3 }, facts: { foreign: (thrown as Error).message } });
    expect(error.cause).toBeInstanceOf(SyntaxError);
    expect(error.message).toMatch(/^g\.json:3: invalid JSON: /);
  });
});
