// A grade read from a language model's answer, or a refusal to guess one.
import { argument, RankevalError } from '../core/errors.js';
import { quoteJson } from '../core/quoting.js';
import { DEFAULT_SCALE, onScale, readScale, scaleWords, type RelevanceScale } from './scale.js';

const NUMBER = String.raw`(-?\d+(?:\.\d+)?)`;
// A second number joined to the first ("2 or 3", "2-3", "1 to 2"): the answer hesitates.
const OTHER = String.raw`(?:[ \t]*(?:or|to|-|–|and)[ \t]*(-?\d+(?:\.\d+)?))?`;
const NAME = String.raw`(?:relevance[ \t]+)?(?:grade|score|rating|label|judg(?:e)?ment|relevance)`;
const SAID = String.raw`\**[ \t]*(?::|=|is)[ \t]*\**[ \t]*`;

/**
 * The ways an answer gives its grade, surest first: the first way that finds one decides, and every grade
 * it finds must be the same.
 */
const WAYS: readonly RegExp[] = [
  // {"grade": 2}, alone or in a ```json fence
  /"(?:grade|score|relevance)"\s*:\s*"?(-?\d+(?:\.\d+)?)"?()/gi,
  // "Final grade: 2", "##final score: 2", "Overall relevance: 3"
  new RegExp(String.raw`\b(?:final|overall)[ \t]+(?:${NAME}|answer)${SAID}${NUMBER}${OTHER}`, 'gi'),
  // "Grade: 2", "**Grade:** 2", "Relevance: **3**", "the grade is 1"
  new RegExp(String.raw`\b${NAME}${SAID}${NUMBER}${OTHER}`, 'gi'),
  // "**2**"
  new RegExp(String.raw`\*\*[ \t]*${NUMBER}${OTHER}[ \t]*\*\*`, 'g'),
  // an answer, or its last line, that is a number alone: "2", "2.", "`3`"
  new RegExp(String.raw`(?:^|\n)[ \t]*[\x60"']?${NUMBER}${OTHER}[\x60"']?\.?[ \t]*$`, 'g'),
];

/**
 * The grade a language model's answer gives, on `scale` (0–3 by default): read from JSON
 * (`{"grade": 2}`), a final or labelled grade (`Final score: 2`, `Grade: 2`, `**Grade:** 2`), a bold
 * number (`**2**`), or a number alone on the answer's last line — reasoning before it is skipped. The
 * surest of these forms that occurs decides, and all its grades must agree.
 *
 * It refuses, rather than guess: an answer without a grade (a refusal, "I cannot judge this"), a grade
 * that hesitates (`2 or 3`, `2-3`), two different grades of one form (`Grade: 2 … Grade: 3`), and a number
 * off the scale (`5`, `-1`, `2.5`). Within a judging loop (`judge`), a refused answer is a failure, retried,
 * never a grade.
 *
 * @param text the model's answer
 * @param scale the scale the prompt gave (relevancePrompt's `scale`): grades 0 to scale.length − 1
 * @throws {RankevalError} `parse_error` naming the answer (cut) and what is wrong with it; `invalid_option`
 *   for a bad scale
 * @example
 * parseGrade('The passage names the dose but not the schedule.\nGrade: 2') // => 2
 * parseGrade('I cannot help with that.') // throws: no grade in the answer
 */
export function parseGrade(text: string, scale: RelevanceScale = DEFAULT_SCALE): number {
  const fn = 'parseGrade';
  const size = readScale(scale, fn).length;
  const refuse = (problem: string): never => {
    throw new RankevalError({ code: 'parse_error', fn, subject: argument('text'), facts: { limit: size - 1 }, problem: `${problem}: ${quoteJson(text, 200)}`, expected: `an answer that gives one grade, ${scaleWords(size)}`, received: text });
  };
  if (typeof text !== 'string') {
    throw new RankevalError({ code: 'invalid_option', fn, subject: argument('text'), expected: "the model's answer, a string", received: text });
  }
  const answer = text.trimEnd();
  for (const way of WAYS) {
    const found = [...answer.matchAll(way)];
    if (found.length === 0) continue;
    const hesitant = found.find(([, first, second]) => second !== undefined && second !== '' && Number(second) !== Number(first));
    if (hesitant !== undefined) refuse(`the answer hesitates between grades (${hesitant[0].trim()})`);
    const grades = [...new Set(found.map(([, grade]) => Number(grade)))];
    if (grades.length > 1) refuse(`the answer gives ${grades.length} different grades (${grades.join(', ')})`);
    const grade = grades[0]!;
    if (!onScale(grade, size)) refuse(`the grade ${grade} is not on the scale (${scaleWords(size)})`);
    return grade;
  }
  return refuse('no grade in the answer');
}
