// One ranking explained as people read it: its top as a table, the relevant documents it missed, and the
// window a token budget held.
import type { BudgetExplanation, BudgetWindow, Explanation } from '../analysis/explain.js';
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

/** How a budget view names the relevant documents it leaves out: beyond the budget, or beyond the rows shown. */
export function budgetWording({ top, window }: BudgetExplanation): MissedWording {
  return { label: top.length < window.held ? `relevant beyond the top ${top.length} shown` : `missed relevant within ${window.budget} tokens`, grades: true };
}

/** 1st, 2nd, 3rd, 4th, …, 11th, 12th, 13th, 21st. */
const ordinal = (n: number): string => {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
};

/**
 * Where a budget cut the ranking, in a sentence: `the budget of 200 tokens held the first 3 documents (187
 * tokens); the 4th (d7, 40 tokens) would pass it (227)`. Ids as they are, for the caller to escape.
 */
export function budgetSentence({ budget, held, tokens, next, beyondSystemK }: BudgetWindow): string {
  const of = `the budget of ${budget} tokens`;
  const documents = (n: number): string => `${n} document${n === 1 ? '' : 's'}`;
  if (next !== null) {
    const passing = `the ${ordinal(next.rank)} (${next.id}, ${next.tokens} tokens) would pass it`;
    return held === 0 ? `${of} held no document; ${passing}` : `${of} held the first ${held === 1 ? 'document' : documents(held)} (${tokens} tokens); ${passing} (${next.total})`;
  }
  if (beyondSystemK > 0) return `${of} was not filled: the system passes on its k = ${documents(held)} (${tokens} tokens), not the ${beyondSystemK} below`;
  return held === 0 ? `${of} held no document: the ranking is empty` : `${of} was not filled: it held all ${documents(held)} retrieved (${tokens} tokens)`;
}

/** A budget window as a table: rank, grade, ✓, id, the document's tokens and the running total. */
export function budgetTable({ top }: BudgetExplanation, format: TableFormat): string {
  const columns: Column[] = [
    { name: 'rank', kind: 'count' },
    { name: 'grade', kind: 'count' },
    { name: format === 'table' ? '' : 'relevant', kind: 'text' },
    { name: 'id', kind: 'text' },
    { name: 'tokens', kind: 'count' },
    { name: 'total', kind: 'count' },
  ];
  return renderTable(columns, top.map((document): Cell[] => [document.rank, document.grade ?? '-', document.relevant ? '✓' : '', document.id, document.tokens, document.total]), format);
}

/** A budget view as indented text: the sentence of the cut, the window's table, the relevant documents left out. */
export function budgetText(explanation: BudgetExplanation, indent = ''): string {
  const table = explanation.top.length === 0 ? [] : budgetTable(explanation, 'table').trimEnd().split('\n');
  const lines = [escapeControls(budgetSentence(explanation.window)), ...table, escapeControls(missedText(explanation, budgetWording(explanation)))];
  return lines.map((line) => indent + line).join('\n');
}
