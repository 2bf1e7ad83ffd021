import { describe, expect, it } from 'vitest';
import { parseGrade } from '../../src/judging/parse-grade.js';
import { relevancePrompt } from '../../src/judging/relevance-prompt.js';

describe('relevancePrompt', () => {
  const prompt = relevancePrompt({ query: 'how long to boil an egg', passage: 'Boil eggs for 7 minutes for a jammy yolk.' });

  it('lists the grades from the top down, then the query and passage fenced, then the answer form', () => {
    const at = (text: string) => prompt.indexOf(text);
    expect(at('3 = Perfectly relevant')).toBeGreaterThan(0);
    expect(at('3 = Perfectly relevant')).toBeLessThan(at('2 = Highly relevant'));
    expect(at('1 = Related')).toBeLessThan(at('0 = Irrelevant'));
    expect(prompt).toContain('<query>\nhow long to boil an egg\n</query>');
    expect(prompt).toContain('<passage>\nBoil eggs for 7 minutes for a jammy yolk.\n</passage>');
    expect(prompt).toContain('a whole number from 0 to 3');
    expect(prompt.endsWith('\nGrade: N')).toBe(true);
  });

  it('asks for an answer parseGrade reads', () => {
    expect(parseGrade('Intent: a boiling time.\nMatch: it gives one.\nGrade: 3')).toBe(3);
  });

  it('takes a scale of its own', () => {
    const binary = relevancePrompt({ query: 'q', passage: 'p', scale: ['Not relevant.', 'Relevant.'] });
    expect(binary).toContain('1 = Relevant.\n0 = Not relevant.');
    expect(binary).toContain('a whole number from 0 to 1');
  });

  it('refuses a query or passage that is not text, and unknown keys', () => {
    expect(() => relevancePrompt({ query: 1 as unknown as string, passage: 'p' })).toThrow('relevancePrompt: expected `query` to be a string, got `1` (number)');
    expect(() => relevancePrompt({ query: 'q', passage: null as unknown as string })).toThrow('relevancePrompt: expected `passage` to be a string, got `null` (null)');
    expect(() => relevancePrompt({ query: 'q', passage: 'p', text: 'x' } as never)).toThrow('relevancePrompt: expected every option to be one of `query`, `passage`, `scale`, got `"text"` (string)');
  });
});
