import { describe, expect, it } from 'vitest';
import type { Judgment } from '../../src/formats/judgments.js';
import { createJudgingSession, type JudgingSession } from '../../src/judging/judging-session.js';

const pool = { q1: ['d1', 'd2', 'd3'], q2: ['d4', 'd1'] };
const queries = new Map([
  ['q1', 'how to prime a pump'],
  ['q2', 'warranty length'],
]);
const corpus = new Map([
  ['d1', { text: 'Prime the pump.', title: 'Pumps' }],
  ['d2', { text: 'Pumps need water.' }],
  ['d3', { text: 'Unrelated.' }],
  ['d4', { text: 'Two years.' }],
]);
const scale = ['no', 'partly', 'yes'];
const line = (query_id: string, doc_id: string, grade: number, judge = 'ann'): Judgment => ({ query_id, doc_id, grade, judge, at: '2026-12-05T02:00:00Z' });

function session(judgments: Judgment[] = []): JudgingSession {
  return createJudgingSession({ pool, queries, corpus, judge: 'ann', scale, judgments });
}

/** The pair shown, as `query doc`, or `end`. */
const shown = (s: JudgingSession): string => {
  const pair = s.view().pair;
  return pair === undefined ? 'end' : `${pair.queryId} ${pair.docId}`;
};

/** Grades the pair shown, as the server does once the store holds the line. */
function grade(s: JudgingSession, value: number): void {
  const { index, queryId, docId } = s.view().pair!;
  s.graded(index, line(queryId, docId, value));
}

describe('createJudgingSession', () => {
  it('shows the pool in judging order with the texts and the progress of the query and overall', () => {
    const s = session();
    expect(s.view()).toEqual({
      judge: 'ann',
      scale,
      total: 5,
      judged: 0,
      queries: 2,
      pair: { index: 0, queryId: 'q1', query: 'how to prime a pump', docId: 'd1', title: 'Pumps', text: 'Prime the pump.', queryNumber: 1, queryJudged: 0, queryTotal: 3 },
      canUndo: false,
    });
    grade(s, 2);
    grade(s, 0);
    grade(s, 1);
    expect(s.view().pair).toEqual({ index: 3, queryId: 'q2', query: 'warranty length', docId: 'd4', text: 'Two years.', queryNumber: 2, queryJudged: 0, queryTotal: 2 });
    expect(s.view()).toMatchObject({ judged: 3, canUndo: true });
    grade(s, 1);
    grade(s, 2);
    expect(s.view()).toMatchObject({ judged: 5, total: 5 });
    expect(shown(s)).toBe('end');
  });

  it('resumes after the pair of the judge’s last line, wrapping round to a pair skipped before', () => {
    // ann graded d1 then d3 (d2 skipped); bob's lines are his.
    const s = session([line('q1', 'd1', 1), line('q1', 'd2', 0, 'bob'), line('q1', 'd3', 2)]);
    expect(shown(s)).toBe('q2 d4');
    expect(s.view().judged).toBe(2);
    grade(s, 0);
    grade(s, 0);
    expect(shown(s)).toBe('q1 d2');
  });

  it('starts at the end screen when every pair is judged, and ignores pairs outside the pool', () => {
    const all = Object.entries(pool).flatMap(([q, docs]) => docs.map((d) => line(q, d, 1)));
    const s = session([...all, line('q9', 'd9', 3)]);
    expect(shown(s)).toBe('end');
    expect(s.view()).toMatchObject({ judged: 5, canUndo: true });
  });

  it('skips to the next unjudged pair and leaves the skipped one unjudged', () => {
    const s = session([line('q1', 'd2', 1)]);
    expect(shown(s)).toBe('q1 d3');
    s.skip(2);
    expect(shown(s)).toBe('q2 d4');
    s.skip(3);
    s.skip(4);
    // Round again: d1 was never judged, d2 is.
    expect(shown(s)).toBe('q1 d1');
    expect(s.view().judged).toBe(1);
  });

  it('ends on skip when no other pair is unjudged', () => {
    const s = session([line('q1', 'd1', 1), line('q1', 'd2', 1), line('q1', 'd3', 1), line('q2', 'd4', 1)]);
    expect(shown(s)).toBe('q2 d1');
    s.skip(4);
    expect(shown(s)).toBe('end');
    expect(s.view().judged).toBe(4);
  });

  it('moves by the arrows to any pair, judged or not, with its grade, and to the end screen past the last', () => {
    const s = session([line('q1', 'd1', 2), line('q1', 'd1', 1)]);
    s.move(0);
    expect(s.view().pair).toMatchObject({ docId: 'd1', grade: 1, queryJudged: 1 });
    s.move(5);
    expect(shown(s)).toBe('end');
    s.move(99);
    expect(shown(s)).toBe('end');
    s.move(-1);
    expect(shown(s)).toBe('q1 d1');
  });

  it('undoes back through the grades, latest first, to regrade each; a regrade becomes the latest', () => {
    const s = session([line('q1', 'd1', 2)]);
    grade(s, 1); // d2
    grade(s, 0); // d3
    s.undo();
    expect(s.view().pair).toMatchObject({ docId: 'd3', grade: 0 });
    s.undo();
    expect(s.view().pair).toMatchObject({ docId: 'd2', grade: 1 });
    grade(s, 2); // d2 regraded: the next unjudged is d4
    expect(shown(s)).toBe('q2 d4');
    s.undo();
    expect(s.view().pair).toMatchObject({ docId: 'd2', grade: 2 });
    s.undo();
    // d1's grade from an earlier session.
    expect(s.view().pair).toMatchObject({ docId: 'd1', grade: 2 });
    expect(s.view().canUndo).toBe(false);
    s.undo();
    expect(shown(s)).toBe('q1 d1');
    expect(s.view().judged).toBe(3);
  });

  it('goes on open (a page loaded) where a restart goes: after the judge’s last line, whatever the arrows, undo and skips did', () => {
    const lines: Judgment[] = [];
    const s = session();
    const gradeAndKeep = (value: number): void => {
      const { index, queryId, docId } = s.view().pair!;
      lines.push(line(queryId, docId, value));
      s.graded(index, lines.at(-1)!);
    };
    gradeAndKeep(2); // d1
    gradeAndKeep(0); // d2
    s.move(0);
    expect(s.view().pair).toMatchObject({ docId: 'd1', grade: 2 });
    s.open();
    expect(shown(s)).toBe('q1 d3');
    s.undo(); // back to d2, graded last
    expect(shown(s)).toBe('q1 d2');
    s.skip(1);
    s.skip(2);
    expect(shown(s)).toBe('q2 d4');
    s.open();
    expect(shown(s)).toBe(shown(session(lines)));
    expect(shown(s)).toBe('q1 d3');
  });

  it('checks the grades the page sends', () => {
    const s = session();
    expect([0, 2].map((g) => s.onScale(g))).toEqual([true, true]);
    for (const bad of [3, -1, 0.5, '1', undefined]) expect(s.onScale(bad)).toBe(false);
  });

  it('shows the end screen for an empty pool', () => {
    const s = createJudgingSession({ pool: {}, queries, corpus, judge: 'ann', scale, judgments: [] });
    expect(s.view()).toEqual({ judge: 'ann', scale, total: 0, judged: 0, queries: 0, canUndo: false });
  });
});
