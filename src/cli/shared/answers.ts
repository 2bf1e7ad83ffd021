// RAG answers read from several files as one input, for the commands that read answers (nuggets, judge).
import type { NuggetBank } from '../../formats/nuggets.js';
import { messageText } from '../../text/escape.js';
import { CliError, INPUT_ERROR } from './command.js';
import { inputName } from './input.js';

/** An answer as the readers give it: its run, its topic, and the line it was read from. */
interface PlacedAnswer {
  readonly runId: string;
  readonly queryId: string;
  readonly line?: number;
}

/**
 * The answers of every file as one input. A run answering a topic in two files is refused with both
 * places, as a file answering it twice is; with a bank (read from `path`, given by `flag`), so is an answer
 * to a topic the bank does not have.
 */
export function joinAnswers<A extends PlacedAnswer>(files: readonly (readonly [path: string, answers: readonly A[]])[], bank?: { readonly bank: NuggetBank; readonly path: string; readonly flag: string }): A[] {
  const seen = new Map<string, string>();
  const all: A[] = [];
  for (const [path, answers] of files) {
    for (const answer of answers) {
      const key = `${answer.runId}\t${answer.queryId}`;
      const place = `${inputName(path)}:${answer.line}`;
      if (bank !== undefined && !Object.hasOwn(bank.bank, answer.queryId)) {
        throw new CliError(messageText(`${place}: topic ${JSON.stringify(answer.queryId)} is not in the nugget bank ${inputName(bank.path)} (${bank.flag})`), INPUT_ERROR);
      }
      const first = seen.get(key);
      if (first !== undefined) throw new CliError(messageText(`${place}: run ${JSON.stringify(answer.runId)} answers topic ${JSON.stringify(answer.queryId)} twice (${first} and ${place})`), INPUT_ERROR);
      seen.set(key, place);
      all.push(answer);
    }
  }
  return all;
}
