// "Did you mean …?" for misspelt commands, flags and names.

/**
 * Edits (insert, delete, substitute, swap two neighbours) that turn `a` into `b`: the optimal string
 * alignment distance, so that the common slip of two letters typed in the wrong order (`meausre`) costs one.
 */
export function editDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  let before: number[] = [];
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let best = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) best = Math.min(best, before[j - 2]! + 1);
      current.push(best);
    }
    before = previous;
    previous = current;
  }
  return previous[y.length]!;
}

/**
 * The candidate closest to `word`, if one is close enough to be what was meant: at most a third of the
 * word's letters edited (at least one). Ties go to the earlier candidate.
 */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  const limit = Math.max(1, Math.floor([...word].length / 3));
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = editDistance(word, candidate);
    if (distance <= limit && distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}
