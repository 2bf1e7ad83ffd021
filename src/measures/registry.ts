// Measure names in three grammars — rankeval's (`ndcg@10`), ir_measures' (`nDCG(dcg='exp-log2')@10`) and
// trec_eval's (`ndcg_cut.10`, `P.5,10`) — read into catalogue entries with their parameters, and written
// back in rankeval's canonical spelling. Every name, alias, parameter and default comes from the catalogue
// (catalogue.ts) and trec_eval's table (trec-table.ts): names/ knows the syntax, not the measures — one
// module per grammar (rankeval.ts, ir-measures.ts, trec-eval.ts), the parameters they share (params.ts,
// arguments.ts), the writing (format.ts) and the error for a name none reads (unknown.ts).
import { argument, RankevalError } from '../core/errors.js';
import { measureDefinitions, type MeasureDefinition } from './catalogue.js';
import { readIrMeasures } from './names/ir-measures.js';
import { invalid, type ExpandedMeasure, type ParsedMeasure } from './names/parsed.js';
import { readRankeval } from './names/rankeval.js';
import { readTrecEval } from './names/trec-eval.js';
import { unknownMeasure } from './names/unknown.js';
import type { trecMeasures } from './trec-table.js';

export { measureDefinitions, type MeasureDefinition };
export { formatMeasure } from './names/format.js';
export type { ExpandedMeasure, ParsedMeasure };

/**
 * Reads a measure name, in any of three grammars, into the values it denotes and the keys results carry
 * them by:
 *
 * 1. ir_measures' names, matched exactly, case included, and tried first: `nDCG@10`, `P(rel=2)@5`,
 *    `AP(rel=2)`, `nDCG(dcg='exp-log2')@10`, `nDCG(gains={0:0,1:1,2:3})@10`, `RBP(p=0.8)`, `IPrec@0.5`,
 *    `NumRet(rel=1)`, `SetF(beta=0.5)` (parameter values are Python literals; `dcg='log2'` is the linear gain,
 *    `'exp-log2'` 2^grade − 1; ir_measures' defaults apply where they differ, `RBP`'s p = 0.8).
 * 2. trec_eval's names, exactly as `-m` takes them, so a trec_eval script's line pastes as is:
 *    `ndcg_cut.10`, `P.5,10`, `recip_rank`, `set_F.0.25`, `iprec_at_recall.0.5`, `rbp.p=0.8`, and the names it
 *    prints (`P_5`, `ndcg_cut_10`, `iprec_at_recall_0.50`).
 * 3. rankeval's names, ignoring case, `-` and `_`: `ndcg@10`, `P@5`, `mrr@10`, `R-prec`, `success@1`, with
 *    parameters written the same way (`p(rel=2)@5`, `ndcg(gain=exponential)@10`, `ap(judged_only=true)`).
 *
 * So `Judged@10` is ir_measures' Judged and `judged@10` rankeval's. A bare name that trec_eval reads as
 * several cutoffs but rankeval or ir_measures as one measure (`P`, `recall`, `success`) is the one measure,
 * of the whole ranking; `ndcg_cut` and `map_cut` (trec_eval only) are its nine default cutoffs.
 *
 * A name that denotes one value is keyed as written; several values are keyed as trec_eval prints them
 * (`P.5,10` → `P_5`, `P_10`). trec_eval's `runid`, `num_q`, `relstring` and its groups (`official`,
 * `all_trec`) are not scores of a ranking and are refused.
 *
 * @throws {RankevalError} `unknown_measure` for an unknown name (with the closest known names), `invalid_cutoff`
 *   for a bad `@x`, `invalid_option` for a parameter the measure does not take or a bad value
 */
export function expandMeasure(name: string): ExpandedMeasure[] {
  if (typeof name !== 'string') {
    throw new RankevalError({
      code: 'unknown_measure',
      fn: 'parseMeasure',
      subject: argument('name'),
      problem: `expected a measure name (string), got ${typeof name}`,
      expected: 'a string',
      received: name,
    });
  }
  const ir = readIrMeasures(name);
  if (ir !== undefined) return [{ key: name, measure: ir }];
  const trec = readTrecEval(name);
  if (trec !== undefined) return trec;
  const rankeval = readRankeval(name);
  if (rankeval !== undefined) return [{ key: name, measure: rankeval }];
  throw unknownMeasure(name);
}

/**
 * Reads a measure name that denotes one value (see `expandMeasure` for the three grammars): `ndcg@10`,
 * `nDCG(dcg='exp-log2')@10`, `ndcg_cut.10`. A name of several values (`P.5,10`) is refused here.
 *
 * @throws {RankevalError} as `expandMeasure`, and `unknown_measure` for a name of several values
 */
export function parseMeasure(name: string): ParsedMeasure {
  const values = expandMeasure(name);
  if (values.length !== 1) {
    const keys = values.map((value) => value.key);
    invalid(name, `names ${keys.length} values (${keys.slice(0, 3).join(', ')}${keys.length > 3 ? ', …' : ''}): name one`, 'a name of one value', 'unknown_measure');
  }
  return values[0]!.measure;
}

// -------------------------------------------------------------------------------------- typed names

type Entry = (typeof measureDefinitions)[number];

/** The forms of one name: `@k` for a cutoff, `(…)` for parameters, `@x` required for a level or multiple. */
type Forms<N extends string, At> = At extends 'none'
  ? N | `${N}(${string})`
  : At extends 'k'
    ? N | `${N}@${number}` | `${N}@budget=${number}` | `${N}(${string})` | `${N}(${string})@${number}`
    : `${N}@${number}` | `${N}(${string})@${number}`;

type RankevalWords<E extends Entry> = E['name'] | E['aliases'][number];
type NamesOf<E> = E extends Entry ? Forms<RankevalWords<E> | Lowercase<RankevalWords<E>> | E['irMeasures'][number], E['at']> : never;
/** trec_eval's names of catalogue measures (not runid, num_q, relstring). */
type TrecWord = Extract<(typeof trecMeasures)[number], { readonly definition: MeasureDefinition }>['name'];

/**
 * Every measure name TypeScript can check, from the catalogue: rankeval's names and aliases (as declared
 * and in lower case) and ir_measures' names with `@${number}` and `(${string})`, trec_eval's names with
 * `.${string}` and `_${number}`. A misspelt literal (`'ndgc@10'`) is not one; a string known only at run
 * time is checked by `parseMeasure`.
 */
export type MeasureName = NamesOf<Entry> | TrecWord | `${TrecWord}.${string}` | `${TrecWord}_${number}`;

/** Bare names read as one value (see `expandMeasure`). */
type SingleWord<E> = E extends Entry ? (E['at'] extends 'k' | 'none' ? RankevalWords<E> | E['irMeasures'][number] : never) : never;

/**
 * The key(s) a measure name gives in results: the name itself, or any string for a name that may denote
 * several values (`P.5,10` → `P_5`, `P_10`; bare `ndcg_cut`).
 */
export type MeasureKey<N extends string> = N extends `${string},${string}` | Exclude<TrecWord, SingleWord<Entry>> ? string : N;
