// What the judging page shows a person checking nugget assignments, nugget after nugget: each answer of a
// run to a topic with the topic's nuggets in the bank's order, their assignments so far (their own lines of
// the nugget store), where they are, progress and the undo history, on the place session's moves. Pure:
// the caller writes each assignment to the store before it tells the session.
import type { NuggetJudgment } from '../formats/nugget-judgments.js';
import { SUPPORT, type NuggetBank, type NuggetGrades, type NuggetImportance, type NuggetSupport } from '../formats/nuggets.js';
import type { AnswerSentence, RagAnswer } from '../formats/rag-answers.js';
import { placeSession } from './place-session.js';

/** What the session is made of: the bank, the answers, the judge, the scale, and the store's assignments. */
export interface NuggetSessionInput {
  /** Topic id → its question and nuggets: every answer's topic is in it. */
  readonly bank: NuggetBank;
  /** The answers to check, in judging order (at most one per run and topic). */
  readonly answers: readonly RagAnswer[];
  /** The person assigning, by name: only their lines of the store count as assigned here. */
  readonly judge: string;
  /** 3: support, partial_support, not_support; 2: no partial_support. */
  readonly grades: NuggetGrades;
  /** The store's assignments, in file order (any judges'). */
  readonly assignments: readonly NuggetJudgment[];
}

/** The nugget shown, with the answer it is checked against and the judge's assignment of it, if any. */
export interface ShownNugget {
  /** Its place among every (answer, nugget) of the session, from 0. */
  readonly index: number;
  readonly topicId: string;
  readonly runId: string;
  /** The topic's question, when the bank has it. */
  readonly query?: string;
  /** The answer, sentence by sentence, each with its citations (indices into `references`, or ids). */
  readonly sentences: readonly AnswerSentence[];
  readonly references: readonly string[];
  /** The nugget's place among its topic's nuggets (from 0), its text and importance. */
  readonly nugget: number;
  readonly text: string;
  readonly importance: NuggetImportance;
  /** This judge's latest assignment of the nugget to the answer; absent when unassigned. */
  readonly assignment?: NuggetSupport;
  /** The answer among the session's: its place (from 1), and how many of its nuggets are assigned. */
  readonly answerNumber: number;
  readonly answerAssigned: number;
  readonly answerTotal: number;
}

/** The nugget page's state, as it is sent to the browser. */
export interface NuggetPageView {
  readonly judge: string;
  /** The assignments a key gives, fullest first. */
  readonly labels: readonly NuggetSupport[];
  /** (answer, nugget) items in all, and how many of them this judge has assigned. */
  readonly total: number;
  readonly judged: number;
  readonly answers: number;
  /** The nugget shown, or none: every nugget after the last move is assigned (the end screen). */
  readonly nugget?: ShownNugget;
  readonly canUndo: boolean;
}

/** A nugget session: where the judge is, and the moves of the page's keys. */
export interface NuggetSession {
  view(): NuggetPageView;
  /** Whether `assignment` is one of the session's labels (`partial_support` only on 3 grades). */
  isLabel(assignment: unknown): assignment is NuggetSupport;
  /** Takes an assignment the store now holds (of the item at `index`): the next unassigned nugget is shown. */
  assigned(index: number, line: NuggetJudgment): void;
  skip(index: number): void;
  move(index: number): void;
  undo(): void;
  open(): void;
}

/** An item: an answer (by its place) and one nugget of its topic (by its place in the bank). */
interface AnswerNugget {
  readonly answer: number;
  readonly nugget: number;
}

const keyOf = (runId: string, topicId: string, text: string): string => `${runId}\u0000${topicId}\u0000${text}`;

/**
 * Starts a session on every nugget of every answer, answer after answer (the answers' order, each topic's
 * nuggets in the bank's order). A store line counts when it is this judge's and names an item (run, topic
 * and nugget text); a judge's last line of an item counts. It resumes, skips, moves and undoes as the
 * grading session does (place-session.ts). An answer whose topic has no nugget has nothing to assign.
 *
 * @example
 * const session = createNuggetSession({ bank: { t1: { nuggets: [{ text: 'a', importance: 'vital' }] } }, answers, judge: 'ann', grades: 3, assignments: [] });
 * session.view().nugget?.text // => 'a'
 */
export function createNuggetSession(input: NuggetSessionInput): NuggetSession {
  const items: AnswerNugget[] = input.answers.flatMap((answer, place) => (input.bank[answer.queryId]?.nuggets ?? []).map((_, nugget) => ({ answer: place, nugget })));
  const nuggetsOf = (item: AnswerNugget) => input.bank[input.answers[item.answer]!.queryId]!.nuggets;
  const indexOf = new Map(items.map((item, index) => [keyOf(input.answers[item.answer]!.runId, input.answers[item.answer]!.queryId, nuggetsOf(item)[item.nugget]!.text), index]));
  const mine = input.assignments.flatMap((line): [number, NuggetSupport][] => {
    const index = line.judge === input.judge ? indexOf.get(keyOf(line.run_id, line.topic_id, line.nugget)) : undefined;
    return index === undefined ? [] : [[index, line.assignment]];
  });
  const session = placeSession(items.map((item) => item.answer), mine);
  const labels = input.grades === 3 ? SUPPORT : SUPPORT.filter((label) => label !== 'partial_support');
  const shown = (index: number): ShownNugget => {
    const item = items[index]!;
    const answer = input.answers[item.answer]!;
    const topic = input.bank[answer.queryId]!;
    const { text, importance } = topic.nuggets[item.nugget]!;
    const { labelled, total } = session.progress(index);
    const assignment = session.labelOf(index);
    return {
      index,
      topicId: answer.queryId,
      runId: answer.runId,
      ...(topic.query === undefined ? {} : { query: topic.query }),
      sentences: answer.sentences,
      references: answer.references,
      nugget: item.nugget,
      text,
      importance,
      ...(assignment === undefined ? {} : { assignment }),
      answerNumber: item.answer + 1,
      answerAssigned: labelled,
      answerTotal: total,
    };
  };
  return {
    view: () => ({
      judge: input.judge,
      labels,
      total: items.length,
      judged: session.labelled(),
      answers: input.answers.length,
      ...(session.current() < items.length ? { nugget: shown(session.current()) } : {}),
      canUndo: session.canUndo(),
    }),
    isLabel: (assignment): assignment is NuggetSupport => (labels as readonly unknown[]).includes(assignment),
    assigned: (index, line) => session.took(index, line.assignment),
    skip: session.skip,
    move: session.move,
    undo: session.undo,
    open: session.open,
  };
}
