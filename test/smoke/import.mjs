// Loads the built package the way an ESM consumer does, by its name, and scores the worked example.
import { evaluate, evaluateRun, isRankevalError, ndcgAtK } from 'rankeval';
import { rankevalMatchers } from 'rankeval/matchers';

const result = evaluate(['G', 'x', 'T', 'y', 'z'], { T: 2, G: 1, F: 1 }, 5);
const run = evaluateRun({ q: ['G'] }, { q: ['G'] }, { measures: ['mrr@10'] });
let guarded = false;
try {
  ndcgAtK(['a'], ['a'], 0);
} catch (error) {
  guarded = isRankevalError(error) && error.code === 'invalid_cutoff';
}
// The matchers entry, as jest users load it for expect.extend.
const matcher = rankevalMatchers.toHaveRecallAtK.call({ isNot: false }, ['G', 'x', 'T'], { T: 2, G: 1, F: 1 }, 3, 0.5);
console.log(JSON.stringify({ format: 'esm', ndcg: result.ndcg.toFixed(4), mrr: run.mean['mrr@10'], guarded, matcher: matcher.pass }));
