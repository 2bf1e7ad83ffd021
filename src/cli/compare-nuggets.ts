// `rankeval compare --nuggets ASSIGNMENTS…`: RAG answer generators compared topic by topic on their nugget
// scores, with compare's tests and output (compareScores on the scores rankeval nuggets gives).
import { compareScores } from '../analysis/compare.js';
import { oneOf } from './shared/args.js';
import { type CliError, type Io } from './shared/command.js';
import { comparisonOutput, TEST_OPTIONS } from './shared/comparison.js';
import { checkStdinOnce } from './shared/files.js';
import { readGradesFlag } from './shared/nugget-flags.js';
import { loadNuggetEvaluation, readNuggetCompareFlags, withNuggetScores } from './shared/nuggets.js';
import { OUTPUT_FORMATS } from './shared/options.js';

/** The flags `--nuggets` takes; the others read a golden set or rankings. */
const NUGGETS_FLAGS: readonly string[] = ['nuggets', 'topics', 'grades', 'measure', 'format', 'help', ...Object.keys(TEST_OPTIONS)];

/** The flags of `rankeval compare` that --nuggets reads (the others are refused by name). */
type NuggetsCompareValues = Parameters<typeof readNuggetCompareFlags>[0] & {
  readonly topics?: string | undefined;
  readonly grades?: string | undefined;
  readonly format?: string | undefined;
};

/** Runs `rankeval compare --nuggets` on the arguments `rankeval compare` read; returns the exit status. */
export async function runNuggetsCompare(values: NuggetsCompareValues, positionals: readonly string[], io: Io & { readonly colour?: boolean }, usage: (message: string) => CliError): Promise<number> {
  const refused = Object.entries(values).find(([flag, value]) => value !== undefined && !NUGGETS_FLAGS.includes(flag))?.[0];
  if (refused !== undefined) throw usage(`--${refused} does not apply with --nuggets, which compares answers by their nugget scores`);
  if (positionals.length === 0) throw usage('--nuggets takes one assignments file or more (ASSIGNMENTS…)');
  const { topics } = values;
  checkStdinOnce(topics === undefined ? positionals : [...positionals, topics], usage);
  const files = { files: positionals, topics, grades: readGradesFlag(values.grades, usage) };
  const options = readNuggetCompareFlags(values, usage);
  const format = oneOf(values.format, OUTPUT_FORMATS, '--format', 'table', usage);
  const result = await loadNuggetEvaluation(files, io);
  io.stdout.write(comparisonOutput(withNuggetScores(result, files, options, usage, '--nuggets', (scores) => compareScores(scores, options)), format, io.colour ?? false));
  return 0;
}
