// What the catalogue says of a measure (`MeasureDefinition`), and `define`, which fills an entry's defaults.
import type { ResolvedOptions } from '../core/metric-options.js';
import type { CutoffCounts } from '../metrics/judged-ranking.js';
import { utility } from '../metrics/utility.js';
import type { MeasureParams, QueryContext } from './context.js';

/** The parameters a measure may take besides its cutoff, as `name(param=value)` writes them. */
export type ParamName = keyof Omit<MeasureParams, 'cutoff'>;

/**
 * What `@x` means for a measure: `k` a cutoff (positive integer, none = the whole ranking), `recall` a
 * recall level in [0, 1] (`iprec@0.5`, required), `multiple` a multiple of R (`Rprec_mult@2`, required),
 * `none` no `@` at all.
 */
export type AtKind = 'k' | 'recall' | 'multiple' | 'none';

export interface MeasureDefinition {
  /** rankeval's name (matched ignoring case, `-` and `_`), as results print it. */
  readonly name: string;
  /** Other rankeval spellings, matched the same way. */
  readonly aliases: readonly string[];
  /** ir_measures' names for it (matched exactly, case included, as ir_measures does). */
  readonly irMeasures: readonly string[];
  readonly at: AtKind;
  readonly params: readonly ParamName[];
  /** Parameter values when not given (rankeval's and trec_eval's grammars). */
  readonly defaults: Partial<MeasureParams>;
  /** Where ir_measures' defaults differ: applied over `defaults` to a name read in ir_measures' grammar (`RBP` is p = 0.8). */
  readonly irDefaults?: Partial<MeasureParams>;
  /**
   * How the per-query values become the run's figure: the mean; the geometric mean with each value at
   * least 0.00001 (trec_eval's gm_map, gm_bpref); or the sum (counts, as trec_eval and ir_measures sum them).
   */
  readonly aggregate: 'mean' | 'geometric' | 'sum';
  /**
   * The values one query can score (`ValueSet`), for every parameterisation alike or as its parameters
   * make them: what mergeEvaluations holds each value of a part to.
   */
  readonly values: ValueSet | ((params: MeasureParams) => ValueSet);
  /** Every value is in [0, 1] (under the default parameters): read from `values`. */
  readonly bounded: boolean;
  /**
   * `lower` for a measure where a smaller value is the better ranking (a miss rate, a cost, a share of
   * non-relevant or unjudged documents); absent, higher is better. The regression gate, compare's
   * wins and losses and the report read it through `higherIsBetter` (src/measures/reading.ts).
   */
  readonly better?: 'lower';
  /**
   * Has a tie-averaged form (`ties: 'average'`): computed from the expected counts, or the same for every
   * order of the ranking (the set measures). Not for a gain table (`gains`): those walk the ranking's grades.
   */
  readonly tieAverage: boolean;
  /**
   * Reads the ranking's document ids (`context.documents`), not only its judged ranks: aspects, budgets and
   * token counts. The evaluators decode ids only for the measures that say so.
   */
  readonly readsDocuments?: boolean;
  /** Reads the query's aspects (`context.aspects`): evaluateRun needs its `aspects` option for it. */
  readonly readsAspects?: boolean;
  /** False for the measures whose value does not depend on the ranking (num_rel, idcg): `systemK` does not limit them. */
  readonly readsRanking?: boolean;
  /** What is wrong with these parameters together (one line), when something is: checked as the name is read. */
  readonly refuse?: (params: MeasureParams) => string | undefined;
  /** Parameters a name must give (no default makes sense: the scale of NERR's and INST's grades). */
  readonly required?: readonly ParamName[];
  /** One line for the measure table (docs/measures.md) and `--help`. */
  readonly summary: string;
  /**
   * The value evaluateRun gives a query where the formula is 0 / 0 (trec_eval prints `-nan` there, and so
   * does `rankeval trec`); absent for the measures that always have a number.
   */
  readonly whenUndefined?: number;
  /**
   * For a measure of the counts at its cutoff (P, recall, map, dcg, …): its value from the counts its
   * parameters describe (at its level, gain and budget), which `compute` reads from the query's context
   * (`fromCounts`); `evaluate` scores its classic set with it. ndcg's holds without a gain table (`gains`
   * reads the grade at each rank).
   */
  readonly ofCounts?: (counts: CutoffCounts, options: ResolvedOptions, params: MeasureParams) => number;
  /** Values of every parameterisation asked for, in one pass where the measure allows it, at out[offset…]. */
  readonly compute: (context: QueryContext, instances: readonly MeasureParams[], out: Float64Array, offset: number) => void;
}

/**
 * The values a query can score on a measure:
 * - `min`, `max`: the closed range (∓Number.MAX_VALUE where no bound holds: a value is always finite);
 * - `step`, where the values of one order of the ranking are discrete: `'integer'` (a count), `'binary'`
 *   (0 or 1), `'cutoff'` (i/k for i = 0…k, at a cutoff k; none without one), `'reciprocal'` (0 or 1/r for a
 *   rank r ≤ k). A tie-averaged value (`ties: 'average'`) is their expectation, which takes no step
 *   (save `'integer'`: the counts are the same for every order);
 * - `noRelevant`: the value of a query with no relevant document at the measure's relevance level, where
 *   the formula fixes it (0 for the shares of the relevant documents);
 * - `emptyRanking`: the value of an empty ranking (a judged query the run does not answer), where it does
 *   not depend on the judgments (it does for idcg, num_rel, miss, utility).
 */
export interface ValueSet {
  readonly min: number;
  readonly max: number;
  readonly step?: 'integer' | 'binary' | 'cutoff' | 'reciprocal';
  readonly noRelevant?: number;
  readonly emptyRanking?: number;
}

/** An entry as written: `values` required (every measure says what a query can score), `bounded` read from it. */
interface Declaration extends Omit<MeasureDefinition, 'aliases' | 'irMeasures' | 'at' | 'params' | 'defaults' | 'aggregate' | 'bounded' | 'tieAverage'> {
  readonly aliases?: readonly string[];
  readonly irMeasures?: readonly string[];
  readonly at?: AtKind;
  readonly params?: readonly ParamName[];
  readonly defaults?: Partial<MeasureParams>;
  readonly aggregate?: MeasureDefinition['aggregate'];
  readonly tieAverage?: boolean;
}

/** A declared field's literal type, or the default's: what lets `MeasureName` (registry.ts) list the names as types. */
type Field<D, K extends string, Default> = D extends { readonly [P in K]: infer V } ? V : Default;

/** An entry with its names and `at` kept as literal types. */
export type Declared<D extends Declaration> = MeasureDefinition & {
  readonly name: D['name'];
  readonly aliases: Field<D, 'aliases', readonly []>;
  readonly irMeasures: Field<D, 'irMeasures', readonly []>;
  readonly at: Field<D, 'at', 'k'>;
};

export const define = <const D extends Declaration>(declaration: D): Declared<D> =>
  ({
    aliases: [],
    irMeasures: [],
    at: 'k',
    params: ['rel', 'judgedOnly'],
    defaults: {},
    aggregate: 'mean',
    tieAverage: false,
    ...declaration,
    bounded: isUnit(valuesOf(declaration, { ...declaration.defaults, cutoff: Infinity })),
  }) as MeasureDefinition as Declared<D>;

const isUnit = (values: ValueSet): boolean => values.min >= 0 && values.max <= 1;

/** The values a query can score on this parameterisation of the measure (its `values`). */
export function valuesOf(definition: Pick<MeasureDefinition, 'values'>, params: MeasureParams): ValueSet {
  return typeof definition.values === 'function' ? definition.values(params) : definition.values;
}
