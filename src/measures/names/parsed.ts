// What reading a measure name gives — a catalogue entry bound to its parameters — and the error of a name
// that cannot be read, scoped to the name as written. Shared by the three grammars.
import { RankevalError, subjectWords, type ErrorScope, type ErrorSubject } from '../../core/errors.js';
import type { MeasureDefinition } from '../catalogue.js';
import type { MeasureParams } from '../context.js';

/** A measure name read: `ndcg@10` → the ndcg definition at cutoff 10; `P(rel=2)@5` → P at 5 with rel 2. */
export interface ParsedMeasure {
  readonly definition: MeasureDefinition;
  /** A positive integer, or Infinity when the name has no `@k` (and for recall levels and multiples of R). */
  readonly cutoff: number;
  /** Everything the measure's computation takes, the cutoff included, defaults filled in. */
  readonly params: MeasureParams;
}

/** One value a name denotes, under the key results carry it by. */
export interface ExpandedMeasure {
  readonly key: string;
  readonly measure: ParsedMeasure;
}

/** The grammar a name is read in: rankeval's forgiving one, or ir_measures' exact one. */
export type Grammar = 'rankeval' | 'ir_measures';

/** A name as rankeval matches it: lower case, without `-` and `_` (`R-prec` → `rprec`). */
export const fold = (name: string): string => name.toLowerCase().replace(/[-_]/g, '');

/** The scope of an error in the measure named `name`: ``measure `P.x`: …``. */
export function measureScope(name: string): ErrorScope {
  const measure: ErrorSubject = { kind: 'measure', measure: name };
  return { subject: measure, words: subjectWords(measure) };
}

/** Throws the error of the measure name `name`: `message`, with what was `expected` and the error's code. */
export const invalid = (name: string, message: string, expected: string, code: 'invalid_option' | 'invalid_cutoff' | 'unknown_measure' = 'invalid_option'): never => {
  throw new RankevalError({ code, subject: { kind: 'measure', measure: name }, within: [measureScope(name)], problem: message, expected, received: name });
};
