// Lists of measure names as people write them, one string of names separated by commas.

/**
 * Measure names from comma-separated lists (the CLI's `-m` values, the playground's field): split at commas,
 * except inside `(…)`, `{…}`, `[…]` and in a trec_eval name's parameter list (`P.5,10,ndcg@10` is `P.5,10`
 * and `ndcg@10`; `utility.1,-1,0,0` one name). Blanks around a name are dropped. An empty list or piece
 * (`''`, `P@1,,ndcg`) is kept as `''`, for the caller to refuse.
 *
 * @example splitMeasures(['P.5,10, ndcg@10', 'P(rel=2)@5']) // => ['P.5,10', 'ndcg@10', 'P(rel=2)@5']
 */
export function splitMeasures(values: readonly string[]): string[] {
  const names: string[] = [];
  for (const value of values) {
    let depth = 0;
    let start = 0;
    const pieces: string[] = [];
    for (let i = 0; i <= value.length; i++) {
      const c = value[i];
      if (c === '(' || c === '{' || c === '[') depth++;
      else if (c === ')' || c === '}' || c === ']') depth--;
      else if ((c === ',' && depth <= 0) || i === value.length) {
        pieces.push(value.slice(start, i).trim());
        start = i + 1;
      }
    }
    pieces.forEach((piece, i) => {
      const previous = names[names.length - 1];
      const continues = i > 0 && previous !== undefined && /^[^@(]*\./.test(previous) && /^[-+.\d][-+.\deE=]*$/.test(piece);
      if (continues) names[names.length - 1] = `${previous},${piece}`;
      else names.push(piece);
    });
  }
  return names;
}
