// `rankeval plan`: how many queries to have judged, by people and by the model (from a pilot), or how many
// a paired comparison needs (from the standard deviation of its differences).
import { pilotSamples, type RunEstimate } from '../judging/estimate.js';
import { queriesNeeded } from '../stats/power.js';
import { planLabels, type LabelPlan } from '../stats/ppi.js';
import { messageText } from '../text/escape.js';
import { renderTable } from '../text/table.js';
import { numberFlag, oneOf, parseCommandArgs } from './shared/args.js';
import { type Io, usageError } from './shared/command.js';
import { asInputError } from './shared/files.js';
import { inputName } from './shared/input.js';
import { LABEL_HELP, LABEL_OPTIONS, labelWarningLine, loadLabels, readLabelArgs, type LabelArgs } from './shared/labels.js';
import { OUTPUT_FORMATS } from './shared/options.js';
import { runNames } from './shared/comparison.js';

export const planUsage = `Usage: rankeval plan RUN --human H --judge J -m MEASURE --cost-human X --cost-judge Y (--budget B | --effective-n N)
       rankeval plan --sd S --delta D [--power P] [--alpha A] [--sides 1|2]

How many queries to have judged. From a pilot (a run, and the queries of it people and the judge both
labelled): how many by people and how many by the judge alone, the most precise pair a budget buys or the
cheapest as precise as N human labels alone (the mixed-subjects design of Broska, Howes & van Loon, as
ppi_py plans it). From the standard deviation S of per-query differences between two systems: how many
queries a paired t-test needs to detect a difference D with the power asked (as R's power.t.test). See the
guide "How many labels" (docs/how-many-labels.md).

From a pilot:
  RUN                   the run scored on the pilot's queries; - is standard input (for one file)
${LABEL_HELP}
  -m, --measure M       the measure to plan for (one, averaged over queries)
  --cost-human X        the cost of one human label (> 0)
  --cost-judge Y        the cost of one judge label (> 0); the judge labels every query
  --budget B            the money to spend: the most precise pair it buys
  --effective-n N       the precision of N human labels alone: the cheapest pair that reaches it
  --max-total M         at most M queries in all

From a standard deviation:
  --sd S                the standard deviation of the per-query differences (> 0)
  --delta D             the difference of means to detect (> 0)
  --power P             the probability of detecting it (default 0.8)
  --alpha A             significance level (default 0.05)
  --sides N             2 (default): a two-sided test; 1: one-sided

Output:
  --format F            table (default), markdown, json or csv

Exit status: 0 done, 2 bad arguments, 3 a file cannot be read or is malformed, or the pilot cannot give a
plan (its human or judge values all equal: no correlation).
`;

const usage = usageError('plan');

const PILOT_FLAGS = ['human', 'judge', 'measure', 'cost-human', 'cost-judge', 'budget', 'effective-n', 'max-total'] as const;
const SD_FLAGS = ['sd', 'delta', 'power', 'sides'] as const;

export type PlanArgs =
  | (LabelArgs & { readonly from: 'pilot'; readonly run: string; readonly costHuman: number; readonly costJudge: number; readonly budget?: number; readonly effectiveN?: number; readonly maxTotal?: number; readonly format: (typeof OUTPUT_FORMATS)[number] })
  | { readonly from: 'sd'; readonly sd: number; readonly delta: number; readonly power: number; readonly alpha: number; readonly sides: 1 | 2; readonly format: (typeof OUTPUT_FORMATS)[number] };

const positive = (text: string | undefined, flag: string): number | undefined => numberFlag(text, flag, (x) => Number.isFinite(x) && x > 0, 'a number > 0', usage);
const count = (text: string | undefined, flag: string): number | undefined => numberFlag(text, flag, (x) => Number.isSafeInteger(x) && x >= 1, 'a positive integer', usage);

export function parsePlanArgs(args: readonly string[]): PlanArgs | 'help' {
  const flags = { type: 'string' } as const;
  const { values, positionals } = parseCommandArgs(
    args,
    { ...LABEL_OPTIONS, 'cost-human': flags, 'cost-judge': flags, budget: flags, 'effective-n': flags, 'max-total': flags, sd: flags, delta: flags, power: flags, alpha: flags, sides: flags, format: flags, help: { type: 'boolean', short: 'h' } },
    usage,
  );
  if (values.help) return 'help';
  const format = oneOf(values.format, OUTPUT_FORMATS, '--format', 'table', usage);
  const pilotFlag = PILOT_FLAGS.find((flag) => values[flag] !== undefined);
  const sdFlag = SD_FLAGS.find((flag) => values[flag] !== undefined);
  if (pilotFlag !== undefined && sdFlag !== undefined) throw usage(`--${pilotFlag} plans from a pilot, --${sdFlag} from a standard deviation: give one or the other`);
  if (sdFlag !== undefined || (pilotFlag === undefined && positionals.length === 0)) {
    if (positionals.length > 0) throw usage(`a plan from --sd takes no file; got '${positionals[0]}'`);
    const sd = positive(values.sd, '--sd');
    const delta = positive(values.delta, '--delta');
    if (sd === undefined || delta === undefined) throw usage('a plan needs a pilot (RUN --human H --judge J …) or --sd S and --delta D');
    const power = numberFlag(values.power, '--power', (p) => p > 0 && p < 1, 'a number between 0 and 1', usage) ?? 0.8;
    const alpha = numberFlag(values.alpha, '--alpha', (a) => a > 0 && a < 1, 'a number between 0 and 1', usage) ?? 0.05;
    const sides = Number(oneOf(values.sides, ['1', '2'], '--sides', '2', usage)) as 1 | 2;
    return { from: 'sd', sd, delta, power, alpha, sides, format };
  }
  if (values.alpha !== undefined) throw usage('--alpha is about a plan from --sd, which is not given');
  if (positionals.length !== 1) throw usage(`a plan from a pilot takes one run (RUN); got ${positionals.length}`);
  const labels = readLabelArgs(values, positionals, usage);
  if (labels.measures.length !== 1) throw usage(`-m takes one measure to plan for; got ${labels.measures.length}`);
  const costHuman = positive(values['cost-human'], '--cost-human');
  const costJudge = positive(values['cost-judge'], '--cost-judge');
  if (costHuman === undefined || costJudge === undefined) throw usage('a plan from a pilot needs --cost-human and --cost-judge');
  const budget = positive(values.budget, '--budget');
  const effectiveN = count(values['effective-n'], '--effective-n');
  if ((budget === undefined) === (effectiveN === undefined)) throw usage('a plan from a pilot needs --budget or --effective-n (one of them)');
  const maxTotal = count(values['max-total'], '--max-total');
  return { ...labels, from: 'pilot', run: positionals[0]!, costHuman, costJudge, ...(budget === undefined ? {} : { budget }), ...(effectiveN === undefined ? {} : { effectiveN }), ...(maxTotal === undefined ? {} : { maxTotal }), format };
}

/** Runs `rankeval plan`; returns the exit status. */
export async function runPlan(argv: readonly string[], io: Io): Promise<number> {
  const args = parsePlanArgs(argv);
  if (args === 'help') {
    io.stdout.write(planUsage);
    return 0;
  }
  if (args.from === 'sd') {
    const needed = queriesNeeded({ test: 'paired-t', sd: args.sd, delta: args.delta, power: args.power, alpha: args.alpha, sides: args.sides });
    const result = { ...needed, sd: args.sd, delta: args.delta, alpha: args.alpha, sides: args.sides, powerAsked: args.power };
    if (args.format === 'json') io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    else io.stdout.write(renderTable([{ name: 'queries', kind: 'count' }, { name: 'n', kind: 'score' }, { name: 'power', kind: 'score' }], [[needed.queries, needed.n, needed.power]], args.format));
    return 0;
  }
  const { human, judge, runs } = await loadLabels(args, [args.run], io);
  const labelFiles = `${inputName(args.human)} or ${inputName(args.judge)}`;
  const measure = args.measures[0]!;
  let pilotWarnings: RunEstimate['warnings'] = [];
  const plan: LabelPlan = asInputError(labelFiles, () => {
    const pilot = pilotSamples(runs[0]!.rankings, { human: human.qrels, judge: judge.qrels }, { measures: [measure], relevanceThreshold: args.relevanceThreshold }, 'plan');
    pilotWarnings = pilot.warnings;
    const { budget, effectiveN, maxTotal } = args;
    return planLabels(pilot.values[measure]!, { costHuman: args.costHuman, costJudge: args.costJudge, ...(budget === undefined ? {} : { budget }), ...(effectiveN === undefined ? {} : { effectiveN }), ...(maxTotal === undefined ? {} : { maxTotal }) });
  });
  for (const warning of pilotWarnings) io.stderr.write(labelWarningLine('plan', args, runNames([args.run], undefined, usage)[0]!, warning));
  for (const warning of plan.warnings) io.stderr.write(`rankeval plan: warning: ${messageText(warning.message)}\n`);
  if (args.format === 'json') {
    io.stdout.write(`${JSON.stringify({ measure, ...plan }, null, 2)}\n`);
    return 0;
  }
  const columns = [
    { name: 'measure', kind: 'text' },
    { name: 'human', kind: 'count' },
    { name: 'judge only', kind: 'count' },
    { name: 'cost', kind: 'score' },
    { name: 'effective n', kind: 'count' },
    { name: 'correlation', kind: 'score' },
  ] as const;
  io.stdout.write(renderTable(columns, [[measure, plan.human, plan.judgeOnly, plan.cost, plan.effectiveN, plan.correlation]], args.format));
  return 0;
}
