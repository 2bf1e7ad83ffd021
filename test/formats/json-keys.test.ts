import { describe, expect, test } from 'vitest';
import { misnamedKeyWords, RUN_LINE } from '../../src/formats/json-keys.js';

describe('misnamedKeyWords', () => {
  test('its words name the key, the key meant and the keys read', () => {
    expect(misnamedKeyWords(['qid', 'query_id'], RUN_LINE.keys, "a run line's")).toBe(
      'unknown key "qid": did you mean "query_id"? (a run line\'s keys: query_id, results, latency_ms, failed)',
    );
  });
});
