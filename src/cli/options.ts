// Flags that `rankeval eval`, `compare` and `report` share, read one way for all of them.
import { parseArgs } from 'node:util';
import { isRankevalError } from '../errors.js';
import type { GoldenSetFormat } from '../formats/golden-set.js';
import type { RunFormat } from '../formats/run.js';
import { formatMeasure, parseMeasure } from '../measures/registry.js';
import { CliError } from './trec.js';

/** Exit status for bad arguments. */
export const USAGE_ERROR = 2;

export const OUTPUT_FORMATS = ['table', 'markdown', 'json', 'csv'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export const SHARED_OPTIONS = {
  'qrels-format': { type: 'string' },
  'run-format': { type: 'string' },
  measure: { type: 'string', short: 'm', multiple: true },
  'relevance-threshold': { type: 'string', short: 'l' },
  'no-relevant': { type: 'string' },
  format: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export interface SharedArgs {
  readonly qrelsFormat: GoldenSetFormat | 'auto';
  readonly runFormat: RunFormat | 'auto';
  /** As given (commas split), checked; empty when no -m. */
  readonly measures: string[];
  readonly relevanceThreshold: number;
  readonly noRelevant: 'zero' | 'skip' | 'error';
  readonly format: OutputFormat;
}

/** A usage error of `rankeval <command>`, pointing at its help. */
export const usageError =
  (command: string) =>
  (message: string): CliError =>
    new CliError(`${message} (see rankeval ${command} --help)`, USAGE_ERROR);

type Options = Parameters<typeof parseArgs>[0] extends infer C ? (C extends { options?: infer O } ? NonNullable<O> : never) : never;

/** node:util's parseArgs, with its complaints turned into usage errors. */
export function parseCommandArgs<const O extends Options>(args: readonly string[], options: O, usage: (message: string) => CliError) {
  try {
    return parseArgs({ args: [...args], allowPositionals: true, options });
  } catch (error) {
    throw usage((error as Error).message);
  }
}

export function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], flag: string, fallback: T, usage: (message: string) => CliError): T {
  if (value === undefined) return fallback;
  if (!allowed.includes(value as T)) throw usage(`${flag} takes ${allowed.join(', ')}; got '${value}'`);
  return value as T;
}

/** The canonical form of a measure name (`R@5` → `recall@5`), or a usage error naming it. */
export function canonicalMeasure(name: string, usage: (message: string) => CliError): string {
  try {
    return formatMeasure(parseMeasure(name));
  } catch (error) {
    if (isRankevalError(error)) throw usage(error.message);
    throw error;
  }
}

export function readSharedArgs(
  values: { [K in keyof typeof SHARED_OPTIONS]?: (typeof SHARED_OPTIONS)[K] extends { multiple: true } ? string[] : (typeof SHARED_OPTIONS)[K] extends { type: 'boolean' } ? boolean : string },
  usage: (message: string) => CliError,
): SharedArgs {
  const measures = (values.measure ?? []).flatMap((list) => list.split(',')).map((name) => name.trim()).filter((name) => name !== '');
  for (const name of measures) canonicalMeasure(name, usage);
  const threshold = values['relevance-threshold'] === undefined ? 1 : Number(values['relevance-threshold']);
  if (!Number.isFinite(threshold)) throw usage(`--relevance-threshold takes a number; got '${values['relevance-threshold']}'`);
  return {
    qrelsFormat: oneOf(values['qrels-format'], ['auto', 'trec', 'beir', 'jsonl', 'json', 'csv'], '--qrels-format', 'auto', usage),
    runFormat: oneOf(values['run-format'], ['auto', 'trec', 'jsonl', 'json', 'csv'], '--run-format', 'auto', usage),
    measures,
    relevanceThreshold: threshold,
    noRelevant: oneOf(values['no-relevant'], ['zero', 'skip', 'error'], '--no-relevant', 'zero', usage),
    format: oneOf(values.format, OUTPUT_FORMATS, '--format', 'table', usage),
  };
}
