// Laws of the preference measures (evaluatePreferences), one invariant each.
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { evaluatePreferences } from '../../src/entries/preferences.js';

/** One judgment group of one sub-group: distinct documents d0 … dn−1 at levels 0 … 3. */
const group = fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 8 }).map((levels) => ({
  docs: levels.map((_, i) => `d${i}`),
  preferences: { g: { s: levels.map((level, i) => ({ doc: `d${i}`, level })) } },
}));

/** The group, with a ranking of all its documents in a random order. */
const ranked = group.chain(({ docs, preferences }) => fc.shuffledSubarray(docs, { minLength: docs.length, maxLength: docs.length }).map((ranking) => ({ ranking, preferences })));

describe('preference measures', () => {
  test.prop([ranked])('with every judged document ranked, each preference is fulfilled by the ranking or by its reverse, never both', ({ ranking, preferences }) => {
    const forward = evaluatePreferences(ranking, preferences);
    const backward = evaluatePreferences([...ranking].reverse(), preferences);
    expect(forward.prefs_num_prefs_ful + backward.prefs_num_prefs_ful).toBe(forward.prefs_num_prefs_poss);
  });

  test.prop([group, fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 10 })])('the preferences possible do not depend on the ranking', ({ docs, preferences }, picks) => {
    const ranking = [...new Set(picks.map((i) => `d${i}`))];
    expect(evaluatePreferences(ranking, preferences).prefs_num_prefs_poss).toBe(evaluatePreferences(docs, preferences).prefs_num_prefs_poss);
  });
});
