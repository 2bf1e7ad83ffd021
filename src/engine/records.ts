// Records keyed by query ids, labels or measure names: without a prototype, so that any id is a key.

/** A record without a prototype, so that a key such as `__proto__` is an ordinary key. */
export const emptyRecord = <T>(): Record<string, T> => Object.create(null) as Record<string, T>;

export function toRecord<T>(keys: readonly string[], values: ArrayLike<T>): Record<string, T> {
  const record = emptyRecord<T>();
  keys.forEach((key, i) => (record[key] = values[i]!));
  return record;
}
