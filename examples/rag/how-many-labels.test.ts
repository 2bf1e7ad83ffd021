// The labels of the guide "How many labels" are what stand-in-judge.ts writes: the same seed, the same files.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { standInLabels } from './stand-in-judge.js';

const read = (name: string): string => readFileSync(new URL(`./${name}`, import.meta.url), 'utf8');

describe('the stand-in judge of the guide How many labels', () => {
  it('is the seeded noisy copy of golden.jsonl that stand-in-judge.ts writes, people judging a third', () => {
    const { people, judge } = standInLabels(read('golden.jsonl'));
    expect(read('people.jsonl')).toBe(people);
    expect(read('stand-in-judge.jsonl')).toBe(judge);
    expect(people.trim().split('\n')).toHaveLength(8);
    expect(judge.trim().split('\n')).toHaveLength(24);
  });
});
