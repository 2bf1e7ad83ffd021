// What the judging page shows a person grading, pair after pair: the pool in judging order, their grades so far
// (their own lines of the store), where they are, progress, and the undo history. Pure: the caller writes
// each judgment to the store before it tells the session, so what is shown next is never ahead of the disk.
import type { Passage } from '../formats/corpus.js';
import type { Judgment } from '../formats/judgments.js';
import { placeSession, type PlaceSession } from './place-session.js';
import { onScale, type RelevanceScale } from './scale.js';

/** What the session is made of: the pool, the texts, the judge, the scale, and the store's judgments. */
export interface JudgingSessionInput {
  /** Query id → document ids in judging order (what `readPool` returns). */
  readonly pool: Readonly<Record<string, readonly string[]>>;
  /** Query id → the query's text, for every query of the pool. */
  readonly queries: ReadonlyMap<string, string>;
  /** Document id → its passage, for every document of the pool. */
  readonly corpus: ReadonlyMap<string, Passage>;
  /** The person judging, by name: only their lines of the store count as judged here. */
  readonly judge: string;
  readonly scale: RelevanceScale;
  /** The store's judgments, in file order (any judges'). */
  readonly judgments: readonly Judgment[];
}

/** The pair shown, with its texts and the judge's grade of it, if any. */
export interface ShownPair {
  /** Its place in the pool's judging order, from 0. */
  readonly index: number;
  readonly queryId: string;
  readonly query: string;
  readonly docId: string;
  readonly title?: string;
  readonly text: string;
  /** This judge's latest grade of the pair; absent when unjudged. */
  readonly grade?: number;
  /** The pair's query among the pool's: its place (from 1), and how many of its documents are judged. */
  readonly queryNumber: number;
  readonly queryJudged: number;
  readonly queryTotal: number;
}

/** The page's state, as it is sent to the browser. */
export interface PageView {
  readonly judge: string;
  readonly scale: RelevanceScale;
  /** Pairs in the pool, and how many of them this judge has graded. */
  readonly total: number;
  readonly judged: number;
  readonly queries: number;
  /** The pair shown, or none: every pair after the last move is judged (the end screen). */
  readonly pair?: ShownPair;
  /** Whether `undo` has a grade to go back to. */
  readonly canUndo: boolean;
}

/** A judging session: where the judge is, and the moves of the page's keys. */
export interface JudgingSession {
  view(): PageView;
  /** Whether `grade` is a grade of the scale. */
  onScale(grade: unknown): grade is number;
  /** Takes a judgment the store now holds (one of this judge's pool pairs): the next unjudged pair is shown. */
  graded(index: number, judgment: Judgment): void;
  /** Leaves the pair at `index` unjudged and shows the next unjudged one after it. */
  skip(index: number): void;
  /** Shows the pair at `index` (arrows), or the end screen for `index` = total. */
  move(index: number): void;
  /** Shows the pair graded last (before any undone), for a new grade that replaces its last one. */
  undo(): void;
  /** Shows where a restart would (a page loaded): the first unjudged pair after the judge's last grade. */
  open(): void;
}

const keyOf = (queryId: string, docId: string): string => `${queryId}\u0000${docId}`;

/** A pair of the pool: its ids, and the place of its query among the pool's (from 0). */
interface PoolPair {
  readonly queryId: string;
  readonly docId: string;
  readonly query: number;
}

/** The pair at `index` as the page shows it, with the progress of its query. */
function shownPair(input: JudgingSessionInput, pairs: readonly PoolPair[], session: PlaceSession<number>, index: number): ShownPair {
  const { queryId, docId } = pairs[index]!;
  const passage = input.corpus.get(docId)!;
  const { number, labelled, total } = session.progress(index);
  const grade = session.labelOf(index);
  return {
    index,
    queryId,
    query: input.queries.get(queryId)!,
    docId,
    ...(passage.title === undefined ? {} : { title: passage.title }),
    text: passage.text,
    ...(grade === undefined ? {} : { grade }),
    queryNumber: number,
    queryJudged: labelled,
    queryTotal: total,
  };
}

/**
 * Starts a session on the pool. It resumes where the judge stopped: at the first unjudged pair after the
 * pair of their last line in the store (wrapping round to pairs skipped before), or at the end screen when
 * they have judged every pair; `open` (a page loaded) goes there again. Undo goes back through the judge's
 * graded pairs, latest grade first, their grades from earlier sessions included.
 *
 * @example
 * const session = createJudgingSession({ pool: { q1: ['d1', 'd2'] }, queries, corpus, judge: 'ann', scale: DEFAULT_SCALE, judgments: [] });
 * session.view().pair?.docId // => 'd1'
 */
export function createJudgingSession(input: JudgingSessionInput): JudgingSession {
  const pairs: PoolPair[] = Object.entries(input.pool).flatMap(([queryId, docs], query) => docs.map((docId) => ({ queryId, docId, query })));
  const indexOf = new Map(pairs.map(({ queryId, docId }, index) => [keyOf(queryId, docId), index]));
  const mine = input.judgments.flatMap((judgment): [number, number][] => {
    const index = judgment.judge === input.judge ? indexOf.get(keyOf(judgment.query_id, judgment.doc_id)) : undefined;
    return index === undefined ? [] : [[index, judgment.grade]];
  });
  const session = placeSession(pairs.map(({ query }) => query), mine);
  return {
    view: () => ({
      judge: input.judge,
      scale: input.scale,
      total: pairs.length,
      judged: session.labelled(),
      queries: Object.keys(input.pool).length,
      ...(session.current() < pairs.length ? { pair: shownPair(input, pairs, session, session.current()) } : {}),
      canUndo: session.canUndo(),
    }),
    onScale: (grade): grade is number => typeof grade === 'number' && onScale(grade, input.scale.length),
    graded: (index, judgment) => session.took(index, judgment.grade),
    skip: session.skip,
    move: session.move,
    undo: session.undo,
    open: session.open,
  };
}
