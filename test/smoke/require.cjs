// Loads the built package the way a CommonJS consumer does, by its name, and scores the worked example.
const { evaluate, evaluateRun, isRankevalError, ndcgAtK, RankevalError } = require('rankeval');
const { rankevalMatchers } = require('rankeval/matchers');
const { reportData } = require('rankeval/report');

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
// vitest is ESM-only, and so is the entry that registers the matchers on its expect.
const vitestEntry = thrown(() => require('rankeval/vitest'));
console.log(
  JSON.stringify({
    format: 'cjs',
    ndcg: result.ndcg.toFixed(4),
    mrr: run.mean['mrr@10'],
    guarded: isRankevalError(cutoff) && cutoff.code === 'invalid_cutoff',
    matcher: matcher.pass,
    oneLibrary: [cutoff, fromMatchers, fromReport].map((error) => error instanceof RankevalError && error.code),
    // The class's own name, which stack traces and util.inspect print: the CommonJS build once named it `_class`.
    className: [RankevalError.name, cutoff.constructor.name, cutoff.name],
    vitest: vitestEntry?.message.split(':')[0],
  }),
);
