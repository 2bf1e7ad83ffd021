// Two score lists (arrays, typed arrays, or name → score records) read into two aligned arrays; and the
// error for a statistic that is undefined for its input.
import { aboutOf, argument, fail, RankevalError, type ErrorAbout, type ErrorSubject, type ErrorText } from '../core/errors.js';
import { whileReading } from '../core/boundary.js';

/**
 * Scores of items, higher is better: an array or a typed array (aligned by position), or a name → score
 * record (aligned by name).
 */
export type ItemScores =
  | readonly number[]
  | Float64Array
  | Float32Array
  | Int32Array
  | Int16Array
  | Int8Array
  | Uint32Array
  | Uint16Array
  | Uint8Array
  | Uint8ClampedArray
  | Readonly<Record<string, number>>;

const SHAPES = 'an array or typed array of scores, or a record of name → score';

/**
 * `x` and `y` as two arrays of the same length, item i of one paired with item i of the other: arrays and
 * typed arrays by position, records by name. Refuses a mix of a list and a record, lists of different
 * lengths, a name on one side only, a score that is not a finite number, and a Map, a Set, any other
 * iterable, a DataView or an ArrayBuffer, which read as a record would give no item at all.
 */
export function pairedScores(x: ItemScores, y: ItemScores, fn: string, [nameX, nameY]: readonly [string, string] = ['x', 'y']): { readonly x: Float64Array; readonly y: Float64Array } {
  return whileReading(fn, 'invalid_option', `\`${nameX}\` and \`${nameY}\``, () => {
    const listX = shapeOf(x, nameX, fn) === 'list';
    if ((shapeOf(y, nameY, fn) === 'list') !== listX) fail('invalid_option', fn, { kind: 'argument', argument: nameY }, `${listX ? 'an array' : 'a record'}, as \`${nameX}\` is`, y);
    const names = [nameX, nameY] as const;
    return listX ? byPosition(x as ArrayLike<number>, y as ArrayLike<number>, fn, names) : byName(x as Record<string, number>, y as Record<string, number>, fn, names);
  });
}

/** Whether `value` is read by position: an array or a typed array (a DataView is neither). */
export function isList(value: unknown): value is ArrayLike<unknown> {
  return Array.isArray(value) || (ArrayBuffer.isView(value) && !(value instanceof DataView));
}

/** Whether `scores` is read by position (an array, a typed array) or by name (a plain record); refuses anything else. */
function shapeOf(scores: unknown, name: string, fn: string): 'list' | 'record' {
  if (isList(scores)) return 'list';
  if (typeof scores !== 'object' || scores === null) return fail('invalid_option', fn, { kind: 'argument', argument: name }, SHAPES, scores);
  // A Map, a Set, a generator, a DataView or an ArrayBuffer has no own keys of its items: read as a record, it would be empty.
  if (Symbol.iterator in scores || scores instanceof DataView || scores instanceof ArrayBuffer) {
    return fail('invalid_option', fn, { kind: 'argument', argument: name }, scores instanceof Map ? `${SHAPES} (for a Map, give \`Object.fromEntries(map)\`)` : SHAPES, scores);
  }
  return 'record';
}

function byPosition(x: ArrayLike<number>, y: ArrayLike<number>, fn: string, [nameX, nameY]: readonly [string, string]): { x: Float64Array; y: Float64Array } {
  if (x.length !== y.length) fail('invalid_option', fn, { kind: 'argument', argument: nameY }, `an array of ${x.length} scores, as long as \`${nameX}\``, y.length);
  return { x: finite(x, nameX, (i) => `score ${i + 1}`, fn), y: finite(y, nameY, (i) => `score ${i + 1}`, fn) };
}

function byName(x: Record<string, number>, y: Record<string, number>, fn: string, [nameX, nameY]: readonly [string, string]): { x: Float64Array; y: Float64Array } {
  const names = Object.keys(x);
  for (const name of Object.keys(y)) if (!Object.hasOwn(x, name)) fail('invalid_option', fn, `name ${JSON.stringify(name)} of \`${nameY}\``, `a name \`${nameX}\` scores too`, name, { subject: argument(nameY), facts: { key: name, with: argument(nameX) } });
  for (const name of names) if (!Object.hasOwn(y, name)) fail('invalid_option', fn, `name ${JSON.stringify(name)} of \`${nameX}\``, `a name \`${nameY}\` scores too`, name, { subject: argument(nameX), facts: { key: name, with: argument(nameY) } });
  const label = (i: number): string => `the score of ${JSON.stringify(names[i])}`;
  return { x: finite(names.map((name) => x[name]!), nameX, label, fn), y: finite(names.map((name) => y[name]!), nameY, label, fn) };
}

/** The scores as a new Float64Array (the caller's list is never kept), each checked to be a finite number. */
function finite(values: ArrayLike<unknown>, side: string, label: (i: number) => string, fn: string): Float64Array {
  const scores = new Float64Array(values.length);
  // A plain loop, which reads a hole of a sparse array as undefined (refused), where forEach would skip it.
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (typeof value !== 'number' || !Number.isFinite(value)) fail('invalid_option', fn, `${label(i)} in \`${side}\``, 'a finite number', value, { subject: argument(side), facts: { index: i } });
    scores[i] = value;
  }
  return scores;
}

/** Throws the error for a statistic undefined for its input (`about`), saying why (`problem`) — never a NaN returned. */
export function undefinedFor(fn: string, problem: ErrorText, expected: string, received: unknown, about: ErrorSubject | ErrorAbout): never {
  throw new RankevalError({ code: 'undefined_statistic', fn, ...aboutOf(about), problem, expected, received });
}


