// Loads `rankeval/judge` by name as a CommonJS consumer does and judges a pool of two pairs into a new store.
const { mkdtempSync, readFileSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { parseJudgments, RankevalError, toQrels } = require('rankeval');
const { judge } = require('rankeval/judge');

const dir = mkdtempSync(join(tmpdir(), 'rankeval-smoke-'));
const store = join(dir, 'judgments.jsonl');
(async () => {
  const result = await judge({ q1: ['d1', 'd2'] }, ({ docId }) => (docId === 'd1' ? 3 : 0), { store, judge: 'smoke', concurrency: 1 });
  const bad = await judge({ q1: [1] }, () => 0, { store, judge: 'smoke' }).catch((error) => error);
  const qrels = toQrels(parseJudgments(readFileSync(store)).judgments);
  rmSync(dir, { recursive: true });
  console.log(JSON.stringify({ format: 'cjs', judged: result.judged, qrels: Object.fromEntries(qrels.get('q1')), oneLibrary: bad instanceof RankevalError }));
})();
