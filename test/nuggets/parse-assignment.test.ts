import { describe, expect, it } from 'vitest';
import type { ErrorFacts } from '../../src/core/errors.js';
import type { NuggetGrades, NuggetSupport } from '../../src/formats/nuggets.js';
import { parseAssignment } from '../../src/nuggets/parse-assignment.js';
import { caught } from '../helpers/caught.js';

const S = 'support';
const P = 'partial_support';
const N = 'not_support';

// Answers in the forms language models give them, for 3 nuggets.
const READ: readonly [string, string, NuggetGrades, NuggetSupport[]][] = [
  ['a JSON list', '["support", "partial_support", "not_support"]', 3, [S, P, N]],
  ['a Python list with single quotes', "['support', 'not_support', 'support']", 2, [S, N, S]],
  ['a list in a json fence', '```json\n["not_support", "support", "partial_support"]\n```', 3, [N, S, P]],
  ['reasoning with a citation, then the list', 'The answer gives the year [1] but not the place.\nLabels: ["support", "not_support", "not_support"]', 3, [S, N, N]],
  ['the same list twice', 'Draft: ["support", "support", "not_support"]\nFinal: ["support", "support", "not_support"]', 2, [S, S, N]],
  ['a list over lines with a trailing comma', '[\n  "support",\n  "partial_support",\n  "support",\n]', 3, [S, P, S]],
  ['labels in other case and spacing', '["Support", "Partial Support", "not-support"]', 3, [S, P, N]],
  ['numbered lines', '1. support\n2. partial_support\n3. not_support', 3, [S, P, N]],
  ['numbered lines with reasons and bold', '1) **support**: the answer states the dose\n2) not_support — nothing on the schedule\n3) partial_support (only the year)', 3, [S, N, P]],
  ['nugget-numbered lines', 'Nugget 1: not_support\nNugget 2: support\nNugget 3: support', 2, [N, S, S]],
];

const REFUSED: readonly [string, string, NuggetGrades, RegExp, ErrorFacts][] = [
  ['a refusal', "I'm sorry, but I can't assess this answer.", 3, /no assignment in the answer: "I'm sorry/, {}],
  ['an empty answer', '', 3, /no assignment in the answer: ""/, {}],
  ['too few labels', '["support", "not_support"]', 3, /the answer gives 2 labels for 3 nuggets/, { count: 2 }],
  ['too many numbered lines', '1. support\n2. support\n3. support\n4. not_support', 3, /the answer gives 4 labels for 3 nuggets/, { count: 4 }],
  ['an unknown label', '["support", "supported", "not_support"]', 3, /unknown label for nugget 2: "supported" \(known: support, partial_support, not_support\)/, { index: 1, choices: [S, P, N] }],
  ['a yes/no answer', '1. yes\n2. no\n3. yes', 3, /unknown label for nugget 1: "yes"/, { index: 0, choices: [S, P, N] }],
  ['partial_support on 2 grades', '["support", "partial_support", "not_support"]', 2, /nugget 2 is partial_support on 2 grades \(support, not_support\)/, { index: 1, choices: [S, N] }],
  ['a hesitation in a list', '["support", "support or partial_support", "not_support"]', 3, /hesitates over nugget 2 \(support or partial_support\)/, { index: 1 }],
  ['a hesitation on a line', '1. support\n2. partial_support/not_support\n3. support', 3, /hesitates over nugget 2 \(partial_support\/not_support\)/, { index: 1 }],
  ['two lists that differ', '["support", "support", "support"]\nOn reflection: ["support", "not_support", "support"]', 3, /gives 2 different lists/, { count: 2 }],
  ['numbered lines out of order', '1. support\n3. support\n2. not_support', 3, /not 1 to 3 in order \(line 2 is numbered 3\)/, { index: 1 }],
];

describe('parseAssignment', () => {
  it.each(READ)('reads %s', (_, answer, grades, labels) => {
    expect(parseAssignment(answer, { nuggets: 3, grades })).toEqual(labels);
  });

  it.each(REFUSED)('refuses %s, naming the answer', (_, answer, grades, message, facts) => {
    const error = caught(() => parseAssignment(answer, { nuggets: 3, grades }));
    expect(error.code).toBe('parse_error');
    expect(error.message).toMatch(/^parseAssignment: /);
    expect(error.message).toMatch(message);
    expect(error.received).toBe(answer);
    expect([error.subject, error.facts]).toEqual([{ kind: 'argument', argument: 'text' }, facts]);
  });

  it('says in `expected` what the scale allows', () => {
    expect(() => parseAssignment('["partial_support"]', { nuggets: 1, grades: 2 })).toThrow(expect.objectContaining({ expected: 'a list of 1 label, each support, not_support' }));
  });

  it('refuses options that are not what the prompt asked, and a text that is not a string', () => {
    expect(() => parseAssignment('["support"]', { nuggets: 0, grades: 3 })).toThrow(expect.objectContaining({ code: 'invalid_option', received: 0 }));
    expect(() => parseAssignment('["support"]', { nuggets: 1.5, grades: 3 })).toThrow(/expected `nuggets` to be a positive whole number/);
    expect(() => parseAssignment('["support"]', { nuggets: 1, grades: 4 as NuggetGrades })).toThrow('parseAssignment: expected `grades` to be 2 or 3, got `4` (number)');
    expect(() => parseAssignment(null as unknown as string, { nuggets: 1, grades: 3 })).toThrow("parseAssignment: expected `text` to be the model's answer, a string, got `null` (null)");
    expect(caught(() => parseAssignment(null as unknown as string, { nuggets: 1, grades: 3 })).subject).toEqual({ kind: 'argument', argument: 'text' });
  });
});
