// What `rankeval nuggets` and `rankeval report --nuggets` share: the assignments read as one input and
// scored, and the comparison's flags and errors in the command line's words.
import { type CompareScoresOptions } from '../../analysis/compare.js';
import { isRankevalError } from '../../core/errors.js';
import type { NuggetAnswer, NuggetBank, NuggetGrades } from '../../formats/nuggets.js';
import { nuggetAssignmentsOf } from '../../formats/nugget-judgments.js';
import { evaluateNuggets, nuggetComparisonScores, type NuggetEvaluation } from '../../nuggets/evaluate-nuggets.js';
import { NUGGET_SCORES } from '../../nuggets/scores.js';
import { messageText } from '../../text/escape.js';
import { CliError, INPUT_ERROR, type Io, USAGE_ERROR } from './command.js';
import { joinAnswers } from './answers.js';
import { readPlanFlags, TEST_OPTIONS } from './comparison.js';
import { checkStdinOnce, loadNuggetAssignments, loadNuggetBank, loadNuggetJudgments, tornLineWarning } from './files.js';
import { inputName } from './input.js';
import { measureNames } from './options.js';
import { inputFlag } from './args.js';
import { readGradesFlag } from './nugget-flags.js';
import { cliMessage, isOption } from './wording.js';

/** The names of the nugget scores, as the commands print them and -m takes them. */
const SCORE_NAMES: readonly string[] = NUGGET_SCORES.map(({ name }) => name);

/** Where the nugget commands read their answers from. */
export interface NuggetFiles {
  readonly files: readonly string[];
  readonly topics: string | undefined;
  readonly grades: NuggetGrades;
  /** A nugget-assignment store read with the files (`--store`), and whose lines in it count (`--judge`). */
  readonly store?: string | undefined;
  readonly judge?: string | undefined;
}

/** The assignments of every file, scored as one input (on the bank's topics with --topics); no answers at all is an input error. */
export async function loadNuggetEvaluation({ files, topics, grades, store, judge }: NuggetFiles, io: Pick<Io, 'stderr'>): Promise<NuggetEvaluation> {
  const read: [string, NuggetAnswer[]][] = [];
  for (const file of files) read.push([file, await loadNuggetAssignments(file, grades, io.stderr)]);
  const bank = topics === undefined ? undefined : await loadNuggetBank(topics, io.stderr);
  if (store !== undefined) read.push([store, await storeAnswers(store, judge, bank, io)]);
  const result = evaluateNuggets(joinAnswers(read, bank === undefined ? undefined : { bank, path: topics!, flag: '--topics' }), bank === undefined ? {} : { topics: bank });
  if (result.mean === undefined) throw new CliError(messageText(`no answers to score in ${read.map(([path]) => inputName(path)).join(', ')}`), INPUT_ERROR);
  return result;
}

/**
 * The answers of a nugget-assignment store (one judge's: `--judge`, needed when it has several), a torn last
 * line warned of and skipped. Its answers gather many lines: messages name the store alone.
 */
async function storeAnswers(path: string, judge: string | undefined, bank: NuggetBank | undefined, io: Pick<Io, 'stderr'>): Promise<NuggetAnswer[]> {
  const store = await loadNuggetJudgments(path, io.stderr);
  if (store.tornLine !== undefined) io.stderr.write(tornLineWarning(inputName(path), store.tornLine, 'skipped'));
  try {
    return nuggetAssignmentsOf(store, { ...(judge === undefined ? {} : { judge }), ...(bank === undefined ? {} : { bank }) });
  } catch (error) {
    if (!isRankevalError(error)) throw error;
    throw new CliError(messageText(`${inputName(path)}: ${cliMessage(error, { flags: { judge: '--judge', bank: '--topics' } })}`), isOption(error.subject, 'judge') ? USAGE_ERROR : INPUT_ERROR);
  }
}

/** `-m` (nugget score names; default all six), the paired test's flags and `--baseline`: compareScores's options. */
export function readNuggetCompareFlags(
  values: { readonly measure?: readonly string[] | undefined } & { readonly [K in keyof typeof TEST_OPTIONS]?: string | undefined },
  usage: (message: string) => CliError,
): CompareScoresOptions {
  const measures = values.measure === undefined ? [...SCORE_NAMES] : [...new Set(measureNames(values.measure, '-m', usage))];
  const unknown = measures.find((name) => !SCORE_NAMES.includes(name));
  if (unknown !== undefined) throw usage(`-m '${unknown}' is no nugget score (${SCORE_NAMES.join(', ')})`);
  const { interval, ...plan } = readPlanFlags(values, usage);
  return { measures, ...plan, ...(interval === undefined ? {} : { interval }), ...(values.baseline === undefined ? {} : { baseline: values.baseline }) };
}

/**
 * `use` of the runs' per-topic scores (compareScores, the report): a baseline that is no run is a usage
 * error, as in rankeval compare; one run, runs scored on different topics, or one topic, an input error.
 */
export function withNuggetScores<T>(result: NuggetEvaluation, args: NuggetFiles, options: CompareScoresOptions, usage: (message: string) => CliError, mode: string, use: (scores: ReturnType<typeof nuggetComparisonScores>) => T): T {
  const runs = Object.keys(result.byRun);
  if (options.baseline !== undefined && !runs.includes(options.baseline)) throw usage(`--baseline '${options.baseline}' is none of the runs (${runs.join(', ')})`);
  const files = args.files.map(inputName).join(', ');
  if (runs.length < 2) throw new CliError(messageText(`${mode} needs two runs or more; ${files} hold${args.files.length === 1 ? 's' : ''} ${runs.length} (${runs.join(', ')})`), INPUT_ERROR);
  try {
    return use(nuggetComparisonScores(result));
  } catch (error) {
    if (!isRankevalError(error)) throw error;
    const hint = error.code === 'invalid_run' && args.topics === undefined ? "; give --topics BANK to score every run on the bank's topics, a topic a run did not answer scoring 0" : '';
    throw new CliError(messageText(`${files}: ${cliMessage(error)}${hint}`), INPUT_ERROR);
  }
}

/** The flags that put `rankeval compare` and `rankeval report` in their nugget mode. */
export const NUGGET_MODE_OPTIONS = {
  nuggets: { type: 'boolean' },
  topics: inputFlag('the nugget bank'),
  grades: { type: 'string' },
} as const;

/** A command's nugget mode, read: the answers to score and how to compare their runs. */
export interface NuggetMode {
  readonly files: NuggetFiles;
  readonly options: CompareScoresOptions;
}

/** The flags of a command's nugget mode that the mode reads. */
type NuggetModeValues = Parameters<typeof readNuggetCompareFlags>[0] & { readonly topics?: string | undefined; readonly grades?: string | undefined };

/**
 * A command's --nuggets mode read: its assignment files and comparison options. A flag not among the mode's
 * own, `also` (the command's own flags it keeps: `--format`, `-o`…) and the test's is refused by name, as
 * the command's `options` spell it; without --nuggets, `--topics` and `--grades` are refused.
 */
export function readNuggetMode(
  values: NuggetModeValues & { readonly nuggets?: boolean | undefined },
  positionals: readonly string[],
  options: object,
  also: readonly string[],
  usage: (message: string) => CliError,
): NuggetMode | undefined {
  if (!values.nuggets) {
    for (const flag of ['topics', 'grades'] as const) if (values[flag] !== undefined) throw usage(`--${flag} applies only with --nuggets, which compares answers by their nugget scores`);
    return undefined;
  }
  const allowed = new Set([...Object.keys(NUGGET_MODE_OPTIONS), ...Object.keys(TEST_OPTIONS), 'measure', 'help', ...also]);
  const refused = Object.entries(values).find(([flag, value]) => value !== undefined && !allowed.has(flag))?.[0];
  if (refused !== undefined) {
    const short = (options as Readonly<Record<string, { readonly short?: string }>>)[refused]?.short;
    throw usage(`--${refused}${short === undefined ? '' : ` (-${short})`} does not apply with --nuggets, which compares answers by their nugget scores`);
  }
  if (positionals.length === 0) throw usage('--nuggets takes one assignments file or more (ASSIGNMENTS…)');
  const { topics } = values;
  checkStdinOnce(topics === undefined ? positionals : [...positionals, topics], usage);
  return { files: { files: positionals, topics, grades: readGradesFlag(values.grades, usage) }, options: readNuggetCompareFlags(values, usage) };
}
