// createEvaluator: a run's evaluation fed one query at a time.
import { argument, fail, RankevalError } from '../core/errors.js';
import { describeValue } from '../core/quoting.js';
import type { MeasureKey } from '../measures/registry.js';
import { QueryRepeated } from './found.js';
import type { CheckedMeasures, EvaluateRunOptions } from './run-options.js';
import type { RunEvaluation } from './run-result.js';
import { createRunScorer } from './scorer.js';
import type { ByQuery, Qrels, Ranking } from '../core/types.js';

/** An evaluation fed one query at a time (`createEvaluator`). */
export interface Evaluator<Key extends string = string> {
  /**
   * Scores one query's ranking (ids in rank order, or `{id, score}` objects ordered as `ties` says) and
   * keeps only its scores. A query the qrels do not judge is listed in `unjudgedQueries` and not read.
   *
   * @throws {RankevalError} `invalid_run` for a query id that is not a string or was added before;
   *   `invalid_ranking` for a bad ranking
   */
  add(qid: string, ranking: Ranking): void;
  /**
   * The evaluation of the queries added so far: judged queries not added score 0 (an empty ranking), as
   * in `evaluateRun`, which gives the same result for the same queries in any order.
   */
  result(): RunEvaluation<Key>;
}

/**
 * An evaluation fed one query at a time, for runs that do not fit in memory or arrive as they are made
 * (a retriever's answers, a stream of results): each ranking is scored as it is added and then dropped,
 * so memory holds the judgments and one score vector per query. `evaluateRun(run, qrels, options)` is
 * `createEvaluator(qrels, options)`, every query added, then `result()`.
 *
 * @throws {RankevalError} as `evaluateRun` does for bad options, measures or judgments (at creation)
 * @example
 * const evaluator = createEvaluator(qrels, { measures: ['ndcg@10', 'recall@100'] });
 * for await (const { qid, ranking } of answers) evaluator.add(qid, ranking);
 * evaluator.result().mean; // => { 'ndcg@10': 0.41, 'recall@100': 0.83 }
 */
export function createEvaluator<Name extends string = string>(
  qrels: ByQuery<Qrels>,
  options: CheckedMeasures<EvaluateRunOptions<Name>, Name>,
): Evaluator<MeasureKey<Name>> {
  const scorer = createRunScorer(qrels, options as EvaluateRunOptions, 'createEvaluator');
  return {
    add(qid, ranking) {
      if (typeof qid !== 'string') fail('invalid_run', 'createEvaluator', 'the query id', 'a string', qid, argument('qid'));
      try {
        scorer.addRanking(qid, ranking);
      } catch (error) {
        if (error instanceof QueryRepeated) {
          throw new RankevalError({
            code: 'invalid_run',
            fn: 'createEvaluator',
            subject: { kind: 'query', query: qid },
            problem: `query ${describeValue(qid)} was added before; add each query's whole ranking once`,
            expected: 'each query once',
            received: qid,
          });
        }
        throw error;
      }
    },
    result: () => scorer.result() as RunEvaluation<MeasureKey<Name>>,
  };
}
