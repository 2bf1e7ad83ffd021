import type { Explanation } from '../explain.js';
import { escapeControls } from './escape.js';
import { type Cell, type Column, renderTable, type TableFormat } from './table.js';

/** The top of a ranking as a table: rank, grade (`-` for unjudged), a ✓ on relevant documents, id. */
export function explanationTable(explanation: Explanation, format: TableFormat, grades = true): string {
  if (explanation.top.length === 0) return '(the ranking is empty)\n';
  const columns: Column[] = [
    { name: 'rank', kind: 'count' },
    { name: 'grade', kind: 'count' },
    { name: format === 'table' ? '' : 'relevant', kind: 'text' },
    { name: 'id', kind: 'text' },
  ];
  const rows = explanation.top.map((document): Cell[] => [document.rank, document.grade ?? '-', document.relevant ? '✓' : '', document.id]);
  return grades ? renderTable(columns, rows, format) : renderTable(columns.filter((_, i) => i !== 1), rows.map((row) => row.filter((_, i) => i !== 1)), format);
}

/** How missed documents are named: relevant ones with their grades, or (for a list of wanted ids) without. */
export interface MissedWording {
  readonly label: string;
  readonly grades: boolean;
}

const RELEVANT: MissedWording = { label: 'missed relevant', grades: true };

/** An explanation as indented text: the top of the ranking, then where the missed relevant documents are. */
export function explanationText(explanation: Explanation, indent = '', wording = RELEVANT): string {
  const lines = [...explanationTable(explanation, 'table', wording.grades).trimEnd().split('\n'), escapeControls(missedText(explanation, wording))];
  return lines.map((line) => indent + line).join('\n');
}

/** `missed relevant (1 of 3): F (grade 1, not retrieved)`, or that none was missed; ids as they are, for the caller to escape. */
export function missedText({ missed, relevant }: Explanation, { label, grades } = RELEVANT): string {
  if (relevant === 0) return 'the qrels hold no relevant document for this query';
  if (missed.length === 0) return `${label}: none (all ${relevant} shown)`;
  const where = (rank: number | null): string => (rank === null ? 'not retrieved' : `at rank ${rank}`);
  const shown = missed.slice(0, 20).map(({ id, grade, rank }) => `${id} (${grades ? `grade ${grade}, ` : ''}${where(rank)})`);
  if (missed.length > 20) shown.push(`and ${missed.length - 20} more`);
  return `${label} (${missed.length} of ${relevant}): ${shown.join(', ')}`;
}
