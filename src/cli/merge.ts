// `rankeval merge PART.json …`: the results of shards of one run, each written by `rankeval eval -q
// --format json`, merged into the result of the whole run and printed as `rankeval eval` prints it.
import { Buffer } from 'node:buffer';
import { isRankevalError } from '../core/errors.js';
import { MAX_JSON_BYTES } from '../formats/json.js';
import { parseJson } from '../formats/json-text.js';
import { mergeParts } from '../engine/merge.js';
import { checkGates, type Gate, gateText } from '../text/gates.js';
import { messageText } from '../text/escape.js';
import { oneOf, parseCommandArgs } from './shared/args.js';
import { CliError, GATE_FAILED, INPUT_ERROR, type Io, usageError } from './shared/command.js';
import { openInput, reading, readWhole } from './shared/input.js';
import { type GateArg, readGates, renderMeans, resultWarnings } from './shared/means.js';
import { canonicalMeasure, OUTPUT_FORMATS } from './shared/options.js';
import { cliMessage } from './shared/wording.js';

export const mergeUsage = `Usage: rankeval merge PART.json … [--format F] [-q] [--by-tag] [--fail-under M=V] [--fail-over M=V]

Merges the results of the shards of one run into the result of the whole run, printed as rankeval eval
prints it: the same means, query counts, rows per tag and per query, and unjudged, unanswered and
no-relevant queries. Split the run (and the golden set, or give each shard all of it) by query id,
evaluate each shard with

  rankeval eval GOLDEN SHARD -m … -q --format json [--by-tag] > PART.json

wherever your jobs run, with the same measures and flags, and merge the parts here.

Files:
  PART.json …              the parts, in any order (a query's ranking in one part only), each up to
                           256 MiB

Output:
  --format F               table (default), markdown, json or csv
  --by-tag                 a row per tag (every part written with --by-tag)
  -q, --per-query          a row per query

Gates:
  --fail-under M=V         exit 1 when the mean of M is below V, e.g. --fail-under recall@5=0.9
  --fail-over M=V          exit 1 when the mean of M is above V (lower is better: miss@k, tokens@k)
                           (repeatable; M is one of the parts' measures)

Exit status: 0 done, 1 a gate failed, 2 bad arguments, 3 a file cannot be read or is malformed, or the
parts do not merge (other measures or flags, a query in two shards).
`;

const usage = usageError('merge');

/** How to write a part, for the message about a file that is not one. */
const HOW_TO_WRITE = 'written by `rankeval eval -q --format json` (with --by-tag when tagged)';

export interface MergeArgs {
  readonly parts: readonly string[];
  readonly format: (typeof OUTPUT_FORMATS)[number];
  readonly byTag: boolean;
  readonly perQuery: boolean;
  readonly gates: readonly GateArg[];
}

export function parseMergeArgs(args: readonly string[]): MergeArgs | 'help' {
  const { values, positionals } = parseCommandArgs(
    args,
    {
      format: { type: 'string' },
      'by-tag': { type: 'boolean' },
      'per-query': { type: 'boolean', short: 'q' },
      'fail-under': { type: 'string', multiple: true },
      'fail-over': { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h' },
    },
    usage,
  );
  if (values.help) return 'help';
  if (positionals.length === 0) throw usage('expected one or more parts (PART.json …, each written by rankeval eval -q --format json)');
  return {
    parts: positionals,
    format: oneOf(values.format, OUTPUT_FORMATS, '--format', 'table', usage),
    byTag: values['by-tag'] ?? false,
    perQuery: values['per-query'] ?? false,
    gates: readGates(values, usage),
  };
}

/**
 * A part's JSON, or an input error naming the file (and the line, for JSON that does not parse). A part is
 * held whole: up to MAX_JSON_BYTES, with lines up to MAX_LINE_BYTES, as a golden set's `json` file.
 */
function readPartFile(path: string, byTag: boolean): unknown {
  const input = openInput(path, INPUT_ERROR);
  const bytes = readWhole(input, MAX_JSON_BYTES, 'the most a part may hold (merge smaller shards, or merge parts in steps)');
  const value = reading(input.name, INPUT_ERROR, () => parseJson(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('utf8').replace(/^\uFEFF/, ''), input.name, 1));
  // A part written without --by-tag has no bySlice, and no labels in `mergeable.slices` either.
  if (byTag && typeof value === 'object' && value !== null && !Object.hasOwn(value, 'bySlice')) {
    throw new CliError(`${path} has no tags' means (bySlice): for --by-tag, write every part with \`rankeval eval -q --by-tag --format json\``, INPUT_ERROR);
  }
  return value;
}

/** Runs `rankeval merge`; returns the exit status. */
export async function runMerge(argv: readonly string[], io: Io): Promise<number> {
  const args = parseMergeArgs(argv);
  if (args === 'help') {
    io.stdout.write(mergeUsage);
    return 0;
  }
  const values = args.parts.map((path) => readPartFile(path, args.byTag));
  let result;
  try {
    result = mergeParts(args.parts, values, HOW_TO_WRITE);
  } catch (error) {
    // The parts are the input: what does not merge is in them (the message names the files).
    if (isRankevalError(error)) throw new CliError(cliMessage(error), INPUT_ERROR);
    throw error;
  }
  const measures = Object.keys(result.mean);
  const gates = args.gates.map(({ name, canonical, threshold, bound }): Gate => {
    // A gate names a measure as -m did, maybe spelled otherwise (R@5 for recall@5).
    const measure = measures.find((key) => canonicalMeasure(key, usage) === canonical);
    if (measure === undefined) throw usage(`${bound === 'min' ? '--fail-under' : '--fail-over'} ${name}: the parts have no such measure (they have ${measures.join(', ')})`);
    return bound === 'max' ? { measure, threshold, bound } : { measure, threshold };
  });

  const notes = resultWarnings(result, { run: "the parts' runs", qrels: 'their golden sets' });
  if (args.byTag && Object.keys(result.mergeable.slices).length === 0) notes.push('--by-tag: no query of the parts has a tag');
  for (const note of notes) io.stderr.write(`rankeval merge: warning: ${messageText(note)}\n`);
  const checked = checkGates(result.mean, gates);
  io.stdout.write(renderMeans({ measures, format: args.format, byTag: args.byTag, perQuery: args.perQuery }, result, checked));
  for (const gate of checked) {
    if (!gate.passed) io.stderr.write(`rankeval merge: gate failed: ${messageText(gateText(gate))}\n`);
  }
  return checked.every((gate) => gate.passed) ? 0 : GATE_FAILED;
}
