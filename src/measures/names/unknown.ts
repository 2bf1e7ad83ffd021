// The error of a name no grammar reads: the closest known names by edit distance, with the nearest
// measure's name in each grammar, or where to find them all.
import { RankevalError } from '../../core/errors.js';
import { editDistance } from '../../core/suggest.js';
import { measureDefinitions, type MeasureDefinition } from '../catalogue.js';
import { trecMeasures } from '../trec-table.js';

/** The definition's name in each grammar, with the cutoff the caller wrote where it takes one. */
function spellings(definition: MeasureDefinition, at: string | undefined): string {
  const suffix = at === undefined || definition.at === 'none' ? '' : `@${at}`;
  const trec =
    trecMeasures.find((measure) => measure.definition === definition && (at === undefined) === (measure.params === 'none' || measure.params === 'pairs')) ??
    trecMeasures.find((measure) => measure.definition === definition);
  const parts = [`rankeval \`${definition.name}${suffix}\``];
  if (definition.irMeasures.length > 0) parts.push(`ir_measures \`${definition.irMeasures[0]}${suffix}\``);
  if (trec !== undefined) parts.push(`trec_eval \`${trec.name}${at !== undefined && trec.params !== 'none' ? `.${at}` : ''}\``);
  return parts.join(', ');
}

/** trec_eval's names for the definition, in the table's order. */
const trecNamesOf = (definition: MeasureDefinition): string[] => trecMeasures.filter((measure) => measure.definition === definition).map((measure) => measure.name);

/** `unknown_measure`, suggesting the closest known names by edit distance. */
export function unknownMeasure(name: string): RankevalError {
  const word = /^[^(@.,]*/.exec(name)![0].trim();
  const rest = name.slice(name.indexOf(word) + word.length);
  const at = /^\s*@\s*([\d.]+)\s*$/.exec(rest)?.[1];
  const limit = Math.max(1, Math.floor([...word].length / 3));
  const near: { spelling: string; definition: MeasureDefinition; distance: number }[] = [];
  // No name is near a word of more than 40 characters; edit distances of long words would take long.
  for (const definition of word.length > 40 ? [] : measureDefinitions) {
    let best: { spelling: string; distance: number } | undefined;
    for (const spelling of [definition.name, ...definition.aliases, ...definition.irMeasures, ...trecNamesOf(definition)]) {
      const distance = editDistance(word.toLowerCase(), spelling.toLowerCase());
      if (distance <= limit && (best === undefined || distance < best.distance)) best = { spelling, distance };
    }
    if (best !== undefined) near.push({ ...best, definition });
  }
  near.sort((a, b) => a.distance - b.distance);
  const expected = 'a measure name of rankeval (ndcg@10), ir_measures (nDCG@10) or trec_eval (ndcg_cut.10)';
  if (near.length === 0) {
    return new RankevalError({
      code: 'unknown_measure',
      subject: { kind: 'measure', measure: name },
      problem: `unknown measure \`${name}\`: not a name of rankeval (\`ndcg@10\`, \`P@5\`, \`map\`), ir_measures (\`nDCG@10\`, \`P(rel=2)@5\`) or trec_eval (\`ndcg_cut.10\`, \`P.5,10\`); all are listed at https://rankeval.github.io/rankeval/measures`,
      expected,
      received: name,
    });
  }
  const suggestions = near.slice(0, 3).map(({ spelling }) => `${spelling}${rest}`);
  return new RankevalError({
    code: 'unknown_measure',
    subject: { kind: 'measure', measure: name },
    facts: { suggestions },
    problem: `unknown measure \`${name}\`: did you mean ${suggestions.map((guess) => `\`${guess}\``).join(' or ')}? Names: ${spellings(near[0]!.definition, at)}`,
    expected,
    received: name,
  });
}
