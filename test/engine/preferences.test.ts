// evaluatePreferences and evaluatePreferencesRun: the 14 values by trec_eval name, in its output order, the
// reading of their arguments, and a run's summary as trec_eval's all line. The values themselves are worked
// by hand in test/metrics/preferences.test.ts.
import { describe, expect, test } from 'vitest';
import { evaluatePreferences, evaluatePreferencesRun } from '../../src/entries/preferences.js';
import { isRankevalError } from '../../src/index.js';
import { PREFERENCE_MEASURES, trecMeasures } from '../../src/measures/trec-table.js';

test("the 14 measures are trec_eval's preference measures, in its output order", () => {
  const names = PREFERENCE_MEASURES.map((measure) => measure.name);
  expect(names).toEqual(trecMeasures.filter((measure) => measure.reads === 'prefs').map((measure) => measure.name));
  expect(Object.keys(evaluatePreferences(['d1'], { g: { s: [{ doc: 'd1', level: 1 }] } }))).toEqual(names);
  // Each bound to its formula there, and no other entry: the one list of their names.
  expect(trecMeasures.filter((measure) => measure.preference !== undefined).map((measure) => measure.name)).toEqual(names);
});

describe('evaluatePreferences’ arguments', () => {
  const judged = { g: { s: [{ doc: 'd1', level: 1 }, { doc: 'd2', level: 0 }] } };

  test('orders a scored ranking by score descending, ties by id ascending', () => {
    const scored = [{ id: 'd2', score: 1 }, { id: 'd1', score: 1 }];
    expect(evaluatePreferences(scored, judged).prefs_simp).toBe(1);
  });

  test('takes the groups and sub-groups as Maps too', () => {
    const asMaps = new Map([['g', new Map(Object.entries(judged.g))]]);
    expect(evaluatePreferences(['d2', 'd1'], asMaps)).toEqual(evaluatePreferences(['d2', 'd1'], judged));
  });

  test('refuses a document ranked twice, and levels that are not numbers', () => {
    const thrown = (run: () => unknown): unknown => {
      try {
        run();
      } catch (error) {
        return error;
      }
      return undefined;
    };
    const repeated = thrown(() => evaluatePreferences(['d1', 'd1'], judged));
    expect(isRankevalError(repeated) && repeated.code).toBe('invalid_ranking');
    const bad = thrown(() => evaluatePreferences(['d1'], { g: { s: [{ doc: 'd1', level: Number.NaN }] } }));
    expect(isRankevalError(bad) && bad.code).toBe('invalid_qrels');
  });

  test('names the sub-group that is no array, and the judgment that is no {doc, level}', () => {
    const refusal = (preferences: unknown): unknown => {
      try {
        evaluatePreferences(['d1'], preferences as never);
      } catch (error) {
        return isRankevalError(error) && { code: error.code, what: error.what, received: error.received };
      }
      return undefined;
    };
    expect(refusal({ g: { s: 'd1' } })).toEqual({ code: 'invalid_qrels', what: 'the preferences of group "g", sub-group "s"', received: 'd1' });
    expect(refusal({ g: { s: [null] } })).toEqual({ code: 'invalid_qrels', what: 'the preferences of group "g", sub-group "s"[0].doc', received: undefined });
    expect(refusal({ g: { s: [{ doc: 7, level: 1 }] } })).toEqual({ code: 'invalid_qrels', what: 'the preferences of group "g", sub-group "s"[0].doc', received: 7 });
  });
});

describe('evaluatePreferencesRun', () => {
  const preferences = {
    q1: { u: { s: [{ doc: 'd1', level: 1 }, { doc: 'd2', level: 0 }] } },
    q2: { u: { s: [{ doc: 'd1', level: 1 }, { doc: 'd2', level: 0 }, { doc: 'd3', level: 0 }] } },
    q3: { u: { s: [{ doc: 'd1', level: 1 }] } },
  };

  test('scores the queries of both, and sums the counts and averages the ratios as trec_eval’s all line', () => {
    const { perQuery, all } = evaluatePreferencesRun({ q1: ['d1', 'd2'], q2: ['d2', 'd1'], q9: ['d1'] }, preferences);
    expect(Object.keys(perQuery)).toEqual(['q1', 'q2']);
    expect(perQuery.q2!.prefs_simp).toBeCloseTo(1 / 2, 12);
    expect(all.prefs_num_prefs_poss).toBe(1 + 2);
    expect(all.prefs_simp).toBeCloseTo((1 + 1 / 2) / 2, 12);
  });

  test('refuses a run with no query of the preferences', () => {
    let code: unknown;
    try {
      evaluatePreferencesRun({ q9: ['d1'] }, preferences);
    } catch (error) {
      code = isRankevalError(error) && error.code;
    }
    expect(code).toBe('no_queries');
  });
});
