// Internal: what every measure of the catalogue reads about one query, built once per query and shared by
// all the measures asked for. The library builds it from ids, the TREC evaluator from bytes; a measure's
// own parameters (a relevance level, a gain, the condensed list, a token budget) give a derived context, so
// each measure is written once, against this interface only. The query as given, and the sources derived
// from it, are query-source.ts's.
import { addIdealDcg } from '../metrics/gains.js';
import { countFromHits } from '../metrics/counts.js';
import { expectedCountsFromHits } from '../metrics/expected-counts.js';
import type { ResolvedOptions } from '../core/metric-options.js';
import type { TieGroup } from '../core/ordering.js';
import { atLevel, type CutoffCounts, type GainParam, type JudgedRanking } from '../metrics/judged-ranking.js';
import { mention, RankevalError, words } from '../core/errors.js';
import type { QueryAspects } from '../core/aspects.js';
import type { Gain } from '../core/types.js';
import { budgetCut, condense, denseFromHits, truncate, type QuerySource } from './query-source.js';

/** The parameters of one measure as asked for: `P(rel=2)@5` is `{ cutoff: 5, rel: 2 }`. */
export interface MeasureParams {
  /** A positive integer; Infinity for none. */
  readonly cutoff: number;
  /**
   * Relevance level of this measure (grade ≥ rel is relevant), instead of the global threshold. Below 0 it
   * is 0, as `relevanceThreshold` is: every judged document relevant, never one absent or graded below 0.
   */
  readonly rel?: number;
  /** DCG gain of this measure, instead of the global `gain`. */
  readonly gain?: Gain;
  /** Gain-table pairs (trec_eval's `ndcg.1=1,2=3`, ir_measures' `gains={1:1,2:3}`). */
  readonly gains?: readonly GainParam[];
  /** Persistence (RBP). */
  readonly p?: number;
  /** One recall level (iprec) or multiple of R (Rprec_mult). */
  readonly point?: number;
  /** Several recall levels (11pt_avg). */
  readonly points?: readonly number[];
  /** utility's four coefficients. */
  readonly coefficients?: readonly number[];
  /** F's weight of recall against precision (set_F's x). */
  readonly beta?: number;
  /** Score the condensed list: unjudged documents removed (Sakai 2007). */
  readonly judgedOnly?: boolean;
  /** The largest grade of the scale (ERR, NERR8, INST; ir_measures' `max_rel`). */
  readonly maxGrade?: number;
  /** INST's desired total gain T. */
  readonly desiredGain?: number;
  /**
   * A token budget (`recall@budget=2000`): the ranking is cut before the first document whose length would
   * take the running total past it, as a context window is filled (see `budgetCut`).
   */
  readonly budget?: number;
  /** alpha-nDCG's and ERR-IA's redundancy penalty (Clarke et al. 2008). */
  readonly alpha?: number;
}

export interface QueryContext {
  /** The ranking with the grade at every rank (built when first read). */
  readonly query: JudgedRanking;
  /** Grade ≥ relevanceLevel is relevant. */
  readonly relevanceLevel: number;
  /** Gain, AP denominator and threshold in force. */
  readonly options: ResolvedOptions;
  /** Documents in the collection (trec_eval's -N, utility's fourth term). */
  readonly numDocsInColl: number;
  /** Whose conventions apply where trec_eval 9.0.8 and 10.0 differ. */
  readonly version: 9 | 10;
  /**
   * The ranking's tie groups when ties are averaged (`ties: 'average'`) and some scores tie, else undefined.
   * A measure that reads `query` directly has no tie-averaged form unless it reads these too (catalogue:
   * `tieAverage`).
   */
  readonly tieGroups: readonly TieGroup[] | undefined;
  /**
   * The counts at cutoff k of the shared pass (linear or the options' gain, at relevanceLevel); with tie
   * groups, their expectations over the orders of each group (expectedCountsFromHits).
   */
  countsAt(k: number): CutoffCounts;
  /** The context a measure's own parameters describe (itself when they change nothing). */
  with(params: MeasureParams): QueryContext;
  /**
   * The ranking's document ids in rank order; only for the measures that declare `readsDocuments` (the
   * evaluators decode ids for them alone).
   */
  readonly documents: readonly string[];
  /** The query's aspects (aspect → document → grade), empty when the query has none. */
  readonly aspects: QueryAspects;
  /** A retrieved document's length in tokens (`lengths`), refused when it has none. */
  tokens(id: string): number;
}

export interface ContextSettings {
  readonly options: ResolvedOptions;
  readonly relevanceLevel: number;
  /** The cutoffs the measures ask for, ascending: one pass over the hits serves them all. */
  readonly cutoffs: readonly number[];
  readonly numDocsInColl: number;
  readonly version: 9 | 10;
  /** Whether the shared counts need DCG and IDCG. */
  readonly needsGain: boolean;
  readonly fn: string;
  /** Document id → length in tokens (budgets, tokens@k). */
  readonly lengths?: ReadonlyMap<string, number>;
  /** The number of results the system passes on (`systemK`): no budget cut goes deeper. Infinity for none. */
  readonly systemK?: number;
}

const NO_ASPECTS: QueryAspects = new Map();

export function createQueryContext(source: QuerySource, settings: ContextSettings): QueryContext {
  return new Context(source, settings);
}

// A class, not an object literal of closures: one is made per query on the hot path, and V8 makes an
// instance of a class (fields and methods on a shared prototype) several times faster than a literal with
// a getter and three closures.
class Context implements QueryContext {
  readonly relevanceLevel: number;
  readonly options: ResolvedOptions;
  readonly numDocsInColl: number;
  readonly version: 9 | 10;
  readonly tieGroups: readonly TieGroup[] | undefined;
  private dense: JudgedRanking | undefined;
  private counts: CutoffCounts[] | undefined = undefined;
  // The contexts of other parameters, made on first use (most plans need none).
  private derived: Map<string, QueryContext> | undefined = undefined;
  private budgeted: Map<number, Context> | undefined = undefined;

  constructor(
    private readonly source: QuerySource,
    private readonly settings: ContextSettings,
  ) {
    this.dense = source.dense;
    this.relevanceLevel = settings.relevanceLevel;
    this.options = settings.options;
    this.numDocsInColl = settings.numDocsInColl;
    this.version = settings.version;
    this.tieGroups = source.tieGroups;
  }

  get query(): JudgedRanking {
    return (this.dense ??= denseFromHits(this.source, this.settings.relevanceLevel));
  }

  countsAt(k: number): CutoffCounts {
    const { source, settings } = this;
    this.counts ??= countsOf(source, settings, settings.cutoffs);
    const i = settings.cutoffs.indexOf(k);
    return i === -1 ? countsOf(source, settings, [k])[0]! : this.counts[i]!;
  }

  get documents(): readonly string[] {
    const documents = this.source.documents;
    if (documents === undefined) throw new Error(`${this.settings.fn}: a measure read document ids the evaluator did not decode; this is a bug in rankeval, please report it`);
    return documents;
  }

  get aspects(): QueryAspects {
    return this.source.aspects ?? NO_ASPECTS;
  }

  tokens(id: string): number {
    const length = this.settings.lengths?.get(id);
    if (length === undefined) {
      const qid = this.source.qid;
      const where = qid === undefined ? '' : mention({ kind: 'query', query: qid }, ` (query ${JSON.stringify(qid)})`);
      throw new RankevalError({
        code: 'invalid_option',
        fn: this.settings.fn,
        subject: { kind: 'option', option: 'lengths' },
        at: qid === undefined ? { document: id } : { query: qid, document: id },
        problem: words(`\`lengths\` gives no length for document ${JSON.stringify(id)}`, [where], ", which a token budget or tokens@k reads: give every retrieved document's length in tokens"),
        expected: 'a length for every document a budget or tokens@k reads',
        received: id,
      });
    }
    return length;
  }

  with(params: MeasureParams): QueryContext {
    // A budget cuts the ranking first; the other parameters then apply to what the window holds.
    if (params.budget !== undefined) {
      const { budget, ...rest } = params;
      return this.withinBudget(budget).with(rest);
    }
    const { source, settings } = this;
    // A measure's own level below 0 is level 0, as the library reads `relevanceThreshold` (isRelevant): a
    // negative grade marks a document unjudged, never relevant. Unclamped, the walks down the dense ranking
    // would take its NOT_POOLED (−1) and UNJUDGED (−2) ranks for relevant ones while R counts judged grades
    // only: relative_P(rel=-1) above 1, binG(rel=-1) dividing by R = 0. The evaluator's own level is left as
    // given: the TREC evaluator reproduces trec_eval's negative -l there.
    const level = params.rel === undefined ? settings.relevanceLevel : Math.max(params.rel, 0);
    const gain = params.gain ?? settings.options.gain;
    const condensed = params.judgedOnly === true;
    if (level === settings.relevanceLevel && gain === settings.options.gain && !condensed) return this;
    const key = `${level}|${gain}|${condensed}`;
    this.derived ??= new Map();
    let other = this.derived.get(key);
    if (other === undefined) {
      const base = condensed ? condense(source, this.query) : source;
      const otherSettings: ContextSettings = {
        ...settings,
        relevanceLevel: level,
        needsGain: true,
        options: { ...settings.options, relevanceThreshold: level, gain },
      };
      const levelled = base.dense === undefined || level === settings.relevanceLevel ? base : { ...base, dense: atLevel(base.dense, level) };
      other = new Context(levelled, otherSettings);
      this.derived.set(key, other);
    }
    return other;
  }

  /** This context with the ranking cut where `budget` tokens run out (and at systemK). */
  private withinBudget(budget: number): Context {
    this.budgeted ??= new Map();
    let cut = this.budgeted.get(budget);
    if (cut === undefined) {
      const documents = this.documents;
      const depth = budgetCut(documents, budget, this.settings.systemK ?? Infinity, (id) => this.tokens(id));
      cut = new Context(truncate(this.source, documents, depth), this.settings);
      this.budgeted.set(budget, cut);
    }
    return cut;
  }
}

function countsOf(source: QuerySource, settings: ContextSettings, cutoffs: readonly number[]): CutoffCounts[] {
  const { relevanceLevel, options, needsGain, fn } = settings;
  let relevant = 0;
  for (const grade of source.grades) if (grade >= relevanceLevel && grade >= 0) relevant++;
  const gain = needsGain ? options.gain : null;
  const counts =
    source.tieGroups === undefined
      ? countFromHits(source.hits, source.length, relevant, cutoffs, relevanceLevel, gain, fn)
      : expectedCountsFromHits(source.hits, source.length, relevant, cutoffs, relevanceLevel, gain, source.tieGroups, fn);
  if (needsGain) addIdealDcg(counts, source.grades, options.gain, fn);
  return counts;
}
