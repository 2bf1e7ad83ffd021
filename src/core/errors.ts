// RankevalError, the one error rankeval throws, and its fields: what went wrong (`code`), what it is about
// (`subject`, `within`, `at`), and the message built from them, which a caller can say in its own words.
import { boundMessage, describeValue } from './quoting.js';

/**
 * What went wrong, as a stable string to branch on. The message is for people; the code is for programs.
 */
export type RankevalErrorCode =
  | 'invalid_cutoff'
  | 'invalid_ranking'
  | 'invalid_qrels'
  | 'invalid_option'
  | 'invalid_run'
  | 'unknown_measure'
  | 'no_relevant'
  | 'no_queries'
  // evaluateRun's checks in 'error' mode (RunChecks): a ranking holding its own query id, a cutoff beyond
  // the deepest ranking of the run, a scored ranking whose scores all tie.
  | 'query_in_ranking'
  | 'cutoff_beyond_run'
  | 'all_scores_tied'
  // A measure cut deeper than the results the system passes on (`systemK`).
  | 'beyond_system_k'
  // A warning only: judged queries without aspects, scored 0 on the aspect measures.
  | 'without_aspects'
  | 'parse_error'
  // A file of another of rankeval's kinds where one kind is read: a judgments store or a pool given as a
  // golden set (the message names what turns it into one).
  | 'wrong_file_kind'
  | 'missing_dependency'
  // mergeEvaluations: a part that is not a whole evaluateRun result; parts that cannot be shards of one run.
  | 'invalid_evaluation'
  | 'incompatible_evaluations'
  // evaluateRetriever: a judged query without a question to ask; a call past `timeoutMs` (rethrown under
  // `failOnError`, else a failure); the evaluation stopped by its AbortSignal.
  | 'missing_question'
  | 'retrieval_timeout'
  // evaluateRetriever with `failOnError`: the retriever threw or rejected (the thrown value is the `cause`).
  | 'retrieval_failed'
  | 'aborted'
  // A statistic undefined for its input (Kendall's τ_a with ties in the reference order, κ of two raters who
  // each give one label, …): thrown where a NaN would pass for a score.
  | 'undefined_statistic'
  // The file system refused a read or a write of a file the function reads or writes itself (`judge`'s
  // store: a directory, a full disk); the path is `received`, the system's error the `cause`.
  | 'io_error'
  // Preference judgments whose judgment group prefers a document to itself through others (a cycle):
  // trec_eval aborts on it (`rankeval trec` exits 134); `at` names the query and a document of the cycle.
  | 'preference_cycle'
  // evaluateNuggets: an answer not of the shape parseNuggetAssignments gives, or a run answering a topic twice.
  | 'invalid_nuggets';

/**
 * What an error is about, as data: an option by its key (`systemK.k` for a nested one), a positional
 * argument by its parameter name (`ranking`, `qrels`), a file's line, a query, a run, a measure by the name
 * given. Callers map a subject to their own words (the CLI a flag, the matchers "the baseline").
 */
export type ErrorSubject =
  | { readonly kind: 'option'; readonly option: string }
  | { readonly kind: 'argument'; readonly argument: string }
  | { readonly kind: 'file'; readonly file: string; readonly line: number }
  | { readonly kind: 'query'; readonly query: string }
  | { readonly kind: 'run'; readonly run: string }
  | { readonly kind: 'measure'; readonly measure: string };

/** Where in the input an error arose, beside its subject (the message says it in its own words). */
export interface ErrorPlace {
  /** The run, by the name the caller gave it, when the function read several. */
  readonly run?: string;
  readonly query?: string;
  readonly document?: string;
  readonly measure?: string;
}

/**
 * The facts an error's words state, as data, so that a caller branches on them and words them its own way:
 * a bound crossed, the values allowed, the entry of a list or record, the packages missing, a foreign error's text.
 */
export interface ErrorFacts {
  /** The bound the value crossed: the largest allowed (`1023`, a grade under exponential gain) or the least (`2` values). */
  readonly limit?: number;
  /** The values allowed, where the value must be one of a few: `['zero', 'skip', 'error']`. */
  readonly choices?: readonly string[];
  /** The position (0-based) of the offending entry in the subject's list: `values[3]` is `{ index: 3 }`. */
  readonly index?: number;
  /** The key of the offending entry in the subject's record (a document id of `lengths`, a run of `latency`). */
  readonly key?: string;
  /** How many there are where the count is what is wrong (values given, queries missing, raters). */
  readonly count?: number;
  /** The other subject the value must agree with (`human` for `judgeOnHuman`), or be given without. */
  readonly with?: ErrorSubject;
  /** The known names nearest a name not known (a measure's), best first: what "did you mean" offers. */
  readonly suggestions?: readonly string[];
  /** The packages that could not be loaded, to install (`missing_dependency`). */
  readonly packages?: readonly string[];
  /** A foreign error's own text (JSON.parse's, a dynamic import's), word for word: not rankeval's words. */
  readonly foreign?: string;
}

/** What `fail` is told an error is about, beyond the words: its subject, where it arose, its facts. */
export interface ErrorAbout {
  readonly subject?: ErrorSubject | undefined;
  readonly at?: ErrorPlace | undefined;
  readonly facts?: ErrorFacts | undefined;
}

/**
 * A scope an error was found in (`measure \`P.x\``, `the baseline`), or a mention of a subject inside its
 * words (`the step of \`grid\``): the library's words, and the subject they name when they name one.
 */
export interface ErrorScope {
  readonly subject?: ErrorSubject | undefined;
  readonly words: string;
}

/**
 * Words of a message: plain, or pieces among which the mentions of subjects (ErrorScope) are kept apart, so
 * that a caller can name each in its own words (the CLI a flag): ``['every k of ', mention(option('grid'))]``.
 */
export type ErrorText = string | readonly (string | ErrorScope)[];

/** Error words, or how to word them when an error is thrown: a reader called once per query words nothing. */
export type DeferredText = ErrorText | (() => ErrorText);

/** The words of a DeferredText. */
export const wordsOf = (text: DeferredText): ErrorText => (typeof text === 'function' ? text() : text);

/** How a caller names a subject in its own words (the CLI: an option by its flag); `undefined` keeps the library's. */
export type SubjectNaming = (subject: ErrorSubject) => string | undefined;

/** A mention of `subject` in a message, in `words` (by default the subject's own: `` `k` ``). */
export const mention = (subject: ErrorSubject, words: string = subjectWords(subject)): ErrorScope => ({ subject, words });

/** An option as a subject: `{ kind: 'option', option }`. */
export const option = (key: string): ErrorSubject => ({ kind: 'option', option: key });

/**
 * A subject, a mention of one in words of its own (`mention(run, 'run bm25')`), or words alone: the words a
 * message names it by (a subject's own, `` `qrels` ``) and the subject, when there is one. How a helper takes
 * what it reads as a subject or (from older callers) words.
 */
export const named = (what: string | ErrorSubject | ErrorScope): ErrorScope =>
  typeof what === 'string' ? { words: what, subject: undefined } : 'words' in what ? what : { words: subjectWords(what), subject: what };

/** A positional argument, by its parameter name: `{ kind: 'argument', argument }`. */
export const argument = (name: string): ErrorSubject => ({ kind: 'argument', argument: name });

/** The key of a by-query input at query `qid`, `["q1"]`, as a mention of that query: ``words('qrels', queryKey(qid))``. */
export const queryKey = (qid: string): ErrorScope => mention({ kind: 'query', query: qid }, `[${JSON.stringify(qid)}]`);

/** Words joined into one ErrorText, the mentions among them kept apart: `words('every id in ', where)`. */
export function words(...parts: readonly (ErrorText | ErrorScope)[]): ErrorText {
  if (parts.every((part) => typeof part === 'string')) return parts.join('');
  return parts.flatMap((part) => (typeof part === 'string' || !Array.isArray(part) ? [part as string | ErrorScope] : part));
}

/**
 * `error` with each mention of a subject (in `what`, `problem` and the scopes) in the words `naming` gives
 * it, where it gives some: how a caller that invented a subject (the matchers' one query of a single
 * ranking) leaves it unnamed, its message still built from the fields.
 */
export function renamed(error: RankevalError, naming: SubjectNaming): RankevalError {
  const rename = (scope: ErrorScope): ErrorScope => {
    const named = scope.subject === undefined ? undefined : naming(scope.subject);
    return named === undefined ? scope : { ...scope, words: named };
  };
  const text = (value: ErrorText | undefined): ErrorText | undefined =>
    value === undefined || typeof value === 'string' ? value : value.map((part) => (typeof part === 'string' ? part : rename(part)));
  return reworded(error, { what: text(error.what), problem: text(error.problem), within: error.within.map(rename) });
}

/**
 * A RankevalError's fields, from which its message is built: `fn: ` (the public function that threw), then
 * `file:line: ` for a file subject, then each scope's words and `: `, then `problem` — or, without one,
 * "expected WHAT to be EXPECTED, got RECEIVED", WHAT being `what` or the subject's words (`` `k` ``).
 */
export interface ErrorFields {
  readonly code: RankevalErrorCode;
  readonly fn?: string | undefined;
  readonly subject?: ErrorSubject | undefined;
  readonly within?: readonly ErrorScope[] | undefined;
  /** How the message names the value checked, where the subject's words would not say it: `entry 3 of the ranking`. */
  readonly what?: ErrorText | undefined;
  /** What is wrong, in words, where the message is not "expected … got …". */
  readonly problem?: ErrorText | undefined;
  /** Where in the input it arose, where the subject does not say: the query, the document, the measure that reads the subject. */
  readonly at?: ErrorPlace | undefined;
  /** What the function expected, in words (e.g. "a positive integer or Infinity"). */
  readonly expected: string;
  /** The offending value as it was received, and nothing else (its place is the subject). */
  readonly received?: unknown;
  /** The facts the words state (a limit, the choices, the entry), as data. */
  readonly facts?: ErrorFacts | undefined;
}

/** The words a message names a subject by: `` `k` ``, `` `qrels` ``, `run.trec:3`, `query "q1"`, `run "bm25"`, ``measure `P@x` ``. */
export function subjectWords(subject: ErrorSubject): string {
  switch (subject.kind) {
    case 'option':
      return `\`${subject.option}\``;
    case 'argument':
      return `\`${subject.argument}\``;
    case 'file':
      return `${subject.file}:${subject.line}`;
    case 'query':
      return `query ${JSON.stringify(subject.query)}`;
    case 'run':
      return `run ${JSON.stringify(subject.run)}`;
    case 'measure':
      return `measure \`${subject.measure}\``;
  }
}

/**
 * The message of an error with these fields, as RankevalError writes it (bounded by boundMessage), each
 * subject (the subject, a scope's, a mention's) named by `naming` where it gives words, else as the library
 * names it: how a caller says the same error in its own words.
 */
export function errorMessage(fields: ErrorFields, naming: SubjectNaming = () => undefined): string {
  const { fn, subject, within = [], problem } = fields;
  const named = (scope: ErrorScope): string => (scope.subject === undefined ? undefined : naming(scope.subject)) ?? scope.words;
  const text = (words: ErrorText): string => (typeof words === 'string' ? words : words.map((part) => (typeof part === 'string' ? part : named(part))).join(''));
  const parts: string[] = [];
  if (fn !== undefined) parts.push(fn);
  if (subject?.kind === 'file') parts.push(named(mention(subject)));
  for (const scope of within) parts.push(named(scope));
  const what = fields.what !== undefined ? text(fields.what) : subject === undefined ? 'the value' : named(mention(subject));
  parts.push(problem !== undefined ? text(problem) : `expected ${what} to be ${fields.expected}, got ${describeValue(fields.received)}`);
  return boundMessage(parts.join(': '));
}

/** The one error class rankeval throws for bad input; its message is built from its fields (errorMessage). */
export class RankevalError extends Error implements ErrorFields {
  // Fields are declared and set in the constructor, never initialised where declared: the CommonJS build
  // turns initialised fields into an assignment through a temporary, `(_class = class …)`, which would name
  // the class `_class` (test/smoke checks the name in both builds).
  declare readonly name: 'RankevalError';
  declare readonly code: RankevalErrorCode;
  /** The public function that threw (`evaluateRun`), which the message starts with; none for a file's error. */
  declare readonly fn: string | undefined;
  /** What the error is about (an option, an argument, a file's line, a query, a run, a measure). */
  declare readonly subject: ErrorSubject | undefined;
  /** The scopes it was found in, outermost first (a measure's parameters, one of two runs compared). */
  declare readonly within: readonly ErrorScope[];
  declare readonly at: ErrorPlace | undefined;
  declare readonly what: ErrorText | undefined;
  declare readonly problem: ErrorText | undefined;
  /** What the function expected, in words (e.g. "a positive integer or Infinity"). */
  declare readonly expected: string;
  /** The offending value as it was received, and nothing else: where it was is the subject. */
  declare readonly received: unknown;
  /** The facts the words state (a limit, the choices, the entry), as data; `{}` when the words state none. */
  declare readonly facts: ErrorFacts;

  /** With `cause`: what the caller's code threw (a getter, an iterator, a callback, a revoked Proxy), kept whole. */
  constructor(fields: ErrorFields, options?: { readonly cause: unknown });
  /** @deprecated Give the fields (`new RankevalError({ code, problem, expected, received })`): this message is kept as `problem`. */
  constructor(code: RankevalErrorCode, message: string, expected: string, received: unknown, options?: { readonly cause: unknown });
  constructor(
    first: ErrorFields | RankevalErrorCode,
    second?: string | { readonly cause: unknown },
    expected?: string,
    received?: unknown,
    cause?: { readonly cause: unknown },
  ) {
    const fields: ErrorFields = typeof first === 'string' ? { code: first, problem: second as string, expected: expected!, received } : first;
    const options = typeof first === 'string' ? cause : (second as { readonly cause: unknown } | undefined);
    super(errorMessage(fields), options);
    this.name = 'RankevalError';
    this.code = fields.code;
    this.fn = fields.fn;
    this.subject = fields.subject;
    this.within = fields.within ?? [];
    this.at = fields.at;
    this.what = fields.what;
    this.problem = fields.problem;
    this.expected = fields.expected;
    this.received = fields.received;
    this.facts = fields.facts ?? {};
  }
}

/**
 * The fields of `error` with `changes`, as a new error of the same cause: how a caller that stands for the
 * function that threw (a matcher for evaluateRun) names itself, or adds the scope it ran the call in.
 */
export function reworded(error: RankevalError, changes: Partial<ErrorFields>): RankevalError {
  const fields: ErrorFields = { ...fieldsOf(error), ...changes };
  return error.cause === undefined ? new RankevalError(fields) : new RankevalError(fields, { cause: error.cause });
}

/**
 * `error` as thrown by `fn`, which called the function that threw on the caller's behalf and speaks for it
 * (a matcher for evaluateRun): named `fn` in place of a function of `standsFor`, any other kept as a scope,
 * with `scopes` (the run it was scoring) before the error's own: ``toNotRegressFrom: the baseline: …``.
 */
export function speakingFor(error: RankevalError, fn: string, standsFor: readonly string[], scopes: readonly ErrorScope[] = []): RankevalError {
  const inner = error.fn === undefined || standsFor.includes(error.fn) ? [] : [{ words: error.fn }];
  return reworded(error, { fn, within: [...scopes, ...inner, ...error.within] });
}

/** The fields of an error, read from it (a plain object: spread it to change some). */
export function fieldsOf(error: RankevalError): ErrorFields {
  const { code, fn, subject, within, at, what, problem, expected, received, facts } = error;
  return { code, fn, subject, within, at, what, problem, expected, received, facts };
}

/** Type guard: `true` for errors thrown by rankeval, whatever realm or copy of the package threw them. */
export function isRankevalError(error: unknown): error is RankevalError {
  return error instanceof RankevalError || (error instanceof Error && error.name === 'RankevalError' && 'code' in error);
}

/** `about` as ErrorAbout: a bare subject is `{ subject }`. */
export const aboutOf = (about: ErrorSubject | ErrorAbout | undefined): ErrorAbout => (about === undefined ? {} : 'kind' in about ? { subject: about } : about);

/**
 * Throws a RankevalError whose message reads ``fn: expected WHAT to be EXPECTED, got `value` (type)``, WHAT
 * being `what` in words or a subject's words (`` `k` `` for `{ kind: 'option', option: 'k' }`). Words for
 * `what` come with `about`, the subject they name and the facts they state:
 * ``fail(code, fn, `\`values[${i}]\``, 'a finite number', value, { subject: argument('values'), facts: { index: i } })``.
 */
export function fail(code: RankevalErrorCode, fn: string, what: ErrorText | ErrorSubject, expected: string, received: unknown, about?: ErrorSubject | ErrorAbout): never {
  const { subject, at, facts } = aboutOf(about);
  if (typeof what === 'string' || Array.isArray(what)) throw new RankevalError({ code, fn, subject, at, facts, what: what as ErrorText, expected, received });
  throw new RankevalError({ code, fn, subject: what as ErrorSubject, at, facts, expected, received });
}

/**
 * Throws for an id that is not a string, as `fail` does; for the commonest slips the message says what to
 * do: a number (or a bigint), ``…got `1` (number); ids are strings: use `String(id)` ``; an array in a
 * ranking (a tie group, which rbo and overlap take and the scoring entries do not), ``…got `array of 2`
 * (array); a tie group is not taken here: give tied documents as {id, score} objects of equal score``.
 */
export function failId(code: RankevalErrorCode, fn: string, what: ErrorText, expected: string, received: unknown, about?: ErrorSubject | ErrorAbout): never {
  const hint = typeof received === 'number' || typeof received === 'bigint' ? 'ids are strings: use `String(id)`' : code === 'invalid_ranking' && isArray(received) ? TIE_GROUP_HINT : undefined;
  if (hint === undefined) fail(code, fn, what, expected, received, about);
  const problem = words('expected ', what, ` to be ${expected}, got ${describeValue(received)}; ${hint}`);
  const { subject, at, facts } = aboutOf(about);
  throw new RankevalError({ code, fn, subject, at, facts, what, problem, expected, received });
}

const TIE_GROUP_HINT = 'a tie group is not taken here: give tied documents as {id, score} objects of equal score';

/** Array.isArray, false for a value that cannot be looked into (a revoked Proxy throws). */
function isArray(value: unknown): boolean {
  try {
    return Array.isArray(value);
  } catch {
    return false;
  }
}

/** An error in a file, located: the message reads `file:line: what is wrong`; `received`, the value refused, if one. */
export function parseError(file: string, line: number, problem: string, expected = 'a well-formed file', received?: unknown, facts?: ErrorFacts): RankevalError {
  return new RankevalError({ code: 'parse_error', subject: { kind: 'file', file, line }, problem, expected, received, facts });
}
