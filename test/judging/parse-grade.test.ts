import { describe, expect, it } from 'vitest';
import { RankevalError } from '../../src/core/errors.js';
import { parseGrade } from '../../src/judging/parse-grade.js';
import { caught } from '../helpers/caught.js';

// Answers in the forms language models give them, on the default 0–3 scale.
const READ: readonly [string, string, number][] = [
  ['a number alone', '2', 2],
  ['a number with a full stop', '3.', 3],
  ['a number in backticks', '`1`', 1],
  ['the form the prompt asks for', 'Intent: the user wants the dose.\nMatch: the passage gives it.\nGrade: 3', 3],
  ['a bold label', '**Grade:** 2', 2],
  ['a label in bold', '**Grade**: 0', 0],
  ['a bold grade', 'The passage is on topic but never answers the question.\n\nRelevance: **1** (related)', 1],
  ['a bare bold number', 'I would rate this **2**.', 2],
  ['JSON', '{"grade": 2}', 2],
  ['JSON in a fence, reasoning inside', '```json\n{"reasoning": "partial answer", "grade": 2}\n```', 2],
  ['JSON with a quoted grade', '{"score": "1"}', 1],
  ['UMBRELA-style aspects, then a final score', 'M: 2\nT: 1\nO: 2\n##final score: 2', 2],
  ['reasoning with other numbers, then the grade', 'The passage cites 3 studies from 2019 and 14 patients; it answers only part of the query.\nGrade: 1', 1],
  ['a grade said in words', 'Considering all of this, the grade is 2.', 2],
  ['the same grade twice', 'Grade: 2\n\nSo, to repeat, Grade: 2', 2],
  ['a final grade after working grades', 'Grade: 1 at first sight, but on reading again the passage answers it.\nFinal grade: 3', 3],
  ['a grade out of the top', 'Grade: 2/3', 2],
  ['a number alone after reasoning', 'The passage defines the term the query asks about.\n3', 3],
  ['lower case, spaces', 'relevance grade = 0', 0],
  ['trailing blank lines', 'Grade: 1\n\n', 1],
];

const REFUSED: readonly [string, string, RegExp][] = [
  ['a refusal', "I'm sorry, but I can't help with judging this content.", /no grade in the answer: "I'm sorry/],
  ['a refusal that explains', 'As an AI, I cannot determine relevance without more context about the user.', /no grade in the answer/],
  ['an empty answer', '', /no grade in the answer: ""/],
  ['a grade above the scale', 'Grade: 5', /the grade 5 is not on the scale \(a whole number from 0 to 3\)/],
  ['a negative grade', 'Grade: -1', /the grade -1 is not on the scale/],
  ['a fractional grade', 'Grade: 2.5', /the grade 2.5 is not on the scale/],
  ['a hesitation', 'Grade: 2 or 3', /hesitates between grades \(Grade: 2 or 3\)/],
  ['a range', '**2-3**', /hesitates between grades/],
  ['two different grades', 'Grade: 2\nActually, thinking again, Grade: 1', /gives 2 different grades \(2, 1\)/],
  ['two bold numbers', 'Either **1** or **2** fits.', /gives 2 different grades \(1, 2\)/],
  ['a grade in words only', 'Highly relevant.', /no grade in the answer/],
];

describe('parseGrade', () => {
  it.each(READ)('reads %s', (_, answer, grade) => {
    expect(parseGrade(answer)).toBe(grade);
  });

  it.each(REFUSED)('refuses %s, naming the answer', (_, answer, message) => {
    let thrown: unknown;
    try {
      parseGrade(answer);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(RankevalError);
    expect((thrown as RankevalError).code).toBe('parse_error');
    expect((thrown as RankevalError).message).toMatch(/^parseGrade: /);
    expect((thrown as RankevalError).message).toMatch(message);
    expect((thrown as RankevalError).received).toBe(answer);
  });

  it('reads on the scale given: a binary scale takes 0 and 1 only', () => {
    const binary = ['Not relevant', 'Relevant'];
    expect(parseGrade('Grade: 1', binary)).toBe(1);
    expect(() => parseGrade('Grade: 2', binary)).toThrow('parseGrade: the grade 2 is not on the scale (a whole number from 0 to 1): "Grade: 2"');
  });

  it('cuts a long answer in its message', () => {
    const long = `${'blah '.repeat(400)}no grade`;
    expect(() => parseGrade(long)).toThrow(/no grade in the answer: "blah blah .*…$/);
  });

  it('refuses a scale of fewer than two grades and a text that is not a string', () => {
    expect(() => parseGrade('1', ['only'])).toThrow('parseGrade: expected `scale` to be a list of at least two descriptions, one per grade, lowest first, got `array of 1` (array)');
    expect(() => parseGrade(2 as unknown as string)).toThrow("parseGrade: expected `text` to be the model's answer, a string, got `2` (number)");
  });
});

describe("parseGrade's errors are about `text`, the scale's top grade a fact", () => {
  it('an answer without a grade; not a string', () => {
    expect(caught(() => parseGrade('I cannot help with that.'))).toMatchObject({ code: 'parse_error', subject: { kind: 'argument', argument: 'text' }, facts: { limit: 3 } });
    expect(caught(() => parseGrade(3 as never))).toMatchObject({ code: 'invalid_option', subject: { kind: 'argument', argument: 'text' } });
  });
});
