// trec_eval's evaluation against several judges' qrels (-R qrels_jg): each query of the run judged by each
// of its judgment groups in turn, scored through the catalogue as the qrels path scores a query
// (evaluate.ts's scoreRanking), and every value the mean over the query's groups.
import type { JudgeQrels, QrelsQuery, RunBlock } from '../formats/trec-bytes.js';
import { judgedOnly, type JudgedRanking } from '../metrics/judged-ranking.js';
import { createEvaluation, planOf, scoreRanking, type Plan, type TrecEvalOptions, type TrecEvaluation } from './evaluate.js';
import { RankingJudge, repeatedDocument } from './judge-ranking.js';
import type { QueryResult } from './output.js';

/**
 * Evaluates a run against several judges' qrels, as trec_eval's map_avgjg, P_avgjg and Rprec_mult_avgjg:
 * a query's value is (1/G) Σ_g v_g, v_g the measure (map, P, Rprec_mult) of the ranking judged by group g
 * alone, over the G groups that judged the query. A document a group did not judge is, for that group,
 * one absent from its qrels; a group without a relevant document gives 0 (and still counts in G).
 */
export function createJudgesEvaluation(qrels: JudgeQrels, runFile: string, options: TrecEvalOptions): TrecEvaluation {
  const plan = planOf(options);
  const judge = new RankingJudge();
  return createEvaluation(qrels, runFile, options, plan, (block, judged) => evaluateByJudge(judge, block, judged, qrels, runFile, options, plan), repeatedDocument(runFile));
}

function evaluateByJudge(judge: RankingJudge, block: RunBlock, judged: QrelsQuery, qrels: JudgeQrels, runFile: string, options: TrecEvalOptions, plan: Plan): QueryResult {
  const groups = qrels.judges.get(judged.qid)!;
  const values = new Float64Array(plan.valueCount);
  const ofGroup = new Float64Array(plan.valueCount);
  for (const { judged: byGroup } of groups) {
    const whole = judge.judge(block, byGroup, qrels, runFile, options);
    const query = options.judgedOnly ? judgedOnly(whole) : whole;
    ofGroup.fill(0);
    scoreRanking(query, byGroup.grade, options, plan, ofGroup);
    if (query.relevant === 0 && options.relevanceLevel < 0) apOverNoRelevant(query, options.relevanceLevel, plan, ofGroup);
    for (let i = 0; i < values.length; i++) values[i] = values[i]! + ofGroup[i]!;
  }
  // Summed in group order, then divided once: trec_eval's arithmetic.
  for (let i = 0; i < values.length; i++) values[i] = values[i]! / groups.length;
  return { qid: block.qid, values, relstring: '' };
}

/**
 * trec_eval's map_avgjg of a group with no relevant document (R = 0) at a level below 0, where documents
 * it did not grade count as relevant: AP's sum over R, +inf once one such document is retrieved (0 / 0
 * is left at 0: trec_eval divides only a sum it has added to). The catalogue's map gives 0 there.
 */
function apOverNoRelevant(query: JudgedRanking, level: number, plan: Plan, values: Float64Array): void {
  const map = plan.bound.find((b) => b.measure.name === 'map_avgjg');
  if (map === undefined) return;
  for (let i = 0; i < query.retrieved; i++) {
    if (query.rel[i]! >= level) {
      values[map.offset] = Infinity;
      return;
    }
  }
}
