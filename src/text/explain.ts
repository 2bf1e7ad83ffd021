import type { Explanation } from '../explain.js';
import { renderTable, type TableFormat } from './table.js';

/** The top of a ranking as a table: rank, grade (`-` for unjudged), a ✓ on relevant documents, id. */
export function explanationTable(explanation: Explanation, format: TableFormat): string {
  if (explanation.top.length === 0) return '(the ranking is empty)\n';
  return renderTable(
    [
      { name: 'rank', kind: 'count' },
      { name: 'grade', kind: 'count' },
      { name: format === 'table' ? '' : 'relevant', kind: 'text' },
      { name: 'id', kind: 'text' },
    ],
    explanation.top.map((document) => [document.rank, document.grade ?? '-', document.relevant ? '✓' : '', document.id]),
    format,
  );
}

/** An explanation as indented text: the top of the ranking, then where the missed relevant documents are. */
export function explanationText(explanation: Explanation, indent = ''): string {
  const lines = [...explanationTable(explanation, 'table').trimEnd().split('\n'), missedText(explanation)];
  return lines.map((line) => indent + line).join('\n');
}

/** `missed relevant (1 of 3): F (grade 1, not retrieved)`, or that none was missed. */
export function missedText({ missed, relevant }: Explanation): string {
  if (relevant === 0) return 'the qrels hold no relevant document for this query';
  if (missed.length === 0) return `missed relevant: none (all ${relevant} shown)`;
  const shown = missed.slice(0, 20).map(({ id, grade, rank }) => `${id} (grade ${grade}, ${rank === null ? 'not retrieved' : `at rank ${rank}`})`);
  if (missed.length > 20) shown.push(`and ${missed.length - 20} more`);
  return `missed relevant (${missed.length} of ${relevant}): ${shown.join(', ')}`;
}
