// Several judges' qrels in trec_eval's qrels_jg form (`qid judge docno grade` a line), read into one set
// of qrels per judge: what evaluateRunByJudge scores a run against.
import { compareUtf8 } from '../core/ordering.js';
import { parseQrelsJg } from './trec-qrels-jg.js';
import { checkWholeGrade, wholeFileReader } from './golden-trec.js';
import { parseWith, readWith, type Chunk, type ReadOptions, type Source } from './source.js';
import type { FileKind } from './reader.js';
import { decodeUtf8, utf8FromLatin1 } from './utf8.js';

/** Judge → query id → document id → grade: each judge's qrels, as `evaluateRunByJudge` takes them. */
export type QrelsByJudge = Map<string, Map<string, Map<string, number>>>;

/**
 * trec_eval's several-judges qrels (`-R qrels_jg`): `qid judge docno grade` lines, four fields separated by
 * blanks, the second naming the judge (trec_eval's judgment group: one judge, or judges who judged
 * together); the grade a whole decimal number.
 */
export type QrelsByJudgeFormat = 'trec';

const qrelsByJudgeKind: FileKind<QrelsByJudgeFormat, QrelsByJudge> = {
  what: "several judges' qrels",
  formats: ['trec'],
  detect: () => 'trec',
  open: (_format, file) =>
    wholeFileReader(file, (bytes) => {
      const parsed = parseQrelsJg(bytes, file);
      const byJudge: QrelsByJudge = new Map();
      for (const [qid, groups] of parsed.judges) {
        for (const { judge, judged } of groups) {
          const first = judged.line[0]!;
          const name = utf8FromLatin1(judge, file, first, 'the judge');
          let qrels = byJudge.get(name);
          if (qrels === undefined) byJudge.set(name, (qrels = new Map()));
          const grades = new Map<string, number>();
          qrels.set(utf8FromLatin1(qid, file, first, 'the query id'), grades);
          for (let j = 0; j < judged.grade.length; j++) {
            const line = judged.line[j]!;
            checkWholeGrade(bytes, judged.docEnd[j]!, judged.grade[j]!, file, line);
            grades.set(decodeUtf8(bytes.subarray(judged.docStart[j]!, judged.docEnd[j]!), file, line, 'the document id'), judged.grade[j]!);
          }
        }
      }
      const byName = ([a]: [string, unknown], [b]: [string, unknown]): number => compareUtf8(a, b);
      return new Map([...byJudge].sort(byName).map(([judge, qrels]) => [judge, new Map([...qrels].sort(byName))]));
    }),
};

/**
 * Reads several judges' qrels (`qid judge docno grade` lines, trec_eval's qrels_jg) from their whole
 * content into judge → query id → document id → grade. A document one judge grades twice for a query is
 * an error; several judges grading it is the point. Judges are listed in byte order of their names,
 * each judge's queries in byte order too.
 *
 * @throws {RankevalError} `parse_error` (`file:line: …`) for a line without exactly four fields, a grade
 *   that is not a whole decimal number, invalid UTF-8, a document judged twice by one judge for a query,
 *   or empty content
 * @example
 * parseQrelsByJudge('q1 alice d1 2\nq1 bob d1 0\n');
 * // => Map { 'alice' => Map { 'q1' => Map { 'd1' => 2 } }, 'bob' => Map { 'q1' => Map { 'd1' => 0 } } }
 */
export function parseQrelsByJudge(content: Chunk, options?: ReadOptions<QrelsByJudgeFormat>): QrelsByJudge {
  return parseWith(qrelsByJudgeKind, content, options, 'parseQrelsByJudge');
}

/** `parseQrelsByJudge` for a file read in chunks (a Node stream, a web stream, any iterable of strings or bytes). */
export function readQrelsByJudge(source: Source, options?: ReadOptions<QrelsByJudgeFormat>): Promise<QrelsByJudge> {
  return readWith(qrelsByJudgeKind, source, options, 'readQrelsByJudge');
}
