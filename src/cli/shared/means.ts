// What `rankeval eval` and `rankeval merge` share: the gates' flags, and the means and warnings as both print them.
import { conventionsLine } from '../../measures/conventions.js';
import type { RunEvaluation } from '../../engine/run-result.js';
import { risingScores, unjudgedDocumentsText, type RunWarning } from '../../engine/run-checks.js';
import { eachRunWarning } from '../../analysis/compare.js';
import { higherIsBetter } from '../../measures/reading.js';
import type { GateResult } from '../../text/gates.js';
import { gateText } from '../../text/gates.js';
import { escapeControls, escapeMarkdown } from '../../text/escape.js';
import { type Cell, type Column, renderTable } from '../../text/table.js';
import { canonicalMeasure, type OutputFormat } from './options.js';
import { decimalNumber } from '../../formats/columns.js';
import type { CliError } from './command.js';

/** A gate flag read: the measure as written and in canonical form, the threshold and the side it bounds. */
export interface GateArg {
  readonly name: string;
  readonly canonical: string;
  readonly threshold: number;
  readonly bound: 'min' | 'max';
}

/**
 * `--fail-under M=V` (a minimum) and `--fail-over M=V` (a maximum), each on a measure whose better side it
 * guards: a minimum of miss@k, where lower is better, would fail the better runs (a usage error saying so).
 */
export function readGates(values: { 'fail-under'?: string[] | undefined; 'fail-over'?: string[] | undefined }, usage: (message: string) => CliError): GateArg[] {
  const read = (text: string, bound: 'min' | 'max'): GateArg => {
    const flag = bound === 'min' ? '--fail-under' : '--fail-over';
    const match = /^(.+)=\s*([^=]+)$/.exec(text);
    const threshold = match ? decimalNumber(match[2]!) : Number.NaN;
    const example = bound === 'min' ? 'recall@5=0.9' : 'miss@20=0.1';
    if (!match || !Number.isFinite(threshold)) throw usage(`${flag} takes MEASURE=VALUE such as ${example} (a decimal number); got '${text}'`);
    const name = match[1]!.trim();
    const canonical = canonicalMeasure(name, usage);
    if (higherIsBetter(canonical) !== (bound === 'min')) {
      const other = bound === 'min' ? '--fail-over' : '--fail-under';
      throw usage(`${flag} ${name}: ${bound === 'min' ? 'lower' : 'higher'} is better for ${name}, so ${flag} would fail the better runs; use ${other} ${name}=${match[2]!.trim()}`);
    }
    return { name, canonical, threshold, bound };
  };
  return [...(values['fail-under'] ?? []).map((text) => read(text, 'min')), ...(values['fail-over'] ?? []).map((text) => read(text, 'max'))];
}

/** The queries of a warning, as its first few and how many more. */
const preview = ({ queries = [], count }: RunWarning): string => queries.join(', ') + (count > queries.length ? `, … (${count - queries.length} more)` : '');
const plural = (count: number, one: string, many: string): string => `${count} ${count === 1 ? one : many}`;

/**
 * A warning of the result as the command says it, the run and the golden set named as `names` says (by
 * their files, or `run "bm25"`); undefined for a warning whose library words name nothing to reword.
 */
function warningLine(warning: RunWarning, names: { readonly run: string; readonly qrels: string }): string | undefined {
  const { code, count, judged } = warning;
  switch (code) {
    case 'unanswered_queries':
      return `${plural(count, 'judged query has', 'judged queries have')} no results in ${names.run} and score 0: ${preview(warning)}`;
    case 'unjudged_queries':
      if (judged !== undefined) {
        const like = (ids: readonly string[]): string => ids.slice(0, 2).map((id) => JSON.stringify(id)).join(', ');
        return `none of the ${plural(count, 'query', 'queries')} of ${names.run} is in ${names.qrels}, so every judged query scores 0: ${names.run} has ids like ${like(warning.queries ?? [])}, ${names.qrels} like ${like(judged)} (do both name the queries alike?)`;
      }
      return `${plural(count, 'query', 'queries')} of ${names.run} ${count === 1 ? 'is' : 'are'} not in ${names.qrels} and left out: ${preview(warning)}`;
    case 'unjudged_documents':
      return unjudgedDocumentsText(warning, names.run, names.qrels);
    case 'ascending_scores':
      return `${risingScores(count)} in ${names.run}: ${preview(warning)} (if a lower score is better, give --score-order ascending; to rank the highest first without this warning, --score-order descending)`;
    default:
      return undefined;
  }
}

/** The lines on stderr about a result's queries and checks; `names` says where the run and the golden set came from. */
export function resultWarnings(result: RunEvaluation, names: { readonly run: string; readonly qrels: string }): string[] {
  return result.warnings.map((warning) => warningLine(warning, names) ?? warning.message);
}

/** The lines on stderr about several runs' results (compare, fuse --optimize), in the order of `names`, each naming its run as `run "bm25"`. */
export function runsWarnings(scored: ReadonlyMap<string, { readonly warnings: readonly RunWarning[] }>, names: readonly string[], qrels: string): string[] {
  const lines: string[] = [];
  eachRunWarning(scored, names, (name, warning) => {
    const run = name === undefined ? undefined : `run ${JSON.stringify(name)}`;
    lines.push(run === undefined ? warning.message : (warningLine(warning, { run, qrels }) ?? `${run}: ${warning.message}`));
  });
  return lines;
}

/** What the means' rendering reads of the arguments: the columns, the format and the rows asked for. */
export interface MeansView {
  readonly measures: readonly string[];
  readonly format: OutputFormat;
  readonly byTag: boolean;
  readonly perQuery: boolean;
}

/**
 * The means as `rankeval eval` prints them (and `rankeval merge`): a table (or markdown, csv) with a row
 * for all queries, per tag and per query on request, or JSON; with -q the JSON carries `mergeable`, so
 * that the output of a shard merges (`rankeval merge`).
 */
export function renderMeans(args: MeansView, result: RunEvaluation, gates: readonly GateResult[]): string {
  if (args.format === 'json') {
    const { mean, queries, perQuery, bySlice, unjudgedQueries, unansweredQueries, noRelevantQueries, conventions, warnings, mergeable } = result;
    const json = {
      mean,
      queries,
      ...(args.perQuery ? { perQuery } : {}),
      ...(args.byTag ? { bySlice } : {}),
      unjudgedQueries,
      unansweredQueries,
      noRelevantQueries,
      conventions,
      warnings,
      ...(args.perQuery ? { mergeable } : {}),
      ...(gates.length > 0 ? { gates } : {}),
    };
    return `${JSON.stringify(json, null, 2)}\n`;
  }
  const columns: Column[] = [
    { name: 'scope', kind: 'text' },
    { name: 'name', kind: 'text' },
    { name: 'queries', kind: 'count' },
    ...args.measures.map((name): Column => ({ name, kind: 'score' })),
  ];
  const scores = (values: Record<string, number>): Cell[] => args.measures.map((name) => values[name]!);
  const rows: Cell[][] = [['all', '', result.queries, ...scores(result.mean)]];
  if (args.byTag) for (const [tag, slice] of Object.entries(result.bySlice)) rows.push(['tag', tag, slice.queries, ...scores(slice.mean)]);
  if (args.perQuery) for (const [qid, values] of Object.entries(result.perQuery)) rows.push(['query', qid, 1, ...scores(values)]);
  let text = renderTable(columns, rows, args.format);
  if (args.format !== 'csv' && gates.length > 0) {
    const lines = gates.map((gate) => `${gate.passed ? 'passed' : 'FAILED'}  ${gateText(gate)}`);
    text += args.format === 'markdown' ? `\n${lines.map((line) => `- ${line}`).join('\n')}\n` : `\ngates:\n${lines.map((line) => `  ${line}`).join('\n')}\n`;
  }
  if (args.format !== 'csv') text += `\nconventions: ${conventionsLine(result.conventions, args.format === 'markdown' ? escapeMarkdown : escapeControls)}\n`;
  return text;
}

