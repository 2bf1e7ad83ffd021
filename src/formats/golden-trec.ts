// Golden sets in TREC's forms: ad hoc qrels (read by trec_eval's byte reader, as `rankeval trec` reads them)
// and diversity qrels (as ndeval reads them), both with a grade that must be a whole decimal number.
import { parseError } from '../core/errors.js';
import { quoteJson } from '../core/quoting.js';
import { latin1 } from '../core/latin1.js';
import { parseQrels } from './trec-qrels.js';
import { concatBytes, createLineLimit, lineTooLong } from './lines.js';
import { decodeUtf8, utf8FromLatin1 } from './utf8.js';
import { type FormatReader, lineReader } from './reader.js';
import { createCollector, type GoldenSet } from './golden-collector.js';

export function trecQrelsReader(file: string): FormatReader<GoldenSet> {
  return wholeFileReader(file, (bytes) => {
    const parsed = parseQrels(bytes, file);
    const collector = createCollector(file, 'trec');
    for (const query of parsed.queries.values()) {
      const qid = utf8FromLatin1(query.qid, file, query.line[0]!, 'the query id');
      for (let j = 0; j < query.grade.length; j++) {
        const line = query.line[j]!;
        const id = decodeUtf8(bytes.subarray(query.docStart[j]!, query.docEnd[j]!), file, line, 'the document id');
        checkWholeGrade(bytes, query.docEnd[j]!, query.grade[j]!, file, line);
        collector.judge(qid, id, query.grade[j]!, line);
      }
    }
    return collector.result();
  });
}

/**
 * A reader that holds the whole file and reads its bytes at the end, by trec_eval's byte readers (qrels are
 * read whole: they are small next to runs); a line past the limit is refused as it arrives.
 */
export function wholeFileReader<T>(file: string, read: (bytes: Uint8Array) => T): FormatReader<T> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  const lineLimit = createLineLimit((line) => lineTooLong(file, line));
  return {
    push(chunk) {
      lineLimit(chunk);
      chunks.push(chunk.slice()); // a copy: the caller may reuse its buffer for the next chunk
      length += chunk.length;
    },
    end: () => read(concatBytes(chunks, length)),
  };
}

/**
 * Refuses a qrels grade that is not a whole decimal number, which trec_eval's atol would read as some
 * other number without a word (`1.5` as 1, `0x10` and `high` as 0). The grade is the field after `docEnd`.
 */
export function checkWholeGrade(bytes: Uint8Array, docEnd: number, grade: number, file: string, line: number): void {
  const isSpace = (byte: number | undefined): boolean => byte === 32 || (byte !== undefined && byte >= 9 && byte <= 13);
  let start = docEnd;
  while (isSpace(bytes[start])) start++;
  let end = start;
  while (end < bytes.length && !isSpace(bytes[end])) end++;
  const text = latin1(bytes, start, end);
  if (!/^[+-]?\d+$/.test(text)) {
    throw parseError(file, line, `the grade ${quoteJson(text)} is not a whole decimal number (trec_eval would read it as ${grade})`, 'a well-formed TREC file');
  }
  // A grade past 2^53 − 1 is not the number written (a double rounds it, atol saturates): refused as such.
  if (!Number.isSafeInteger(Number(text))) {
    throw parseError(file, line, `the grade ${text} is beyond ±(2^53 − 1), the whole numbers a grade may be (it would read as ${grade})`, 'a well-formed TREC file');
  }
}

// The blanks that separate TREC fields (C's isspace), not the Unicode ones an id may hold.
const TREC_BLANKS = /[ \t\n\v\f\r]+/;

/**
 * TREC diversity qrels, `qid subtopic docno grade` a line, read as ndeval reads them but with the checks of
 * the `trec` reader: exactly four fields, a whole decimal grade, and no document judged twice for one
 * subtopic of a query.
 */
export function trecDiversityReader(file: string): FormatReader<GoldenSet> {
  const collector = createCollector(file, 'trec-diversity');
  let judgments = 0;
  return lineReader(
    file,
    (text, line) => {
      const fields = text.split(TREC_BLANKS).filter((field) => field !== '');
      if (fields.length !== 4) throw parseError(file, line, `expected 4 fields (qid subtopic docno grade), got ${fields.length}`, 'a well-formed TREC file');
      const [qid, subtopic, id, grade] = fields as [string, string, string, string];
      if (!/^[+-]?\d+$/.test(grade)) throw parseError(file, line, `the grade ${quoteJson(grade)} is not a whole decimal number`, 'a well-formed TREC file');
      if (!Number.isSafeInteger(Number(grade))) throw parseError(file, line, `the grade ${grade} is beyond ±(2^53 − 1), the whole numbers a grade may be`, 'a well-formed TREC file');
      collector.judgeAspect(qid, subtopic, id, Number(grade), line);
      judgments++;
    },
    () => {
      if (judgments === 0) throw parseError(file, 1, 'the qrels file is empty', 'a well-formed TREC file');
      return collector.result();
    },
  );
}
