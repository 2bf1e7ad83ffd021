// The worked example of docs/answers.md: two RAG runs' answers scored by their nuggets, then with the
// topic one run left unanswered scored 0. Run it from the repository: node examples/nuggets/score.mjs
import { readFileSync } from 'node:fs';
import { evaluateNuggets, nuggetScoresByRun, parseNuggetAssignments, parseNuggetBank } from 'rankeval';

const read = (name) => readFileSync(new URL(name, import.meta.url));
const answers = parseNuggetAssignments(read('./assignments.jsonl'), { file: 'assignments.jsonl' });
const bank = parseNuggetBank(read('./nuggets.jsonl'), { file: 'nuggets.jsonl' });

const show = (title, result) => {
  console.log(title);
  for (const [run, { mean, queries }] of Object.entries(result.byRun)) {
    console.log(`  ${run.padEnd(9)}  topics ${Object.keys(queries).length}  strictVital ${mean.strictVital.toFixed(4)}  vital ${mean.vital.toFixed(4)}  all ${mean.all.toFixed(4)}  weighted ${mean.weighted.toFixed(4)}`);
  }
};
show('answered topics only (as nuggetizer):', evaluateNuggets(answers));
const complete = evaluateNuggets(answers, { topics: bank });
show('every topic of the bank, unanswered = 0:', complete);
console.log('vital per topic:', JSON.stringify(nuggetScoresByRun(complete, 'vital')));
