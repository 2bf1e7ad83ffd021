// The measures asked for, planned: each name parsed once and grouped by catalogue measure, so that one pass
// over a ranking counts at every cutoff and each measure computes all its parameterisations at once.
import { fail } from '../core/errors.js';
import { whileReading } from '../core/boundary.js';
import { readsDocuments, type MeasureDefinition } from '../measures/catalogue.js';
import type { MeasureParams } from '../measures/context.js';
import { expandMeasure, type ParsedMeasure } from '../measures/registry.js';

/** The measures asked for, grouped so that each catalogue measure computes all its parameterisations at once. */
export interface MeasurePlan {
  /** The keys of the values: names as the caller wrote them, trec_eval's value names for a name of several (`P.5,10` → `P_5`, `P_10`), without repeats. */
  readonly names: readonly string[];
  readonly measures: readonly ParsedMeasure[];
  /** One entry per catalogue measure asked for: its parameterisations and where their values go. */
  readonly groups: readonly { definition: MeasureDefinition; params: MeasureParams[]; offset: number }[];
  /** For each name, the index of its value in a query's value vector. */
  readonly slots: readonly number[];
  readonly valueCount: number;
  /** Distinct cutoffs, ascending: one pass over a ranking counts at all of them. */
  readonly cutoffs: readonly number[];
  readonly needsGain: boolean;
  /** Some measure reads the rankings' document ids (aspects, budgets, tokens). */
  readonly needsDocuments: boolean;
  /**
   * How deep the measures read a ranking: the deepest cutoff of those that read it, Infinity when one has
   * no cutoff (it reads the whole ranking), 0 when none reads it (`num_rel`). The unjudged_documents warning counts within it.
   */
  readonly depth: number;
}

export function planMeasures(given: unknown, fn: string): MeasurePlan {
  // Read once into an array of our own (a revoked Proxy or a getter throwing is named: whileReading).
  const measures = whileReading(fn, 'invalid_option', '`measures`', () => (Array.isArray(given) ? [...(given as unknown[])] : undefined));
  if (measures === undefined || measures.length === 0) {
    fail('unknown_measure', fn, { kind: 'option', option: 'measures' }, 'a non-empty array of measure names such as "ndcg@10"', given);
  }
  // A name of several values (`P.5,10`) gives one key per value; a key asked for twice is one value.
  const names: string[] = [];
  const parsed: ParsedMeasure[] = [];
  for (const name of new Set(measures as string[])) {
    for (const { key, measure } of expandMeasure(name)) {
      if (names.includes(key)) continue;
      names.push(key);
      parsed.push(measure);
    }
  }
  const byDefinition = new Map<MeasureDefinition, number[]>();
  parsed.forEach((measure, i) => {
    const list = byDefinition.get(measure.definition);
    if (list === undefined) byDefinition.set(measure.definition, [i]);
    else list.push(i);
  });
  const groups: { definition: MeasureDefinition; params: MeasureParams[]; offset: number }[] = [];
  const slots = new Array<number>(names.length);
  let offset = 0;
  for (const [definition, indices] of byDefinition) {
    groups.push({ definition, params: indices.map((i) => parsed[i]!.params), offset });
    indices.forEach((index, j) => (slots[index] = offset + j));
    offset += indices.length;
  }
  return {
    names,
    measures: parsed,
    groups,
    slots,
    valueCount: offset,
    cutoffs: [...new Set([...parsed.map((measure) => measure.cutoff), Infinity])].sort((a, b) => a - b),
    needsGain: parsed.some((measure) => GAIN_MEASURES.has(measure.definition.name)),
    needsDocuments: parsed.some((measure) => readsDocuments(measure.definition, measure.params)),
    depth: Math.max(0, ...parsed.filter((measure) => measure.definition.readsRanking !== false).map((measure) => measure.cutoff)),
  };
}

/** The measures that read DCG and IDCG from the shared counts. */
const GAIN_MEASURES = new Set(['dcg', 'idcg', 'ndcg']);
