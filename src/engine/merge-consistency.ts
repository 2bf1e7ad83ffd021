// A part of a merge, already of the right shape (merge-shape.ts), checked for what every evaluateRun result
// holds together: values its measures can take, means that are its rows', lists that agree with each other
// and `mergeable` facts as evaluateRun writes them. A part that fails was edited or made by hand.
import { aggregateRows, type Aggregate } from './means.js';
import { firstDifference, invalidPart } from './merge-shape.js';
import { parseMeasure, type ParsedMeasure } from '../measures/registry.js';
import { describeValues, emptyRankingValue, noRelevantValue, scorable } from '../measures/values.js';
import { compareUtf8 } from '../core/ordering.js';
import type { RunEvaluation } from './run-result.js';
import { readsBeyond } from './system-k.js';

/** Throws `invalid_evaluation` for a field of the part being checked (see invalidPart). */
type Refuse = (field: string, expected: string, received: unknown, why?: string, shown?: string) => never;

/** What the checks read of one part. */
interface Part {
  readonly part: RunEvaluation;
  readonly bad: Refuse;
  readonly measures: readonly string[];
  readonly parsed: readonly ParsedMeasure[];
  /** The scored query ids, in the order the means are taken in. */
  readonly scored: readonly string[];
  readonly unanswered: ReadonlySet<string>;
  readonly noRelevant: ReadonlySet<string>;
}

const AGGREGATE_WORDS: Readonly<Record<Aggregate, string>> = { mean: 'mean', geometric: 'geometric mean', sum: 'sum' };

/**
 * What every evaluateRun result holds, checked on a part already read (readPart):
 * - each per-query value is one its measure can take (`scorable`: the catalogue's range and step); a
 *   query without relevant document scores what the measure's formula gives it there (`noRelevantValue`),
 *   and an unanswered query what it gives an empty ranking (`emptyRankingValue`);
 * - each mean, overall and per slice, is the aggregate of its rows as means.ts takes it (in query-id order);
 * - no query is listed twice; an unjudged query is neither scored nor judged; the queries without relevant
 *   document are scored (`noRelevant: 'zero'`), left out (`'skip'`) or absent (`'error'`);
 * - each measure's aggregation is the catalogue's;
 * - `mergeable`: slices, queries holding their id and tied queries are of scored queries (the last two of
 *   answered ones, and no tied query under `ties: 'given'`), withoutAspects only with aspect measures, the
 *   deepest ranking 0 when no query is answered, no check in 'error' mode whose condition holds, and
 *   beyondSystemK what systemK and the measures make.
 * The first fault found is thrown, in that order.
 */
export function checkConsistent(part: RunEvaluation, name: string): void {
  const measures = Object.keys(part.mean);
  const checked: Part = {
    part,
    bad: (field, expected, received, why = '', shown) => invalidPart(name, field, expected, received, why, shown),
    measures,
    parsed: measures.map((measure) => parseMeasure(measure)),
    scored: Object.keys(part.perQuery).sort(compareUtf8),
    unanswered: new Set(part.unansweredQueries),
    noRelevant: new Set(part.noRelevantQueries),
  };
  if (checked.scored.length === 0) checked.bad('perQuery', 'at least one scored query (evaluateRun scores one or refuses the run)', part.perQuery);
  checkQueryLists(checked);
  checkAggregation(checked);
  const rows = checkValues(checked);
  checkMeans(checked, 'mean', part.mean, 'its `perQuery` values', rows);
  checkSlices(checked, rows);
  checkMergeableLists(checked);
  checkSettledChecks(checked);
}

const isScored = ({ part }: Part, qid: string): boolean => Object.hasOwn(part.perQuery, qid);
const isAnswered = (checked: Part, qid: string): boolean => isScored(checked, qid) && !checked.unanswered.has(qid);

/** The first query id listed twice, or undefined. */
function repeated(list: readonly string[]): string | undefined {
  const seen = new Set<string>();
  for (const qid of list) {
    if (seen.has(qid)) return qid;
    seen.add(qid);
  }
  return undefined;
}

/** The unjudged, unanswered and no-relevant lists: each query once, and each where its list says it is. */
function checkQueryLists(checked: Part): void {
  const { part, bad, noRelevant } = checked;
  for (const field of ['unjudgedQueries', 'unansweredQueries', 'noRelevantQueries'] as const) {
    const twice = repeated(part[field]);
    if (twice !== undefined) bad(field, 'query ids each listed once', twice, ', listed twice');
  }
  for (const qid of part.unjudgedQueries) {
    if (isScored(checked, qid)) bad('unjudgedQueries', 'queries the part does not judge', qid, ', which `perQuery` scores');
    if (noRelevant.has(qid)) bad('unjudgedQueries', 'queries the part does not judge', qid, ', which `noRelevantQueries` lists as judged');
  }
  const rule = part.conventions.noRelevant;
  for (const qid of part.noRelevantQueries) {
    if (rule === 'error') bad('noRelevantQueries', "empty under `noRelevant: 'error'` (evaluateRun refuses such a query)", qid);
    if (rule === 'zero' && !isScored(checked, qid)) bad('noRelevantQueries', "scored queries under `noRelevant: 'zero'`", qid, ', which `perQuery` does not score');
    if (rule === 'skip' && isScored(checked, qid)) bad('noRelevantQueries', "queries left out of `perQuery` under `noRelevant: 'skip'`", qid, ', which `perQuery` scores');
  }
}

/** The aggregate is the measure's own (gm_map is a geometric mean, num_ret a sum): not a choice of the part. */
function checkAggregation({ part, bad, measures, parsed }: Part): void {
  parsed.forEach((measure, i) => {
    const aggregate = part.conventions.aggregation[measures[i]!];
    if (aggregate !== measure.definition.aggregate) bad(`conventions.aggregation[${JSON.stringify(measures[i])}]`, `'${measure.definition.aggregate}', as ${measures[i]} is aggregated`, aggregate);
  });
}

/** Every scored query's values, each one its measure can take there; returns them as rows, in `scored` order. */
function checkValues(checked: Part): number[][] {
  const { part, bad, measures, parsed, scored, unanswered, noRelevant } = checked;
  const { ties, relevanceThreshold } = part.conventions;
  const canScore = parsed.map((measure) => scorable(measure, ties));
  const whenNoRelevant = parsed.map((measure) => noRelevantValue(measure, relevanceThreshold));
  const whenUnanswered = parsed.map(emptyRankingValue);
  return scored.map((qid) => {
    const scores = part.perQuery[qid]!;
    return measures.map((measure, i) => {
      const value = scores[measure]!;
      const field = (): string => `perQuery[${JSON.stringify(qid)}][${JSON.stringify(measure)}]`;
      if (!canScore[i]!(value)) bad(field(), `a value ${measure} can take (${describeValues(parsed[i]!, ties)})`, value);
      const fixed = whenNoRelevant[i];
      if (fixed !== undefined && value !== fixed && noRelevant.has(qid)) {
        bad(field(), `${fixed}, as ${measure} scores a query without relevant document`, value, ` (the query is in \`noRelevantQueries\`)`);
      }
      const empty = whenUnanswered[i];
      if (empty !== undefined && value !== empty && unanswered.has(qid)) {
        bad(field(), `${empty}, as ${measure} scores an empty ranking`, value, ` (the query is in \`unansweredQueries\`: the run does not answer it)`);
      }
      return value;
    });
  });
}

/** `means` (at `field`) are the aggregates of `rows`, the values of `of`, to the bit. */
function checkMeans({ part, bad, measures }: Part, field: string, means: Record<string, number>, of: string, rows: readonly (readonly number[])[]): void {
  const aggregates = measures.map((measure) => part.conventions.aggregation[measure]!);
  const expected = aggregateRows(rows, aggregates);
  measures.forEach((measure, i) => {
    if (means[measure] !== expected[i]) bad(`${field}[${JSON.stringify(measure)}]`, `the ${AGGREGATE_WORDS[aggregates[i]!]} of ${of} (${expected[i]})`, means[measure]);
  });
}

/** `mergeable.slices` labels scored queries, each label once; `bySlice`, when given, holds their means. */
function checkSlices(checked: Part, rows: readonly (readonly number[])[]): void {
  const { part, bad, scored } = checked;
  const { slices } = part.mergeable;
  const rowsBySlice = new Map<string, (readonly number[])[]>();
  scored.forEach((qid, i) => {
    for (const label of Object.hasOwn(slices, qid) ? slices[qid]! : []) {
      let sliceRows = rowsBySlice.get(label);
      if (sliceRows === undefined) rowsBySlice.set(label, (sliceRows = []));
      sliceRows.push(rows[i]!);
    }
  });
  for (const [qid, labels] of Object.entries(slices)) {
    const field = `mergeable.slices[${JSON.stringify(qid)}]`;
    if (!isScored(checked, qid)) bad('mergeable.slices', 'the labels of scored queries (in `perQuery`)', qid, ', which `perQuery` does not score');
    if (labels.length === 0) bad(field, 'a non-empty array of labels (a query without any is not listed)', labels);
    const twice = repeated(labels);
    if (twice !== undefined) bad(field, 'labels each given once', twice, ', given twice');
  }
  // `bySlice` is not merged (it is computed again), but a part with one whose means are not its rows' was edited.
  const bySlice = (part as { bySlice?: unknown }).bySlice;
  if (bySlice !== undefined) checkSliceMeans(checked, bySlice, rowsBySlice);
}

function checkSliceMeans(checked: Part, bySlice: unknown, rowsBySlice: ReadonlyMap<string, readonly (readonly number[])[]>): void {
  const { bad } = checked;
  if (!isRecord(bySlice)) bad('bySlice', 'an object of label → means', bySlice);
  const labels = [...rowsBySlice.keys()];
  const listed = Object.keys(bySlice as object);
  const missing = labels.find((label) => !Object.hasOwn(bySlice as object, label)) ?? listed.find((label) => !rowsBySlice.has(label));
  if (missing !== undefined) bad('bySlice', 'the labels of `mergeable.slices`, each with the means of its queries', missing, rowsBySlice.has(missing) ? ', which it leaves out' : ', which no query has');
  for (const label of labels) {
    const means = (bySlice as Record<string, unknown>)[label];
    const sliceRows = rowsBySlice.get(label)!;
    const field = `bySlice[${JSON.stringify(label)}]`;
    if (!isRecord(means) || !isRecord(means['mean'])) bad(field, 'an object { mean, queries }', means);
    const { mean, queries } = means as { mean: Record<string, number>; queries: unknown };
    if (queries !== sliceRows.length) bad(`${field}.queries`, `the number of queries with the label in \`mergeable.slices\` (${sliceRows.length})`, queries);
    checkMeans(checked, `${field}.mean`, mean, 'the values of its queries', sliceRows);
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Queries holding their id, tied, rising or without aspects: each once, each of a scored query. */
function checkMergeableLists(checked: Part): void {
  const { part, bad, parsed } = checked;
  const { mergeable } = part;
  for (const field of ['queriesInRanking', 'tiedQueries', 'risingQueries', 'withoutAspects'] as const) {
    const list = mergeable[field] ?? [];
    const twice = repeated(list);
    if (twice !== undefined) bad(`mergeable.${field}`, 'query ids each listed once', twice, ', listed twice');
    const scoredOnly = field === 'withoutAspects';
    const stray = list.find((qid) => !(scoredOnly ? isScored(checked, qid) : isAnswered(checked, qid)));
    if (stray !== undefined) bad(`mergeable.${field}`, scoredOnly ? 'scored queries (in `perQuery`)' : 'queries scored on a ranking (in `perQuery`, not unanswered)', stray);
  }
  if (mergeable.scoreOrder !== undefined && (mergeable.risingQueries ?? []).length > 0) bad('mergeable.risingQueries', 'absent with a `scoreOrder`', mergeable.risingQueries);
  if ((mergeable.scoreOrder ?? 'descending') !== part.conventions.scoreOrder) bad('mergeable.scoreOrder', `the conventions' ('${part.conventions.scoreOrder}')`, mergeable.scoreOrder);
  if (part.conventions.ties === 'given' && mergeable.tiedQueries.length > 0) bad('mergeable.tiedQueries', "empty under `ties: 'given'` (scores order nothing)", mergeable.tiedQueries[0]);
  if ((mergeable.withoutAspects ?? []).length > 0 && !parsed.some((measure) => measure.definition.readsAspects === true)) {
    bad('mergeable.withoutAspects', 'absent without an aspect measure', mergeable.withoutAspects);
  }
}

/**
 * The facts the checks settle on: a check in 'error' mode whose condition held would have refused the run,
 * so the part cannot hold one; the deepest ranking and `beyondSystemK` are what the rows and options make.
 */
function checkSettledChecks(checked: Part): void {
  const { part, bad, measures, parsed, scored } = checked;
  const { checks, deepestRanking, queriesInRanking, tiedQueries, systemK, beyondSystemK } = part.mergeable;
  const deeper = measures.find((_, i) => parsed[i]!.cutoff !== Infinity && parsed[i]!.cutoff > deepestRanking);
  if (checks.queryInRanking === 'error' && queriesInRanking.length > 0) bad('mergeable.queriesInRanking', "empty, as its check is in 'error' mode", queriesInRanking[0]);
  if (checks.allScoresTied === 'error' && tiedQueries.length > 0) bad('mergeable.tiedQueries', "empty, as its check is in 'error' mode", tiedQueries[0]);
  if (checks.cutoffBeyondRun === 'error' && deeper !== undefined) {
    bad('mergeable.deepestRanking', `at least the cutoff of ${deeper} (${parsed[measures.indexOf(deeper)]!.cutoff}), as the cutoffBeyondRun check is in 'error' mode`, deepestRanking);
  }
  if (deepestRanking !== 0 && !scored.some((qid) => isAnswered(checked, qid))) bad('mergeable.deepestRanking', '0, as no query is scored on a ranking', deepestRanking);
  const beyond = systemK === undefined ? [] : measures.filter((_, i) => readsBeyond(parsed[i]!, systemK));
  const expected = beyond.length === 0 ? undefined : { k: systemK, measures: beyond };
  if (firstDifference(expected, beyondSystemK) !== undefined) {
    const json = (value: unknown): string => (value === undefined ? 'nothing' : `\`${JSON.stringify(value)}\``);
    bad('mergeable.beyondSystemK', expected === undefined ? 'absent (no measure reads beyond `systemK`)' : json(expected), beyondSystemK, '', json(beyondSystemK));
  }
}
