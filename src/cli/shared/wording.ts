// A RankevalError in the command line's words, built from its fields: the library's options named by the
// command's flags, and what the golden set gives (its lengths, aspects, relevant documents) named as the
// command line gives it. No message text is read here: only `code`, `subject` and `at`.
import { errorMessage, fieldsOf, type ErrorSubject, type RankevalError } from '../../core/errors.js';

/** How a command words a library error. */
export interface CliWording {
  /** The command's flag for each library option it sets, by option key: `k` → `--k`. */
  readonly flags?: Readonly<Record<string, string>>;
  /** Whether the message keeps the name of the library function that threw, as a message passed on whole does. */
  readonly withFunction?: boolean;
}

/** Whether `subject` is the option `key`. */
export const isOption = (subject: ErrorSubject | undefined, key: string): boolean => subject?.kind === 'option' && subject.option === key;

/** The lengths as the command line gives them, and where a measure that reads them tells the user to give them. */
const LENGTHS = 'the lengths (--lengths, or "tokens" in the golden set)';
const GIVE: Readonly<Record<string, string>> = {
  lengths: 'give --lengths FILE (id<TAB>tokens a line) or "tokens" in the golden set',
  aspects: 'give a golden set with aspects (JSONL "aspects", or TREC diversity qrels read with --qrels-format trec-diversity)',
};
const WHAT: Readonly<Record<string, string>> = { lengths: 'document lengths', aspects: 'aspects' };

/**
 * The errors about what the golden set gives, which the library words by its options (`lengths`,
 * `aspects`, `noRelevant`) and the command line by its files and flags; undefined for any other error.
 */
function goldenSetWords(error: RankevalError): string | undefined {
  const { code, subject, at } = error;
  if (code === 'no_relevant' && subject?.kind === 'query') {
    return `query ${JSON.stringify(subject.query)} has no relevant document (--no-relevant error; zero scores it 0, skip leaves it out)`;
  }
  if (code === 'no_queries' && isOption(subject, 'noRelevant')) {
    return 'no query to average: every judged query has no relevant document, and --no-relevant skip leaves them out';
  }
  if (code !== 'invalid_option' || subject?.kind !== 'option') return undefined;
  if (subject.option === 'lengths' && at?.document !== undefined) {
    const query = at.query === undefined ? '' : ` (query ${JSON.stringify(at.query)})`;
    return `${LENGTHS} give no length for document ${JSON.stringify(at.document)}${query}, which a token budget or tokens@k reads: give every retrieved document's length in tokens`;
  }
  const give = GIVE[subject.option];
  return give !== undefined && at?.measure !== undefined ? `${at.measure} reads ${WHAT[subject.option]!}: ${give}` : undefined;
}

/** Whether `error` is about what the golden set gives (its lengths or aspects), not about a flag. */
export const aboutGoldenSet = (error: RankevalError): boolean => isOption(error.subject, 'lengths') || isOption(error.subject, 'aspects');

/**
 * The message of `error` as a command prints it: without the library function's name (the command is
 * named instead), each option the command sets named by its flag, and what the golden set gives in the
 * command line's words: `` evaluateRun: expected `k` to be … `` → `expected --k to be …`.
 */
export function cliMessage(error: RankevalError, wording: CliWording = {}): string {
  const { flags = {}, withFunction = false } = wording;
  const fields = withFunction ? fieldsOf(error) : { ...fieldsOf(error), fn: undefined };
  return goldenSetWords(error) ?? errorMessage(fields, (subject) => (subject.kind === 'option' ? flags[subject.option] : undefined));
}
