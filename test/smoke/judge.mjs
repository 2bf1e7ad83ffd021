// Loads `rankeval/judge` by name as an ESM consumer does and judges a pool of two pairs into a new store.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseJudgments, RankevalError, toQrels } from 'rankeval';
import { judge } from 'rankeval/judge';

const dir = mkdtempSync(join(tmpdir(), 'rankeval-smoke-'));
const store = join(dir, 'judgments.jsonl');
const result = await judge({ q1: ['d1', 'd2'] }, ({ docId }) => (docId === 'd1' ? 3 : 0), { store, judge: 'smoke', concurrency: 1 });
const bad = await judge({ q1: [1] }, () => 0, { store, judge: 'smoke' }).catch((error) => error);
const qrels = toQrels(parseJudgments(readFileSync(store)).judgments);
rmSync(dir, { recursive: true });
console.log(JSON.stringify({ format: 'esm', judged: result.judged, qrels: Object.fromEntries(qrels.get('q1')), oneLibrary: bad instanceof RankevalError }));
