// Results of parts of a run merged into the result of the whole: a run too large for one machine is split
// by query id, each shard is evaluated wherever the user's jobs run, and the parts' results are merged here
// with the same aggregation code (means.ts) in the same query order, so the means are the whole's to the bit.
import { describeConventions, type Conventions } from '../measures/conventions.js';
import { RankevalError } from '../core/errors.js';
import { describeValue } from '../core/quoting.js';
import type { Aggregate } from './means.js';
import { parseMeasure } from '../measures/registry.js';
import { compareUtf8 } from '../core/ordering.js';
import { checkConsistent } from './merge-consistency.js';
import { firstDifference, PARTS, readPart } from './merge-shape.js';
import { evaluationOf, type RunEvaluation } from './run-result.js';
import { emptyRecord } from './records.js';
import type { UnjudgedDocuments } from './run-checks.js';

const FN = 'mergeEvaluations';

/**
 * Merges the results of evaluateRun on parts of one run, split by query id, into the result of evaluating
 * the whole run at once: the same `mean` (bit for bit: the same rows summed in the same order), `queries`,
 * `perQuery`, unjudged / unanswered / no-relevant lists, `bySlice`, `conventions`, `warnings` and
 * `mergeable`, so that a merged result merges again. The parts may come in any order.
 *
 * Two ways of splitting work: the run and the golden set both split by the same query ids, or only the run
 * split and the whole golden set given with each shard. Then:
 * - a query answered (scored and not unanswered) in one part has that part's scores; answered in two parts,
 *   it is refused (one query's ranking went to two shards);
 * - a judged query no part answers is unanswered (scored 0; each part that judges it must score it alike);
 * - a query is unjudged when some part lists it so and no part judges it (the run's shard and the golden
 *   set's shard of one query must be the same: a query ranked in one part and judged only in another is refused);
 * - `noRelevantQueries` is the union; the checks are settled again on the merged facts (`mergeable`).
 *
 * Every shard must hold at least one judged query (evaluateRun refuses a run with none to average).
 *
 * @param parts evaluateRun results (or their JSON: `rankeval eval -q --format json`, with `--by-tag` for
 *   slices), all with the same measures, conventions and check modes
 * @throws {RankevalError} `invalid_evaluation` for a part that is not a whole evaluateRun result (naming
 *   the part and the field: a result without `perQuery` or `mergeable` cannot be merged), or not one
 *   evaluateRun could have written (merge-consistency.ts): a value its measure cannot take (P@1 of 0.5, NDCG of
 *   −5: the catalogue's `values`), a query without relevant document scored otherwise than its measure
 *   scores one, a mean that is not its rows', a query both scored and unjudged, lists or `mergeable` facts
 *   that contradict each other — naming the part, the query and the measure;
 *   `incompatible_evaluations` for parts with other measures, conventions or checks than the first, a
 *   query answered in two parts, or a query ranked in one part and judged in another; `no_queries` when no
 *   query is left to average; the checks' codes for a check in 'error' mode whose condition holds
 * @example
 * const options = { measures: ['P@1'] };
 * mergeEvaluations([evaluateRun({ q1: ['a'] }, { q1: { a: 1 } }, options), evaluateRun({ q2: ['b'] }, { q2: { c: 1 } }, options)])
 * // => { mean: { 'P@1': 0.5 }, queries: 2, … } — as evaluateRun of both queries at once
 */
export function mergeEvaluations<Key extends string = string>(parts: readonly RunEvaluation<Key>[]): RunEvaluation<Key> {
  if (!Array.isArray(parts) || parts.length === 0) {
    throw new RankevalError({
      code: 'invalid_evaluation',
      fn: FN,
      subject: PARTS,
      problem: `expected \`parts\` to be a non-empty array of evaluateRun results, got ${describeValue(parts)}`,
      expected: 'a non-empty array of evaluateRun results',
      received: parts,
    });
  }
  return mergeParts(
    parts.map((_, i) => `part ${i}`),
    parts,
    "evaluateRun's whole result, or the JSON of `rankeval eval -q --format json`",
  ) as RunEvaluation<Key>;
}

/**
 * mergeEvaluations, with each part named as the caller names it (`part 2`, or a file name) and `howToWrite`
 * saying where a part that cannot be merged should come from.
 */
export function mergeParts(names: readonly string[], values: readonly unknown[], howToWrite: string): RunEvaluation {
  const parts = values.map((value, i) => {
    const part = readPart(value, names[i]!, howToWrite);
    checkConsistent(part, names[i]!);
    return part;
  });
  const first = parts[0]!;
  const measures = Object.keys(first.mean);
  for (const [i, part] of parts.entries()) checkCompatible(first, names[0]!, part, names[i]!);
  const aggregates = measures.map((name) => first.conventions.aggregation[name]!);
  const { answeredIn, judgedIn } = placeQueries(parts, names);
  const rowFrom = rowSources(parts, names, answeredIn, measures);
  const unjudged = unjudgedQueries(parts, names, answeredIn, judgedIn);
  const queryIds = [...rowFrom.keys()].sort(compareUtf8);
  if (queryIds.length === 0) {
    throw new RankevalError({ code: 'no_queries', fn: FN, subject: PARTS, facts: { count: 0 }, problem: `no query to average: no part scores any query`, expected: 'at least one scored query', received: 0 });
  }
  const sliceLabels = emptyRecord<string[]>();
  const rows = queryIds.map((qid) => {
    const part = parts[rowFrom.get(qid)!]!;
    const labels = Object.hasOwn(part.mergeable.slices, qid) ? part.mergeable.slices[qid]! : [];
    if (labels.length > 0) sliceLabels[qid] = [...labels];
    return measures.map((name) => part.perQuery[qid]![name]!);
  });
  const union = (lists: readonly (readonly string[])[]): string[] => [...new Set(lists.flat())].sort(compareUtf8);
  const { mergeable } = first;
  return evaluationOf({
    fn: FN,
    names: measures,
    cutoffs: measures.map((name) => parseMeasure(name).cutoff),
    queryIds,
    rows,
    sliceLabels,
    unjudgedQueries: unjudged,
    unansweredQueries: [...judgedIn.keys()].filter((qid) => !answeredIn.has(qid)).sort(compareUtf8),
    noRelevantQueries: union(parts.map((part) => part.noRelevantQueries)),
    deepestRanking: Math.max(...parts.map((part) => part.mergeable.deepestRanking)),
    queriesInRanking: union(parts.map((part) => part.mergeable.queriesInRanking)),
    tiedQueries: union(parts.map((part) => part.mergeable.tiedQueries)),
    risingQueries: union(parts.map((part) => part.mergeable.risingQueries ?? [])),
    ...unjudgedDocuments(parts, answeredIn),
    ...(mergeable.scoreOrder === undefined ? {} : { scoreOrder: mergeable.scoreOrder }),
    checks: mergeable.checks,
    ...(mergeable.beyondSystemK === undefined ? {} : { beyondSystemK: { k: mergeable.beyondSystemK.k, measures: [...mergeable.beyondSystemK.measures] } }),
    ...(mergeable.systemK === undefined ? {} : { systemK: mergeable.systemK }),
    withoutAspects: union(parts.map((part) => part.mergeable.withoutAspects ?? [])),
    conventions: cloneConventions(first.conventions, measures, aggregates),
  });
}

/**
 * The parts' unjudged documents added up, each query's from the part that answers it (an unanswered query
 * retrieves nothing); absent when no part counted any (no measure reads the rankings).
 */
function unjudgedDocuments(parts: readonly RunEvaluation[], answeredIn: ReadonlyMap<string, number>): { unjudgedDocuments?: UnjudgedDocuments } {
  const counted = parts.filter((part) => part.mergeable.unjudgedDocuments !== undefined);
  if (counted.length === 0) return {};
  const byQuery = emptyRecord<number>();
  parts.forEach((part, i) => {
    const counts = part.mergeable.unjudgedDocuments?.byQuery ?? {};
    for (const qid of Object.keys(counts)) if (answeredIn.get(qid) === i) byQuery[qid] = counts[qid]!;
  });
  const sorted = emptyRecord<number>();
  for (const qid of Object.keys(byQuery).sort(compareUtf8)) sorted[qid] = byQuery[qid]!;
  const retrieved = counted.reduce((sum, part) => sum + part.mergeable.unjudgedDocuments!.retrieved, 0);
  return { unjudgedDocuments: { depth: counted[0]!.mergeable.unjudgedDocuments!.depth, retrieved, byQuery: sorted } };
}

/** Which part answers each query (a query ranked in two shards is refused), and the first part judging each. */
function placeQueries(parts: readonly RunEvaluation[], names: readonly string[]): { answeredIn: Map<string, number>; judgedIn: Map<string, number> } {
  const answeredIn = new Map<string, number>();
  const judgedIn = new Map<string, number>();
  parts.forEach((part, i) => {
    const unanswered = new Set(part.unansweredQueries);
    for (const qid of judgedBy(part)) {
      if (!judgedIn.has(qid)) judgedIn.set(qid, i);
      if (unanswered.has(qid)) continue;
      const other = answeredIn.get(qid);
      if (other !== undefined) {
        incompatible(`query ${describeValue(qid)} is answered in ${names[other]} and in ${names[i]}: one query's ranking went to two shards (split the run by query id)`, qid);
      }
      answeredIn.set(qid, i);
    }
  });
  return { answeredIn, judgedIn };
}

/**
 * The part each scored query's row comes from: the part that answers it, or (unanswered everywhere) any part
 * that judges it, all of which must have scored it alike (an empty ranking on the same judgments).
 */
function rowSources(parts: readonly RunEvaluation[], names: readonly string[], answeredIn: ReadonlyMap<string, number>, measures: readonly string[]): Map<string, number> {
  const rowFrom = new Map<string, number>();
  parts.forEach((part, i) => {
    for (const qid of Object.keys(part.perQuery)) {
      const answering = answeredIn.get(qid);
      if (answering !== undefined) {
        if (answering === i) rowFrom.set(qid, i);
        continue;
      }
      const earlier = rowFrom.get(qid);
      if (earlier === undefined) rowFrom.set(qid, i);
      else if (!sameRow(parts[earlier]!, part, qid, measures)) {
        incompatible(`query ${describeValue(qid)}, unanswered in ${names[earlier]} and in ${names[i]}, is scored or labelled differently in them: their golden sets judge it differently`, qid);
      }
    }
  });
  return rowFrom;
}

/**
 * The queries some part lists as unjudged and no part judges, sorted. A query ranked in a part that does
 * not judge it, and judged in a part that has no ranking for it, is refused: the whole run would have scored
 * that ranking, which no part did.
 */
function unjudgedQueries(parts: readonly RunEvaluation[], names: readonly string[], answeredIn: ReadonlyMap<string, number>, judgedIn: ReadonlyMap<string, number>): string[] {
  const unjudged = new Set<string>();
  for (const part of parts) for (const qid of part.unjudgedQueries) if (!judgedIn.has(qid)) unjudged.add(qid);
  parts.forEach((part, i) => {
    for (const qid of part.unjudgedQueries) {
      const judging = judgedIn.get(qid);
      if (judging !== undefined && !answeredIn.has(qid)) {
        incompatible(`query ${describeValue(qid)} is ranked in ${names[i]}, which does not judge it, and judged in ${names[judging]}, which has no ranking for it: split the run and the golden set by the same query ids`, qid);
      }
    }
  });
  return [...unjudged].sort(compareUtf8);
}

/** The queries a part judges: those it scored, and those left out for having no relevant document. */
function* judgedBy(part: RunEvaluation): Iterable<string> {
  yield* Object.keys(part.perQuery);
  for (const qid of part.noRelevantQueries) if (!Object.hasOwn(part.perQuery, qid)) yield qid;
}

function sameRow(a: RunEvaluation, b: RunEvaluation, qid: string, measures: readonly string[]): boolean {
  if (!measures.every((name) => Object.is(a.perQuery[qid]![name], b.perQuery[qid]![name]))) return false;
  const labels = (part: RunEvaluation): string => JSON.stringify(Object.hasOwn(part.mergeable.slices, qid) ? part.mergeable.slices[qid] : []);
  return labels(a) === labels(b);
}

/** The parts' conventions, rebuilt as evaluateRun builds them (the aggregation record without prototype). */
function cloneConventions(conventions: Conventions, measures: readonly string[], aggregates: readonly Aggregate[]): Conventions {
  return describeConventions({
    ties: conventions.ties,
    scoreOrder: conventions.scoreOrder,
    gain: conventions.gain,
    relevanceThreshold: conventions.relevanceThreshold,
    noRelevant: conventions.noRelevant,
    apDenominator: conventions.apDenominator,
    names: measures,
    aggregates,
  });
}

function incompatible(message: string, received: unknown): never {
  throw new RankevalError({
    code: 'incompatible_evaluations',
    fn: FN,
    subject: PARTS,
    problem: message,
    expected: 'parts of one run split by query id, evaluated alike',
    received: received,
  });
}

// ------------------------------------------------------------------------------------------ the boundary

const shown = (value: unknown): string => (value === undefined ? 'nothing' : JSON.stringify(value));

function checkCompatible(first: RunEvaluation, firstName: string, part: RunEvaluation, name: string): void {
  const measuresA = Object.keys(first.mean);
  const measuresB = Object.keys(part.mean);
  if (measuresA.join('\n') !== measuresB.join('\n')) {
    incompatible(`${firstName} has the measures ${measuresA.join(', ')} and ${name} ${measuresB.join(', ')}: evaluate every shard with the same measures, in the same order`, measuresB);
  }
  for (const [field, a, b] of [
    ['conventions', first.conventions, part.conventions],
    ['mergeable.checks', first.mergeable.checks, part.mergeable.checks],
    ['mergeable.beyondSystemK', first.mergeable.beyondSystemK, part.mergeable.beyondSystemK],
    ['mergeable.systemK', first.mergeable.systemK, part.mergeable.systemK],
    ['mergeable.scoreOrder', first.mergeable.scoreOrder, part.mergeable.scoreOrder],
  ] as const) {
    const difference = firstDifference(a, b);
    if (difference === undefined) continue;
    incompatible(`${field}${difference.path} is ${shown(difference.a)} in ${firstName} and ${shown(difference.b)} in ${name}: evaluate every shard with the same options`, difference.b);
  }
}
