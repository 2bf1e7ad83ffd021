// What `rankeval overlap` and `rankeval report --overlap` share: the RBO flags, the runs read as rankings
// with ties, and the one line said when the runs rank no query in common.
import type { OverlapOptions } from '../../agreement/overlap.js';
import type { RboTies } from '../../agreement/rbo.js';
import type { TiedRanking } from '../../agreement/tie-ranking.js';
import { isRankevalError } from '../../core/errors.js';
import type { Run, RunFormat } from '../../formats/run.js';
import { scoredDocuments } from '../../formats/run-collector.js';
import { numberFlag, oneOf } from './args.js';
import { readRunFormat } from './options.js';
import { CliError, INPUT_ERROR } from './command.js';

/** The flags of RBO's settings, and the runs' format. */
export const OVERLAP_OPTIONS = {
  p: { type: 'string' },
  depth: { type: 'string' },
  ties: { type: 'string' },
  'run-format': { type: 'string' },
} as const;

type OverlapValues = { readonly [flag in keyof typeof OVERLAP_OPTIONS]?: string | undefined };

/** The flags read: `--p`, `--depth` and `--ties` as `overlap`'s options, and `--run-format` (a usage error says what a flag takes). */
export function overlapFlags(values: OverlapValues, usage: (message: string) => CliError): { rbo: OverlapOptions & { p: number; ties: RboTies }; runFormat: RunFormat | 'auto' } {
  const depth = numberFlag(values.depth, '--depth', (k) => Number.isSafeInteger(k) && k >= 1, 'a positive integer', usage);
  const rbo = {
    p: numberFlag(values.p, '--p', (p) => p > 0 && p < 1, 'a number between 0 and 1, both excluded', usage) ?? 0.9,
    ties: oneOf<RboTies>(values.ties, ['a', 'b', 'w'], '--ties', 'a', usage),
    ...(depth === undefined ? {} : { depth }),
  };
  return { rbo, runFormat: readRunFormat(values['run-format'], usage) };
}

/** A run's rankings as overlap reads them: scored documents where the file gives scores (so ties tie), else ids. */
export function tiedRankings(run: Run): Map<string, TiedRanking> {
  const rankings = new Map<string, TiedRanking>();
  for (const [qid, ids] of run.rankings) {
    const scored = run.scored.get(qid);
    rankings.set(qid, scored === undefined ? ids : scoredDocuments(scored));
  }
  return rankings;
}

/** `compute()`, with its `no_queries` error said as the command's one line: the two runs share no query. */
export function withQueriesInCommon<T>(nameA: string, nameB: string, compute: () => T): T {
  try {
    return compute();
  } catch (error) {
    if (isRankevalError(error) && error.code === 'no_queries') throw new CliError(`${nameA} and ${nameB} rank no query in common: nothing to compare`, INPUT_ERROR);
    throw error;
  }
}
