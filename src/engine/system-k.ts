// `systemK`: the number of results the system passes on, and the measures that read deeper than it.
import { fail, option } from '../core/errors.js';
import { ownOptions } from '../core/boundary.js';
import type { ParsedMeasure } from '../measures/registry.js';
import type { MeasurePlan } from './plan.js';
import { settleCheck } from './run-checks.js';

/** `systemK` as read: the system's k and what a measure cut deeper does. */
export interface SystemK {
  readonly k: number;
  readonly mode: 'error' | 'warn';
}

/** Measures cut deeper than the system's k, kept for the result's warning (and merged results'). */
export interface BeyondSystemK {
  readonly k: number;
  readonly measures: string[];
}

export function readSystemK(value: unknown, fn: string): SystemK | undefined {
  if (value === undefined) return undefined;
  const expected = "a positive integer (the results the system passes on), or { k, mode: 'error' | 'warn' }";
  const isK = (k: unknown): k is number => typeof k === 'number' && Number.isSafeInteger(k) && k > 0;
  if (isK(value)) return { k: value, mode: 'error' };
  const { k, mode = 'error' } = ownOptions(value, ['k', 'mode'], fn, { name: '`systemK`', subject: option('systemK'), expected, what: 'every key of `systemK`' }) as { k?: unknown; mode?: unknown };
  if (!isK(k)) fail('invalid_option', fn, option('systemK.k'), 'a positive integer', k);
  if (mode !== 'error' && mode !== 'warn') fail('invalid_option', fn, option('systemK.mode'), "'error' or 'warn'", mode, { facts: { choices: ['error', 'warn'] } });
  return { k, mode };
}

/**
 * The measures that read deeper than the system's k: a cutoff above it, or none on a measure that reads
 * the ranking. A token budget is cut at the system's k too, so it never reads deeper. In 'error' mode the
 * first such measure is refused here, before any ranking is read.
 */
export function beyondSystemKOf(plan: MeasurePlan, systemK: SystemK, fn: string): BeyondSystemK | undefined {
  const measures = plan.names.filter((_, i) => readsBeyond(plan.measures[i]!, systemK.k));
  if (measures.length === 0) return undefined;
  settleCheck('beyond_system_k', systemK.mode, measures, fn, [], { systemK: systemK.k });
  return { k: systemK.k, measures };
}

/** Whether a measure reads deeper than the system's k (see beyondSystemKOf). */
export function readsBeyond({ definition, params, cutoff }: ParsedMeasure, k: number): boolean {
  return definition.readsRanking !== false && params.budget === undefined && cutoff > k;
}
