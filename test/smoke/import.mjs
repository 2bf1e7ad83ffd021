// Loads the built package the way an ESM consumer does, by its name, and scores the worked example. The same
// file runs under Node, Bun, Deno and in Chromium (test/smoke/install.test.ts), so it uses no Node API.
import { evaluate, evaluateRetriever, evaluateRun, isRankevalError, ndcgAtK, parseRun, RankevalError, writeRun } from 'rankeval';
import { rankevalMatchers } from 'rankeval/matchers';
import { reportData } from 'rankeval/report';
import { aspectRecall } from 'rankeval/diversity';
import { fuse } from 'rankeval/fusion';
import { evaluatePreferences } from 'rankeval/preferences';

const thrown = (fn) => {
  try {
    fn();
  } catch (error) {
    return error;
  }
  return undefined;
};

const result = evaluate(['G', 'x', 'T', 'y', 'z'], { T: 2, G: 1, F: 1 }, 5);
const run = evaluateRun({ q: ['G'] }, { q: ['G'] }, { measures: ['mrr@10'] });
const cutoff = thrown(() => ndcgAtK(['a'], ['a'], 0));
// The matchers entry, as jest users load it for expect.extend.
const matcher = rankevalMatchers.toHaveRecallAtK.call({ isNot: false }, ['G', 'x', 'T'], { T: 2, G: 1, F: 1 }, 3, 0.5);
// Errors thrown by the other entries are instances of the class that `rankeval` exports: one copy of the library.
const fromMatchers = thrown(() => rankevalMatchers.toHaveRecallAtK.call({ isNot: false }, ['a'], { a: 1 }, 0, 0.5));
const fromReport = thrown(() => reportData({ qrels: new Map([['q', new Map([['a', 1]])]]), runs: new Map([['r', new Map()]]) }, { measures: ['nope'] }));
// The specialist entries: one call each, and an error each throws.
const specialist = {
  fused: fuse({ a: { q: [{ id: 'd1', score: 2 }, { id: 'd2', score: 1 }] }, b: { q: [{ id: 'd2', score: 1 }] } }, { method: 'rrf' }).get('q').map((document) => document.id),
  preferred: evaluatePreferences(['d1', 'd2', 'd3'], { g: { s: [{ doc: 'd1', level: 3 }, { doc: 'd2', level: 1 }, { doc: 'd3', level: 2 }] } }).prefs_simp,
  aspects: aspectRecall(['a'], new Map([['x', new Map([['a', 1]])], ['y', new Map([['b', 1]])]]), 1),
};
const fromSpecialist = [thrown(() => fuse([{ q: [] }, { q: [] }], { method: 'rrf', k: 0 })), thrown(() => evaluatePreferences(['d1'], null)), thrown(() => aspectRecall(['a'], new Map(), 0))];
// evaluateRetriever with the platform's clock (performance.now), timers and AbortController: one call
// answers, one never does and times out; writeRun keeps both times (the failed call as a `failed` line,
// which reads back unanswered), and parseRun reads them back.
const retrieverSmoke = (evaluated) => ({
  mrr: evaluated.mean['mrr@10'],
  failed: evaluated.failures.map((failure) => failure.queryId),
  // A lower bound only: the timeout fires no sooner than 50 ms after the call (a slow machine waits longer).
  timed: evaluated.latency.perQuery.fast >= 0 && evaluated.latency.perQuery.slow >= 25,
  kept: [...parseRun(writeRun(evaluated.run, { format: 'jsonl', latency: evaluated.latency.perQuery, failures: evaluated.failures })).latency.keys()],
});
const retrieving = evaluateRetriever((_, qid) => (qid === 'slow' ? new Promise(() => {}) : [{ id: 'G', score: 1 }]), { qrels: { fast: { G: 1 }, slow: { G: 1 } }, questions: { fast: 'f?', slow: 's?' } }, { measures: ['mrr@10'], timeoutMs: 50 });
const retriever = retrieverSmoke(await retrieving);
console.log(
  JSON.stringify({
    format: 'esm',
    ndcg: result.ndcg.toFixed(4),
    mrr: run.mean['mrr@10'],
    guarded: isRankevalError(cutoff) && cutoff.code === 'invalid_cutoff',
    matcher: matcher.pass,
    oneLibrary: [cutoff, fromMatchers, fromReport, ...fromSpecialist].map((error) => error instanceof RankevalError && error.code),
    // The class's own name, which stack traces and util.inspect print: the CommonJS build once named it `_class`.
    className: [RankevalError.name, cutoff.constructor.name, cutoff.name],
    specialist,
    retriever,
  }),
);
