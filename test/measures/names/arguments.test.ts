// The `(key=value, …)` of a measure name, read into raw values in either grammar.
import { describe, expect, test } from 'vitest';
import { readArguments } from '../../../src/measures/names/arguments.js';

describe('readArguments', () => {
  test('reads numbers (keeping their text), quoted strings, tables and lists', () => {
    expect(readArguments("rel=2, dcg='exp-log2', gains={0:0,1:1.5}, points=[0,.5]", 'm', 'ir_measures')).toEqual([
      ['rel', { kind: 'number', value: 2, text: '2' }],
      ['dcg', { kind: 'string', value: 'exp-log2' }],
      ['gains', { kind: 'dict', entries: [['0', { kind: 'number', value: 0, text: '0' }], ['1', { kind: 'number', value: 1.5, text: '1.5' }]] }],
      ['points', { kind: 'list', items: [{ kind: 'number', value: 0, text: '0' }, { kind: 'number', value: 0.5, text: '.5' }] }],
    ]);
  });

  test('ir_measures takes Python literals only; rankeval bare words too', () => {
    expect(readArguments('judged_only=True', 'm', 'ir_measures')).toEqual([['judged_only', { kind: 'word', value: 'True' }]]);
    expect(readArguments('gain=exponential', 'm', 'rankeval')).toEqual([['gain', { kind: 'word', value: 'exponential' }]]);
    expect(() => readArguments('gain=exponential', 'm', 'ir_measures')).toThrow(
      "measure `m`: cannot read the parameters `(gain=exponential)`: a value that is not a Python literal (quote strings) at character 6",
    );
  });

  test('an empty text gives no pairs', () => {
    expect(readArguments('  ', 'm', 'rankeval')).toEqual([]);
  });

  test.each([
    ['rel', 'expected `=` at character 4'],
    ['rel=', 'a missing value at character 5'],
    ["dcg='log2", 'an unclosed string at character 5'],
    ['gains={1 1}', 'expected `:` at character 10'],
    ['points=[1 2]', 'expected `,` or `]` at character 11'],
    ['rel=2 p=1', 'expected `,` at character 7'],
    ['2=1', 'expected a parameter name at character 1'],
  ])('%j is refused where reading stops', (text, what) => {
    expect(() => readArguments(text, 'm', 'rankeval')).toThrow(`measure \`m\`: cannot read the parameters \`(${text})\`: ${what}`);
  });
});
