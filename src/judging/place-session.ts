// The one mechanism of the judging page's sessions, whatever is labelled (a pair's grade, a nugget's
// assignment): items in judging order, the judge's labels by place, where they are, the undo history, and
// where a restart goes. Pure: the caller writes each label to its store before it tells the session.

/** The labels given by place (a grade, an assignment), their places in the order given (the undo history, the last at the end), and the place of the last line. */
class Labels<Label> {
  readonly byPlace = new Map<number, Label>();
  readonly history: number[] = [];
  last: number | undefined;

  /** A label given: a place labelled again moves to the end of the history. */
  note(index: number, label: Label): void {
    this.byPlace.set(index, label);
    this.last = index;
    const earlier = this.history.lastIndexOf(index);
    if (earlier >= 0) this.history.splice(earlier, 1);
    this.history.push(index);
  }
}

/** How far a group of items is labelled: its place among the groups (from 1), and its items labelled and in all. */
export interface GroupProgress {
  readonly number: number;
  readonly labelled: number;
  readonly total: number;
}

/** A session's place among items in judging order, and the moves of the page's keys. */
export interface PlaceSession<Label> {
  /** The item shown, or the number of items for the end screen. */
  current(): number;
  /** How many items are labelled. */
  labelled(): number;
  /** The judge's latest label of the item at `index`; undefined when unlabelled. */
  labelOf(index: number): Label | undefined;
  /** Whether `undo` has a label to go back to. */
  canUndo(): boolean;
  /** The group of the item at `index`: its place, and how many of its items are labelled. */
  progress(index: number): GroupProgress;
  /** Takes a label the store now holds: the next unlabelled item is shown. */
  took(index: number, label: Label): void;
  /** Leaves the item at `index` unlabelled and shows the next unlabelled one after it. */
  skip(index: number): void;
  /** Shows the item at `index` (arrows), or the end screen for `index` = the number of items. */
  move(index: number): void;
  /** Shows the item labelled last (before any undone), for a new label that replaces its last one. */
  undo(): void;
  /** Shows where a restart would (a page loaded): the first unlabelled item after the judge's last line. */
  open(): void;
}

/**
 * The moves of the page's keys over items in judging order, whatever a label is (a grade, a nugget's
 * assignment): the one mechanism of every session. `groups[i]` is the group of item `i` (its query, its
 * answer), a group's items side by side; `labelled` the judge's labels read from the store, in file order.
 * It starts where a restart goes: the first unlabelled item after the place of the judge's last line
 * (wrapping round to items skipped before), or the end (`current` = the number of items) when every item
 * is labelled.
 */
export function placeSession<Label>(groups: readonly number[], labelled: Iterable<readonly [index: number, label: Label]>): PlaceSession<Label> {
  const count = groups.length;
  const labels = new Labels<Label>();
  for (const [index, label] of labelled) labels.note(index, label);
  /** The first unlabelled item after `index`, wrapping round, `index` itself last unless `skipping` it; else the end. */
  const nextUnlabelled = (index: number, skipping: boolean): number => {
    for (let step = 1; step <= count - (skipping ? 1 : 0); step++) {
      const next = (index + step) % count;
      if (!labels.byPlace.has(next)) return next;
    }
    return count;
  };
  const { history } = labels;
  /** Where a restart goes: the first unlabelled item after the judge's last line (undone or not). */
  const resume = (): number => nextUnlabelled(labels.last ?? count - 1, false);
  let current = resume();
  return {
    current: (): number => current,
    labelled: (): number => labels.byPlace.size,
    labelOf: (index: number): Label | undefined => labels.byPlace.get(index),
    canUndo: (): boolean => history.length > 0,
    progress(index: number): GroupProgress {
      const group = groups[index]!;
      let first = index;
      while (first > 0 && groups[first - 1] === group) first--;
      let last = index;
      while (last + 1 < count && groups[last + 1] === group) last++;
      let done = 0;
      for (let at = first; at <= last; at++) if (labels.byPlace.has(at)) done++;
      return { number: group + 1, labelled: done, total: last - first + 1 };
    },
    took(index: number, label: Label): void {
      labels.note(index, label);
      current = nextUnlabelled(index, false);
    },
    skip(index: number): void {
      current = nextUnlabelled(index, true);
    },
    move(index: number): void {
      current = Math.max(0, Math.min(index, count));
    },
    undo(): void {
      const last = history.pop();
      if (last !== undefined) current = last;
    },
    open(): void {
      current = resume();
    },
  };
}
