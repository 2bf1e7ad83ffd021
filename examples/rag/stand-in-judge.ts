// Writes the labels of the guide "How many labels" (docs/how-many-labels.md): people.jsonl, the golden
// labels of a third of the questions (every third: q01, q04, …) as the queries people judged, and
// stand-in-judge.jsonl, a STAND-IN for an LLM judge's labels of every question — not a model's output but
// a noisy copy of golden.jsonl from a fixed seed: each grade moved one step up or down with probability
// 0.3 (kept in 0–2), and a lenient judge on some questions (every grade one up, probability 0.25). The
// same seed gives the same files; examples/rag/how-many-labels.test.ts checks the committed ones.
//   npx tsx examples/rag/stand-in-judge.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const SEED = 38;

/** mulberry32: a small seeded generator of numbers in [0, 1), for a copy that is the same on every machine. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

interface Line {
  readonly query_id: string;
  readonly relevant: Record<string, number>;
}

/** The two files' text from golden.jsonl's: people's third, and the stand-in judge's every question. */
export function standInLabels(golden: string): { readonly people: string; readonly judge: string } {
  const lines = golden.split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as Line);
  const next = random(SEED);
  const people = lines.filter((_, i) => i % 3 === 0).map(({ query_id, relevant }) => JSON.stringify({ query_id, relevant }));
  const judge = lines.map(({ query_id, relevant }) => {
    const lenient = next() < 0.25 ? 1 : 0;
    const graded = Object.entries(relevant).map(([doc, grade]) => {
      const draw = next();
      const moved = draw < 0.15 ? grade - 1 : draw < 0.3 ? grade + 1 : grade;
      return [doc, Math.min(2, Math.max(0, moved + lenient))] as const;
    });
    return JSON.stringify({ query_id, relevant: Object.fromEntries(graded) });
  });
  return { people: `${people.join('\n')}\n`, judge: `${judge.join('\n')}\n` };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { people, judge } = standInLabels(readFileSync(new URL('./golden.jsonl', import.meta.url), 'utf8'));
  writeFileSync(new URL('./people.jsonl', import.meta.url), people);
  writeFileSync(new URL('./stand-in-judge.jsonl', import.meta.url), judge);
}
