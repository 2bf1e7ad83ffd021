// A ranking with ties, as rbo and overlap read it: the caller's ids, tie groups or scored documents, checked
// once (no id twice, none empty) and kept as tie groups in rank order, cut to a depth without breaking a tie.
import { fail, failId, RankevalError, words, type ErrorAbout, type ErrorText } from '../core/errors.js';
import { whileReading } from '../core/boundary.js';
import type { ScoredDocument } from '../core/types.js';

/**
 * A ranking that may hold ties: ids in rank order, where an entry may be an array of ids tied at that
 * place (`['d1', ['d2', 'd3'], 'd4']`: d2 and d3 share ranks 2–3), or `{id, score}` documents in any
 * order, the higher score first, equal scores tied.
 */
export type TiedRanking = readonly (string | readonly string[])[] | readonly ScoredDocument[];

/** A ranking as tie groups in rank order: group g holds the ids at ranks start(g) … start(g) + size − 1. */
export interface TieGroups {
  readonly groups: readonly (readonly string[])[];
  /** How many ids in all. */
  readonly length: number;
  /** Id → its place in rank order (0 … length − 1; within a tie, the order given). */
  readonly position: ReadonlyMap<string, number>;
}

const EXPECTED = 'an array of ids, of tie groups (arrays of ids) or of {id, score} objects';

/**
 * Reads a ranking into tie groups: an id is a group of one, an array a group, scored documents are grouped
 * by equal score, the higher first. With `depth`, only the groups that begin within the top `depth` are
 * kept: a tie that straddles `depth` is kept whole rather than broken by the order it was given in.
 *
 * @throws {RankevalError} `invalid_ranking` for a value that is not such an array, an empty ranking or tie
 *   group, an id that is not a string, a score that is not a finite number, or an id listed twice
 */
export function readTieGroups(ranking: unknown, fn: string, where: ErrorText, about: ErrorAbout, depth = Infinity): TieGroups {
  const groups = whileReading(fn, 'invalid_ranking', where, () => {
    if (!Array.isArray(ranking)) return fail('invalid_ranking', fn, where, EXPECTED, ranking, about);
    if (ranking.length === 0) return fail('invalid_ranking', fn, where, 'a ranking of one id or more', ranking, { ...about, facts: { limit: 1, count: 0 } });
    const first: unknown = ranking[0];
    return typeof first === 'object' && first !== null && !Array.isArray(first) ? scoredGroups(ranking, fn, where, about) : listedGroups(ranking, fn, where, about);
  });
  const kept: (readonly string[])[] = [];
  let length = 0;
  for (const group of groups) {
    if (length >= depth) break;
    kept.push(group);
    length += group.length;
  }
  return { groups: kept, length, position: positions(kept, fn, where, about) };
}

/** Groups of a list of ids and arrays of ids. */
function listedGroups(ranking: readonly unknown[], fn: string, where: ErrorText, about: ErrorAbout): string[][] {
  const groups: string[][] = [];
  for (let i = 0; i < ranking.length; i++) {
    const entry: unknown = ranking[i];
    if (typeof entry === 'string') {
      groups.push([entry]);
      continue;
    }
    // The entry's words are made only for an error: most rankings are long lists of plain ids.
    const at = entryWords(where, i);
    const entryAbout = { ...about, facts: { index: i } };
    if (!Array.isArray(entry)) failId('invalid_ranking', fn, at, 'a string id or an array of ids tied', entry, entryAbout);
    else if (entry.length === 0) fail('invalid_ranking', fn, at, 'a tie group of one id or more', entry, entryAbout);
    else {
      for (let j = 0; j < entry.length; j++) {
        if (typeof entry[j] !== 'string') failId('invalid_ranking', fn, entryWords(at, j), 'a string id', entry[j], entryAbout);
      }
      groups.push([...(entry as string[])]);
    }
  }
  return groups;
}

/** Groups of scored documents: equal scores tie, the higher score first. */
function scoredGroups(ranking: readonly unknown[], fn: string, where: ErrorText, about: ErrorAbout): string[][] {
  const documents: ScoredDocument[] = [];
  for (let i = 0; i < ranking.length; i++) {
    const entry = ranking[i] as { id?: unknown; score?: unknown } | null;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) failId('invalid_ranking', fn, entryWords(where, i), 'an {id, score} object like the first entry', entry, { ...about, facts: { index: i } });
    const { id, score } = entry;
    if (typeof id !== 'string') failId('invalid_ranking', fn, words(entryWords(where, i), '.id'), 'a string', id, { ...about, facts: { index: i } });
    if (typeof score !== 'number' || !Number.isFinite(score)) fail('invalid_ranking', fn, words(entryWords(where, i), '.score'), 'a finite number', score, { ...about, facts: { index: i } });
    documents.push({ id, score });
  }
  documents.sort((x, y) => y.score - x.score);
  const groups: string[][] = [];
  for (let i = 0; i < documents.length; i++) {
    // 0 and −0 are one score.
    if (i > 0 && documents[i]!.score === documents[i - 1]!.score) groups[groups.length - 1]!.push(documents[i]!.id);
    else groups.push([documents[i]!.id]);
  }
  return groups;
}

/** Each id's place in rank order; refuses an id listed twice: it would stand at two ranks at once. */
function positions(groups: readonly (readonly string[])[], fn: string, where: ErrorText, about: ErrorAbout): Map<string, number> {
  const position = new Map<string, number>();
  for (const group of groups) {
    for (const id of group) {
      if (!position.has(id)) {
        position.set(id, position.size);
        continue;
      }
      const problem = words(where, ` lists the id ${JSON.stringify(id)} twice; an id stands at one rank (a tie is one entry: an array of ids)`);
      throw new RankevalError({ code: 'invalid_ranking', fn, ...about, what: where, problem, expected: 'every id once', received: id });
    }
  }
  return position;
}

const entryWords = (where: ErrorText, i: number): ErrorText => words(where, `[${i}]`);
