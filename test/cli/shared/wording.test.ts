import { describe, expect, it } from 'vitest';
import { aboutGoldenSet, cliMessage } from '../../../src/cli/shared/wording.js';
import { errorOf } from '../../helpers/files.js';
import { fuse } from '../../../src/entries/fusion.js';
import { evaluateRun, RankevalError } from '../../../src/index.js';

/** The RankevalError `call` throws. */
const thrown = (call: () => unknown): RankevalError => errorOf(call) as RankevalError;

describe('cliMessage', () => {
  it('drops the library function and names each option the command sets by its flag', () => {
    const error = thrown(() => fuse([{ q: [] }, { q: [] }], { method: 'rrf', k: 0 }));
    expect(error.message).toBe('fuse: expected `k` to be a positive finite number, got `0` (number)');
    expect(cliMessage(error, { flags: { k: '--k' } })).toBe('expected --k to be a positive finite number, got `0` (number)');
    // An option mentioned inside the words, and one the command does not set, kept as the library names it.
    const norm = thrown(() => fuse([{ q: [] }, { q: [] }], { method: 'rrf', norm: 'max' }));
    expect(cliMessage(norm, { flags: { norm: '--norm' } })).toBe("expected --norm with the rank-based method 'rrf' to be 'none' (it reads positions only), got `\"max\"` (string)");
    expect(cliMessage(norm)).toBe("expected `norm` with the rank-based method 'rrf' to be 'none' (it reads positions only), got `\"max\"` (string)");
    expect(cliMessage(norm, { withFunction: true })).toBe(norm.message);
  });

  it('words what the golden set gives as the command line gives it, from the fields', () => {
    const run = { q1: ['a', 'b'] };
    const budget = thrown(() => evaluateRun(run, { q1: { a: 1 } }, { measures: ['recall@budget=5'] }));
    expect(budget).toMatchObject({ subject: { kind: 'option', option: 'lengths' }, at: { measure: 'recall@budget=5' } });
    expect(aboutGoldenSet(budget)).toBe(true);
    expect(cliMessage(budget)).toBe('recall@budget=5 reads document lengths: give --lengths FILE (id<TAB>tokens a line) or "tokens" in the golden set');
    const missing = thrown(() => evaluateRun(run, { q1: { a: 1 } }, { measures: ['recall@budget=5'], lengths: { a: 1 } }));
    expect(missing).toMatchObject({ subject: { kind: 'option', option: 'lengths' }, at: { query: 'q1', document: 'b' } });
    expect(cliMessage(missing)).toBe(
      'the lengths (--lengths, or "tokens" in the golden set) give no length for document "b" (query "q1"), which a token budget or tokens@k reads: give every retrieved document\'s length in tokens',
    );
    const noRelevant = thrown(() => evaluateRun(run, { q1: { a: 0 } }, { measures: ['P@1'], noRelevant: 'error' }));
    expect(noRelevant.subject).toEqual({ kind: 'query', query: 'q1' });
    expect(cliMessage(noRelevant)).toBe('query "q1" has no relevant document (--no-relevant error; zero scores it 0, skip leaves it out)');
    const skipped = thrown(() => evaluateRun(run, { q1: { a: 0 } }, { measures: ['P@1'], noRelevant: 'skip' }));
    expect(cliMessage(skipped)).toBe('no query to average: every judged query has no relevant document, and --no-relevant skip leaves them out');
    // No judged query at all: the qrels to blame, no option, the library's words.
    const none = thrown(() => evaluateRun(run, {}, { measures: ['P@1'] }));
    expect(none.subject).toEqual({ kind: 'argument', argument: 'qrels' });
    expect(cliMessage(none)).toBe('no query to average: the qrels hold no query');
  });
});
