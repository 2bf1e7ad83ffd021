// The matchers' types: a measure name rankeval does not know, as a gate's key or toHaveMeasure's name, is a
// type error that names it (tsc's own diagnostics on a user's snippet, test/helpers/typecheck.ts).
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { lineOf, typeErrors } from '../helpers/typecheck.js';

const SRC = join(import.meta.dirname, '../../src');

const SNIPPET = `
import { expect } from 'vitest';
import ${JSON.stringify(join(SRC, 'vitest.ts'))};
declare const name: string;
expect({ q1: ['a'] }).toMeetGates({ q1: { a: 1 } }, { 'recall@5': 0.8, 'miss@20': 0.1 });
expect({ q1: ['a'] }).toMeetGates({ q1: { a: 1 } }, { 'recal@5': 0.8 });
expect({ q1: ['a'] }).toMeetGates({ q1: { a: 1 } }, { [name]: 0.8 });
expect(['a']).toHaveMeasure({ a: 1 }, 'ndcg@10', { atLeast: 0.5 });
expect(['a']).toHaveMeasure({ a: 1 }, 'ndgc@10', { atLeast: 0.5 });
expect(['a']).toHaveMeasure({ a: 1 }, name, { atLeast: 0.5 });
`;

describe('the matchers typed by measure name', () => {
  let messages = new Map<number, string>();
  beforeAll(() => {
    messages = typeErrors(SNIPPET);
  }, 60_000);

  it('takes known names, and names read at run time', () => {
    for (const text of ["'recall@5': 0.8, 'miss@20'", '[name]', "'ndcg@10', { atLeast", 'name, { atLeast']) expect(messages.get(lineOf(SNIPPET, text))).toBeUndefined();
  });

  it('names a misspelt gate', () => {
    expect(messages.get(lineOf(SNIPPET, "'recal@5'"))).toContain(`Type 'number' is not assignable to type '"unknown measure: recal@5"'.`);
  });

  it('names a misspelt measure of toHaveMeasure', () => {
    expect(messages.get(lineOf(SNIPPET, "'ndgc@10'"))).toContain(`Argument of type '"ndgc@10"' is not assignable to parameter of type '"unknown measure: ndgc@10"'.`);
  });

  it('reports no other error in the snippet', () => {
    expect(messages.size).toBe(2);
  });
});
