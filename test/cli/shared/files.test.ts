import { describe, expect, it } from 'vitest';
import { goldenSetOptions } from '../../../src/cli/shared/files.js';
import { parseGoldenSet } from '../../../src/index.js';

describe('goldenSetOptions', () => {
  const diversity = parseGoldenSet('1 a d1 1\n1 b d2 1\n', { format: 'trec-diversity' });
  const adHoc = parseGoldenSet('{"query_id": "q1", "relevant": ["d1"], "tags": ["en"]}\n');

  it("hands the golden set's aspects to the scoring when the file gives them", () => {
    expect(goldenSetOptions(diversity, false)).toEqual({ aspects: diversity.aspects });
    expect(goldenSetOptions(diversity, false).aspects).toBe(diversity.aspects);
  });

  it('adds no aspects key for a golden set without aspects, and the tags as slices only when asked', () => {
    expect(goldenSetOptions(adHoc, false)).toEqual({});
    expect('aspects' in goldenSetOptions(adHoc, true)).toBe(false);
    expect(goldenSetOptions(adHoc, true)).toEqual({ slices: adHoc.tags });
  });
});
