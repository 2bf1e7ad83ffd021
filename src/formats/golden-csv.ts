// Golden sets in CSV and BEIR form: a header row naming the columns, then one judgment a row.
import { parseError } from '../core/errors.js';
import { DOCUMENT_COLUMNS, mapColumns, numberField, QUERY_COLUMNS, requiredField } from './columns.js';
import { createRecordReader } from './records.js';
import { type FormatReader, lineReader } from './reader.js';
import { createCollector, type GoldenSet } from './golden-collector.js';

const GRADE_COLUMNS = ['relevance', 'grade', 'score', 'rel', 'label', 'judgment'];
const TAG_COLUMNS = ['tags', 'tag'];
const QUESTION_COLUMNS = ['query_text', 'question', 'text', 'query'];

/** How a message names the option that picks the grade column. */
export const GRADE_OPTION = 'the `gradeColumn` option (--grade-column NAME on the command line)';

export function delimitedReader(file: string, format: 'csv' | 'beir', gradeColumn: string | undefined): FormatReader<GoldenSet> {
  const collector = createCollector(file, format);
  let columns: Record<'query' | 'document' | 'grade' | 'tags' | 'question', number> | undefined;
  const records = createRecordReader(file, format === 'csv' ? ',' : '\t', format === 'csv', (fields, line) => {
    if (columns === undefined) {
      const wanted = { query: QUERY_COLUMNS, document: DOCUMENT_COLUMNS, grade: GRADE_COLUMNS, tags: TAG_COLUMNS, question: QUESTION_COLUMNS };
      const required = format === 'beir' ? (['query', 'document', 'grade'] as const) : (['query', 'document'] as const);
      columns = mapColumns(fields, wanted, required, file, line, { role: 'grade', name: gradeColumn, option: GRADE_OPTION });
      return;
    }
    const qid = requiredField(fields, columns.query, 'query id', file, line);
    const id = requiredField(fields, columns.document, 'document id', file, line);
    const grade = columns.grade === -1 ? 1 : numberField(requiredField(fields, columns.grade, 'grade', file, line), 'grade', file, line);
    collector.judge(qid, id, grade, line);
    if (columns.tags !== -1) collector.tag(qid, splitTags(fields[columns.tags] ?? ''));
    if (columns.question !== -1) collector.question(qid, fields[columns.question] ?? '');
  });
  return lineReader(file, records.line, () => {
    records.end();
    if (columns === undefined) throw parseError(file, 1, 'the file holds no header');
    return collector.result();
  });
}

const splitTags = (text: string): string[] => text.split(/[;|]/).map((tag) => tag.trim()).filter((tag) => tag !== '');
