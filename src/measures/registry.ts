import { RankevalError } from '../errors.js';
import { averagePrecisionFromCounts } from '../metrics/average-precision.js';
import { contextPrecisionFromCounts } from '../metrics/context-precision.js';
import type { CutoffCounts, ResolvedOptions } from '../metrics/counts.js';
import { dcgFromCounts, idcgFromCounts, ndcgFromCounts } from '../metrics/dcg.js';
import { f1FromCounts } from '../metrics/f1.js';
import { precisionFromCounts } from '../metrics/precision.js';
import { rPrecisionFromCounts } from '../metrics/r-precision.js';
import { recallFromCounts } from '../metrics/recall.js';
import { reciprocalRankFromCounts } from '../metrics/reciprocal-rank.js';
import { successFromCounts } from '../metrics/success.js';

/** A measure as a declaration: its names, what it needs from the pass over the ranking, and its formula. */
export interface MeasureDefinition {
  /** Canonical name, as `formatMeasure` writes it. */
  readonly name: string;
  /** Other accepted spellings (matched ignoring case, `-` and `_`). */
  readonly aliases: readonly string[];
  /** The trec_eval measure it reproduces, with `k` for its cutoff. */
  readonly trecEval: string;
  /** The library function that computes it for one ranking. */
  readonly fn: string;
  readonly needsGain: boolean;
  readonly needsIdeal: boolean;
  readonly compute: (counts: CutoffCounts, options: ResolvedOptions) => number;
}

const define = (
  name: string,
  aliases: readonly string[],
  trecEval: string,
  fn: string,
  compute: MeasureDefinition['compute'],
  needs: { gain?: boolean; ideal?: boolean } = {},
): MeasureDefinition => ({
  name,
  aliases,
  trecEval,
  fn,
  compute,
  needsGain: needs.gain ?? false,
  needsIdeal: needs.ideal ?? false,
});

export const measureDefinitions: readonly MeasureDefinition[] = [
  define('P', ['precision', 'prec'], 'P_k (set_P without cutoff)', 'precisionAtK', precisionFromCounts),
  define('recall', ['R'], 'recall_k (set_recall without cutoff)', 'recallAtK', recallFromCounts),
  define('f1', ['F'], 'set_F (without cutoff)', 'f1AtK', f1FromCounts),
  define('success', ['hit', 'hits', 'hit_rate'], 'success_k', 'successAtK', successFromCounts),
  define('mrr', ['rr', 'recip_rank', 'reciprocal_rank'], 'recip_rank', 'reciprocalRank', reciprocalRankFromCounts),
  define('map', ['ap', 'average_precision'], 'map, map_cut_k', 'averagePrecision', averagePrecisionFromCounts),
  define('R-prec', ['r_precision'], 'Rprec', 'rPrecision', rPrecisionFromCounts),
  define('dcg', [], '—', 'dcgAtK', dcgFromCounts, { gain: true }),
  define('idcg', [], '—', 'idcgAtK', idcgFromCounts, { ideal: true }),
  define('ndcg', [], 'ndcg_cut_k', 'ndcgAtK', ndcgFromCounts, { gain: true, ideal: true }),
  define('context_precision', ['cp'], '—', 'contextPrecision', contextPrecisionFromCounts),
];

const fold = (name: string): string => name.toLowerCase().replace(/[-_]/g, '');

const byFoldedName = new Map<string, MeasureDefinition>();
for (const definition of measureDefinitions) {
  for (const name of [definition.name, ...definition.aliases]) byFoldedName.set(fold(name), definition);
}

/** A measure name read: `ndcg@10` → the ndcg definition at cutoff 10. */
export interface ParsedMeasure {
  readonly definition: MeasureDefinition;
  /** A positive integer, or Infinity when the name has no `@k`. */
  readonly cutoff: number;
}

const knownForms = (): string =>
  measureDefinitions.map((definition) => `${definition.name}[@k]`).join(', ');

/**
 * Reads a measure name as people write it: `ndcg@10`, `P@5`, `recall@20`, `mrr@10`, `map`, `R-prec`.
 * Case, `-` and `_` are ignored in the name; a name without `@k` means no cutoff.
 *
 * @throws {RankevalError} `unknown_measure` for a name that is not a measure, `invalid_cutoff` for a bad `@k`
 */
export function parseMeasure(name: string): ParsedMeasure {
  if (typeof name !== 'string') {
    throw new RankevalError('unknown_measure', `parseMeasure: expected a measure name (string), got ${typeof name}`, 'a string', name);
  }
  const at = name.lastIndexOf('@');
  const base = at === -1 ? name : name.slice(0, at);
  const definition = byFoldedName.get(fold(base.trim()));
  if (definition === undefined) {
    throw new RankevalError(
      'unknown_measure',
      `unknown measure \`${name}\` (known: ${knownForms()}; k a positive integer)`,
      knownForms(),
      name,
    );
  }
  if (at === -1) return { definition, cutoff: Infinity };
  const cutoffText = name.slice(at + 1);
  if (!/^[1-9][0-9]*$/.test(cutoffText) || !Number.isSafeInteger(Number(cutoffText))) {
    throw new RankevalError(
      'invalid_cutoff',
      `measure \`${name}\`: expected the cutoff after \`@\` to be a positive integer, got \`${cutoffText}\``,
      'a positive integer',
      name,
    );
  }
  return { definition, cutoff: Number(cutoffText) };
}

/** The canonical name of a parsed measure: `{ndcg, 10}` → `ndcg@10`, `{map, Infinity}` → `map`. */
export function formatMeasure(measure: ParsedMeasure): string {
  return measure.cutoff === Infinity ? measure.definition.name : `${measure.definition.name}@${measure.cutoff}`;
}
