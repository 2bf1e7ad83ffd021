// The golden-set readers' front doors: the format named or told from the first line, the options read
// once, and each format's reader (golden-trec, golden-csv, golden-json) opened on the file.
import { fail, parseError } from '../core/errors.js';
import { quoteJson } from '../core/quoting.js';
import { isHeader, looseCsvFields } from './columns.js';
import { isJsonRecord } from './json.js';
import { type Chunk, parseWith, type ReadOptions, readWith, type Source } from './source.js';
import type { FileKind } from './reader.js';
import type { GoldenSet, GoldenSetFormat } from './golden-collector.js';
import { delimitedReader, GRADE_OPTION } from './golden-csv.js';
import { jsonGoldenReader, jsonlGoldenReader } from './golden-json.js';
import { trecDiversityReader, trecQrelsReader } from './golden-trec.js';

export type { GoldenSet, GoldenSetFormat } from './golden-collector.js';

const GOLDEN_FORMATS: readonly GoldenSetFormat[] = ['trec', 'beir', 'jsonl', 'json', 'csv', 'trec-diversity'];

function detect(line: string): GoldenSetFormat | undefined {
  const trimmed = line.trim();
  if (trimmed.startsWith('{')) return isJsonRecord(trimmed, 'query_id') ? 'jsonl' : 'json';
  if (line.includes('\t') && isHeader(line.split('\t'))) return 'beir';
  if (line.includes(',') && isHeader(looseCsvFields(line))) return 'csv';
  if (trimmed.split(/\s+/).length === 4) return 'trec';
  return undefined;
}

/** How to read a golden set: where it comes from and its format, and which CSV or BEIR column holds the grades. */
export interface GoldenSetReadOptions extends ReadOptions<GoldenSetFormat> {
  /**
   * The header's name of the grade column of a CSV or BEIR golden set (case and blanks around it aside),
   * for a header with more than one column a grade could be in (`score` and `label`), which is otherwise
   * refused. Any column may be named. Only for those formats: another format with it is an error.
   */
  readonly gradeColumn?: string;
}

/** `gradeColumn`, checked: the name of a column, when given. */
function resolveGradeColumn(own: Readonly<Record<string, unknown>>, fn: string): string | undefined {
  const { gradeColumn } = own;
  if (gradeColumn !== undefined && (typeof gradeColumn !== 'string' || gradeColumn.trim() === '')) {
    fail('invalid_option', fn, { kind: 'option', option: 'gradeColumn' }, 'the name of a column of the header (a non-blank string)', gradeColumn);
  }
  return gradeColumn as string | undefined;
}

const goldenSetKind: FileKind<GoldenSetFormat, GoldenSet, string | undefined> = {
  what: 'golden set',
  formats: GOLDEN_FORMATS,
  options: { keys: ['gradeColumn'], resolve: resolveGradeColumn },
  detect,
  open(format, file, gradeColumn) {
    if (format === 'csv' || format === 'beir') return delimitedReader(file, format, gradeColumn);
    // A grade column named for a file without columns would go unread: a slip of the files or the flags.
    if (gradeColumn !== undefined) throw parseError(file, 1, `a grade column is named (${quoteJson(gradeColumn)}, ${GRADE_OPTION}), but the golden set is ${format}, which has no header; only CSV and BEIR files have one`);
    if (format === 'trec') return trecQrelsReader(file);
    if (format === 'trec-diversity') return trecDiversityReader(file);
    if (format === 'jsonl') return jsonlGoldenReader(file);
    return jsonGoldenReader(file);
  },
};

/**
 * Reads a golden set from its whole content. The format is told from the first line of content unless
 * `format` names it. Errors name the file and line. The content is UTF-8; a line (or CSV record) may hold
 * up to 64 MiB, a `json` file up to 256 MiB.
 *
 * @throws {RankevalError} `parse_error` (`file:line: …`) for malformed content, invalid UTF-8, a document
 *   judged twice (for one query, or for one aspect of a query), a key written twice in one JSON object, or
 *   a line past the limit, a header with two columns for one role (two a grade could be in: name one with
 *   `gradeColumn`) or a column twice; `invalid_option` for an unknown format, an unknown option key or an
 *   option of the wrong type
 * @example
 * const golden = parseGoldenSet('{"query_id": "q1", "relevant": {"d1": 2}, "tags": ["ru"]}\n');
 * evaluateRun(run, golden.qrels, { measures: ['ndcg@10'], slices: golden.tags });
 */
export function parseGoldenSet(content: Chunk, options?: GoldenSetReadOptions): GoldenSet {
  return parseWith(goldenSetKind, content, options, 'parseGoldenSet');
}

/**
 * Reads a golden set from a stream of chunks (a Node `fs.createReadStream(path)`, a web `ReadableStream`,
 * any iterable of strings or bytes), as `parseGoldenSet` does.
 */
export async function readGoldenSet(source: Source, options?: GoldenSetReadOptions): Promise<GoldenSet> {
  return readWith(goldenSetKind, source, options, 'readGoldenSet');
}
