import { describe, expect, it } from 'vitest';
import type { NuggetJudgment } from '../../src/formats/nugget-judgments.js';
import type { NuggetSupport } from '../../src/formats/nuggets.js';
import type { RagAnswer } from '../../src/formats/rag-answers.js';
import { createNuggetSession, type NuggetSession } from '../../src/judging/nugget-session.js';

const bank = {
  t1: { query: 'why is the sky blue', nuggets: [{ text: 'Rayleigh scattering', importance: 'vital' as const }, { text: 'shorter wavelengths scatter more', importance: 'okay' as const }] },
  t2: { nuggets: [{ text: 'two years', importance: 'vital' as const }] },
  t3: { query: 'no nuggets', nuggets: [] },
};
const answer = (runId: string, queryId: string, line: number): RagAnswer => ({
  runId,
  queryId,
  text: 'Light scatters. Blue the most.',
  sentences: [
    { text: 'Light scatters.', citations: [0] },
    { text: 'Blue the most.', citations: [] },
  ],
  references: ['d7'],
  line,
});
// Items in order: a/t1 #0, a/t1 #1, a/t3 (none), b/t1 #0, b/t1 #1, a/t2 #0.
const answers = [answer('a', 't1', 1), answer('a', 't3', 2), answer('b', 't1', 3), answer('a', 't2', 4)];
const line = (run_id: string, topic_id: string, nugget: string, assignment: NuggetSupport, judge = 'ann'): NuggetJudgment => ({
  topic_id,
  run_id,
  nugget,
  importance: 'vital',
  assignment,
  judge,
  at: '2026-12-07T23:30:00.000Z',
});

function session(assignments: NuggetJudgment[] = [], grades: 2 | 3 = 3): NuggetSession {
  return createNuggetSession({ bank, answers, judge: 'ann', grades, assignments });
}

/** The nugget shown, as `run topic place`, or `end`. */
const shown = (s: NuggetSession): string => {
  const nugget = s.view().nugget;
  return nugget === undefined ? 'end' : `${nugget.runId} ${nugget.topicId} ${nugget.nugget}`;
};

/** Assigns the nugget shown, as the server does once the store holds the line. */
function assign(s: NuggetSession, assignment: NuggetSupport): void {
  const { index, runId, topicId, text } = s.view().nugget!;
  s.assigned(index, line(runId, topicId, text, assignment));
}

describe('createNuggetSession', () => {
  it('shows each answer with its topic’s nuggets in the bank’s order, and the progress of the answer and overall', () => {
    const s = session();
    expect(s.view()).toEqual({
      judge: 'ann',
      labels: ['support', 'partial_support', 'not_support'],
      total: 5,
      judged: 0,
      answers: 4,
      nugget: {
        index: 0,
        topicId: 't1',
        runId: 'a',
        query: 'why is the sky blue',
        sentences: answers[0]!.sentences,
        references: ['d7'],
        nugget: 0,
        text: 'Rayleigh scattering',
        importance: 'vital',
        answerNumber: 1,
        answerAssigned: 0,
        answerTotal: 2,
      },
      canUndo: false,
    });
    assign(s, 'support');
    expect(s.view().nugget).toMatchObject({ index: 1, nugget: 1, text: 'shorter wavelengths scatter more', importance: 'okay', answerAssigned: 1 });
    assign(s, 'partial_support');
    // t3 has no nugget: its answer has nothing to assign, and b's answer to t1 comes next.
    expect(s.view().nugget).toMatchObject({ index: 2, runId: 'b', topicId: 't1', nugget: 0, answerNumber: 3, answerAssigned: 0, answerTotal: 2 });
    assign(s, 'not_support');
    assign(s, 'support');
    // t2 has no question in the bank.
    expect(s.view().nugget).not.toHaveProperty('query');
    expect(s.view().nugget).toMatchObject({ topicId: 't2', answerNumber: 4, answerTotal: 1 });
    assign(s, 'support');
    expect(s.view()).toMatchObject({ judged: 5, total: 5, canUndo: true });
    expect(shown(s)).toBe('end');
  });

  it('counts this judge’s lines of the items only, the last of an item, and resumes after the last line', () => {
    const s = session([
      line('a', 't1', 'Rayleigh scattering', 'support'),
      line('a', 't1', 'shorter wavelengths scatter more', 'support', 'gpt-4o-mini'),
      line('b', 't1', 'Rayleigh scattering', 'not_support'),
      line('b', 't1', 'Rayleigh scattering', 'partial_support'),
      // Not an item: a nugget the bank does not list, a run not among the answers.
      line('a', 't1', 'a nugget not in the bank', 'support'),
      line('c', 't1', 'Rayleigh scattering', 'support'),
    ]);
    expect(s.view().judged).toBe(2);
    expect(shown(s)).toBe('b t1 1');
    s.move(2);
    expect(s.view().nugget).toMatchObject({ assignment: 'partial_support', answerAssigned: 1 });
    s.open();
    expect(shown(s)).toBe('b t1 1');
    assign(s, 'support');
    assign(s, 'support');
    // Round again to the first unassigned: a's second nugget, which only the model assigned.
    expect(shown(s)).toBe('a t1 1');
  });

  it('skips, moves and undoes as the grading session does', () => {
    const s = session();
    s.skip(0);
    expect(shown(s)).toBe('a t1 1');
    assign(s, 'not_support');
    expect(shown(s)).toBe('b t1 0');
    s.undo();
    expect(s.view().nugget).toMatchObject({ index: 1, assignment: 'not_support' });
    assign(s, 'support');
    expect(s.view().nugget?.index).toBe(2);
    s.move(99);
    expect(shown(s)).toBe('end');
    s.open();
    expect(shown(s)).toBe('b t1 0');
  });

  it('takes the labels of its scale: no partial support on 2 grades', () => {
    const three = session();
    expect(['support', 'partial_support', 'not_support'].map((label) => three.isLabel(label))).toEqual([true, true, true]);
    const two = session([], 2);
    expect(two.view().labels).toEqual(['support', 'not_support']);
    expect(['support', 'partial_support', 'not_support', 'supported', 1, undefined].map((label) => two.isLabel(label))).toEqual([true, false, true, false, false, false]);
  });

  it('shows the end screen when no answer has a nugget to assign', () => {
    const s = createNuggetSession({ bank, answers: [answer('a', 't3', 1)], judge: 'ann', grades: 3, assignments: [] });
    expect(s.view()).toEqual({ judge: 'ann', labels: ['support', 'partial_support', 'not_support'], total: 0, judged: 0, answers: 1, canUndo: false });
  });
});
