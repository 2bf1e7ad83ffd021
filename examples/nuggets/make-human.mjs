// Writes human.jsonl, the example's people's check of a few answers: the answers of assignments.jsonl to
// q01 and q09 (every run's), each nugget labelled as the LLM did but the three people disagree on, listed
// below. Deterministic: run it again and the file is the same. node examples/nuggets/make-human.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const CHECKED = ['q01', 'q09'];
/** run, topic, nugget text → people's label where it differs from the LLM's. */
const DISAGREE = {
  'bm25-gpt q01 The fast charger cuts it to 2 hours': 'not_support',
  'dense-gpt q01 Charge between 10 and 30 °C': 'not_support',
  'dense-gpt q09 The frame is covered for 5 years': 'support',
};

const read = (name) => readFileSync(new URL(name, import.meta.url), 'utf8');
const lines = read('./assignments.jsonl')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line))
  .filter((answer) => CHECKED.includes(answer.qid))
  .map((answer) => ({ ...answer, nuggets: answer.nuggets.map((nugget) => ({ ...nugget, assignment: DISAGREE[`${answer.run_id} ${answer.qid} ${nugget.text}`] ?? nugget.assignment })) }));
writeFileSync(new URL('./human.jsonl', import.meta.url), lines.map((answer) => `${JSON.stringify(answer)}\n`).join(''));
