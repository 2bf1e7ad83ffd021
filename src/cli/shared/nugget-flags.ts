// What `rankeval agree --nuggets` and `rankeval estimate --nuggets` share: the score, the assigners' scale
// and the nugget bank, read as `rankeval nuggets` reads its own.
import { NUGGET_SCORES, type NuggetScoreKey } from '../../nuggets/scores.js';
import { inputFlag, oneOf } from './args.js';
import type { CliError } from './command.js';

/** The flags of a nugget mode. */
export const NUGGET_OPTIONS = {
  nuggets: { type: 'boolean' },
  score: { type: 'string' },
  topics: inputFlag('the nugget bank'),
  grades: { type: 'string' },
} as const;

export const NUGGET_HELP = `  --score S             the nugget score: vital (default), all, strict_vital, strict_all, weighted,
                        strict_weighted (the keys or rankeval nuggets' names: vital_score, …)
  --grades 2|3          the assigners' scale: 3 (default) or 2 (partial_support refused)`;

export interface NuggetFlags {
  readonly score: NuggetScoreKey;
  readonly grades: 2 | 3;
}

/** --score (a key, its snake_case form or nuggetizer's name) and --grades, checked. */
export function readNuggetFlags(values: { score?: string | undefined; grades?: string | undefined }, usage: (message: string) => CliError): NuggetFlags {
  const snake = (key: string): string => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
  const given = values.score ?? 'vital';
  const score = NUGGET_SCORES.find(({ key, name }) => given === key || given === snake(key) || given === name);
  if (score === undefined) throw usage(`--score takes ${NUGGET_SCORES.map(({ key }) => snake(key)).join(', ')}; got '${given}'`);
  return { score: score.key, grades: readGradesFlag(values.grades, usage) };
}

/** --grades: 3 (default) or 2. */
export const readGradesFlag = (value: string | undefined, usage: (message: string) => CliError): 2 | 3 => (oneOf(value, ['3', '2'], '--grades', '3', usage) === '2' ? 2 : 3);
