// Documents' lengths in tokens, one document a line (`id<TAB>tokens`): the `lengths` option of evaluateRun.
import { parseError } from '../core/errors.js';
import { quoteJson } from '../core/quoting.js';
import { decimalNumber } from './columns.js';
import { isTokenLength, MAX_TOKENS, TOKEN_LENGTH } from '../core/token-length.js';
import { lineReader, type FileKind } from './reader.js';
import { parseWith, readWith, type Chunk, type ReadOptions, type Source } from './source.js';

/**
 * Document lengths in tokens, for token budgets (`recall@budget=2000`) and `tokens@k`: one document a line,
 * `id<TAB>tokens`, where tokens is a decimal number from 0 to 2^53 − 1 (a tokenizer's count, or an estimate
 * such as characters / 4). The first line may be a header, `doc_id<TAB>tokens`: it is one when its second
 * field names the column (`tokens`, `length`, `n_tokens`, …); any other first line is a length, checked as
 * every line is. Blank lines are skipped. An id given twice is an error, even with the same length: one of
 * the two lines is then from another file.
 */
export type LengthsFormat = 'tsv';

/** The names of the second column that make a first line a header. */
export const LENGTH_COLUMNS = ['tokens', 'length', 'len', 'n_tokens', 'num_tokens', 'ntokens', 'token_count', 'tokens_count', 'length_tokens'];

const lengthsKind: FileKind<LengthsFormat, Map<string, number>> = {
  what: 'lengths',
  formats: ['tsv'],
  detect: () => 'tsv',
  open(_format, file) {
    const lengths = new Map<string, number>();
    const lines = new Map<string, number>();
    return lineReader(
      file,
      (text, line) => {
        if (text.trim() === '') return;
        const tab = text.indexOf('\t');
        if (tab === -1) throw parseError(file, line, `expected \`id<TAB>tokens\`, got ${quoteJson(text)} (no tab)`, 'id<TAB>tokens');
        const id = text.slice(0, tab);
        if (id === '') throw parseError(file, line, `expected a document id before the tab, got ${quoteJson(text)}`, 'id<TAB>tokens');
        // A third field would make its line a header, or a length, by accident: two fields, always.
        const field = text.slice(tab + 1).trim();
        if (text.indexOf('\t', tab + 1) !== -1) throw parseError(file, line, `expected two fields, \`id<TAB>tokens\`, got ${quoteJson(text)}`, 'id<TAB>tokens');
        // A header says so by its column's name; a first line of another word is a length, and refused as one.
        if (line === 1 && LENGTH_COLUMNS.includes(field.toLowerCase())) return;
        const tokens = decimalNumber(field);
        if (!isTokenLength(tokens)) {
          const header = line === 1 && Number.isNaN(tokens) ? ` (a header names the column: ${LENGTH_COLUMNS.slice(0, 3).join(', ')}, …)` : '';
          const why = tokens > MAX_TOKENS ? ' (no text is that long, and sums of such lengths overflow)' : '';
          throw parseError(file, line, `expected the length of document ${quoteJson(id)} in tokens (a number from 0 to ${MAX_TOKENS}), got ${quoteJson(field)}${why}${header}`, TOKEN_LENGTH);
        }
        const first = lines.get(id);
        if (first !== undefined) throw parseError(file, line, `document ${quoteJson(id)} has a length on lines ${first} and ${line}`, 'one length per document');
        lengths.set(id, tokens);
        lines.set(id, line);
      },
      () => lengths,
    );
  },
};

/**
 * Reads a lengths file's content (see `LengthsFormat`) into document id → tokens, the `lengths` option of
 * evaluateRun.
 *
 * @throws {RankevalError} `parse_error` naming the file and line of a bad line or a repeated id
 * @example
 * parseLengths('c1\t120\nc4\t80\n'); // => Map { 'c1' => 120, 'c4' => 80 }
 */
export function parseLengths(content: Chunk, options?: ReadOptions<LengthsFormat>): Map<string, number> {
  return parseWith(lengthsKind, content, options, 'parseLengths');
}

/** `parseLengths` for a file read in chunks (a Node stream, a web stream, any iterable of strings or bytes). */
export function readLengths(source: Source, options?: ReadOptions<LengthsFormat>): Promise<Map<string, number>> {
  return readWith(lengthsKind, source, options, 'readLengths');
}
