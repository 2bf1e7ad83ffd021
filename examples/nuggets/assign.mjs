// The example of "Making assignments with an LLM" in docs/answers.md: two runs' answers (answers.jsonl)
// assigned the nuggets of their topics (nuggets.jsonl) into a nugget-assignment store, then scored. The
// assigner is a STAND-IN for a model: `chat` does not read the prompt, it answers a JSON list of labels by
// word overlap of each nugget with the answer (a number of the nugget missing: not_support; else three
// quarters of its words: support, half: partial_support). The prompt and the reading of the reply are the
// real ones. Run it from the repository after `npm run build`:
//   node examples/nuggets/assign.mjs
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { evaluateNuggets, nuggetAssignmentPrompt, parseAssignment, parseNuggetAnswers, parseNuggetBank } from 'rankeval';
import { assignNuggets } from 'rankeval/judge';

const read = (name) => readFileSync(new URL(name, import.meta.url));
const answers = parseNuggetAnswers(read('./answers.jsonl'), { file: 'answers.jsonl' });
const bank = parseNuggetBank(read('./nuggets.jsonl'), { file: 'nuggets.jsonl' });

const STOP = new Set(['the', 'for', 'and', 'with', 'who', 'about', 'it', 'is', 'on', 'to', 'a', 'go']);
const words = (text) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]+(?:\.\d+)?/gu).filter((word) => !STOP.has(word)));
/** The stand-in model: a JSON list of one label per nugget, by the nugget's numbers and the share of its words the answer has. */
async function chat(_prompt, { answer, nuggets }) {
  const said = words(answer);
  const labels = nuggets.map(({ text }) => {
    const own = [...words(text)];
    if (own.some((word) => /\d/.test(word) && !said.has(word))) return 'not_support';
    const share = own.filter((word) => said.has(word)).length / own.length;
    return share >= 0.75 ? 'support' : share >= 0.5 ? 'partial_support' : 'not_support';
  });
  return { reply: JSON.stringify(labels), usage: { prompt_tokens: 300, completion_tokens: 6 * nuggets.length } };
}

const assigner = async (request) => {
  const { query = '', answer, nuggets } = request;
  const { reply, usage } = await chat(nuggetAssignmentPrompt({ query, answer, nuggets }), request);
  return { assignments: parseAssignment(reply, { nuggets: nuggets.length, grades: 3 }), usage };
};

const dir = mkdtempSync(join(tmpdir(), 'rankeval-assign-example-'));
const store = join(dir, 'assignments.jsonl');
const first = await assignNuggets(answers, bank, assigner, { store, judge: 'stand-in', batchSize: 2 });
console.log(`assigned ${first.assigned} nuggets, ${first.failures.length} failures, usage ${JSON.stringify(first.usage)}`);
const again = await assignNuggets(answers, bank, assigner, { store, judge: 'stand-in', batchSize: 2 });
console.log(`called again: assigned ${again.assigned} (all in the store)`);
for (const { runId, queryId, nuggets } of again.assignments) console.log(`  ${runId.padEnd(9)}  ${queryId}  ${nuggets.map(({ assignment }) => assignment).join(' ')}`);
for (const [run, { mean }] of Object.entries(evaluateNuggets(again.assignments).byRun)) {
  console.log(`${run.padEnd(9)}  vital ${mean.vital.toFixed(4)}  all ${mean.all.toFixed(4)}  weighted ${mean.weighted.toFixed(4)}`);
}
rmSync(dir, { recursive: true, force: true });
