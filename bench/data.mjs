// Synthetic data for the benchmarks, generated from a fixed seed so that every run measures the same work.
import { closeSync, existsSync, openSync, renameSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** mulberry32: a small, fast, seeded PRNG returning floats in [0, 1). */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CORPUS = 8_841_823; // passages in MS MARCO

/**
 * An MS MARCO-dev-like run: `queries` queries × `depth` retrieved passages, about one relevant passage per
 * query (1.07 on average, as in the dev set), found in the top `depth` about 85 % of the time, mostly near
 * the top. Ids are fresh strings, as a parser would produce, not shared between run and qrels.
 */
export function msMarcoLikeRun({ queries = 6980, depth = 1000, seed = 20240601 } = {}) {
  const random = seededRandom(seed);
  const run = new Map();
  const qrels = new Map();
  for (let q = 0; q < queries; q++) {
    const qid = String(1_000_000 + q * 37);
    const ranking = new Array(depth);
    const used = new Set();
    for (let i = 0; i < depth; i++) {
      let doc;
      do doc = Math.floor(random() * CORPUS);
      while (used.has(doc));
      used.add(doc);
      ranking[i] = `${doc}`;
    }
    const relevantCount = random() < 0.07 ? 2 : 1;
    const judged = {};
    for (let r = 0; r < relevantCount; r++) {
      if (random() < 0.85) {
        // Found: rank drawn with a heavy head (half within the top 5).
        const rank = Math.min(depth - 1, Math.floor(Math.exp(random() * Math.log(depth)) - 1));
        judged[`${ranking[rank]}`.slice(0)] = 1;
      } else {
        let doc;
        do doc = Math.floor(random() * CORPUS);
        while (used.has(doc));
        judged[`${doc}`] = 1;
      }
    }
    run.set(qid, ranking);
    qrels.set(qid, judged);
  }
  return { run, qrels };
}

/** One query: a ranking of `length` ids with `judged` judged documents (graded 0–3), a quarter of them retrieved. */
export function singleQuery({ length, judged, seed = 7 }) {
  const random = seededRandom(seed);
  const ranking = Array.from({ length }, (_, i) => `doc-${i}`);
  const qrels = {};
  for (let j = 0; j < judged; j++) {
    const id = random() < 0.25 ? `doc-${Math.floor(random() * length)}` : `unretrieved-${j}`;
    qrels[id] = Math.floor(random() * 4);
  }
  return { ranking, qrels };
}

/** The MS MARCO-dev-like TREC files of the CLI benchmarks (bench/cli.bench.mjs, bench/trec.bench.mjs). */
export const MS_MARCO_FILES = { queries: 6980, depth: 1000, seed: 20240601, secondSeed: 20240602 };

/**
 * Paths of the MS MARCO-dev-like TREC files in `dir`, written first if missing (the generation takes several
 * seconds, so they are kept between runs): `qrels`; `run` (6980 queries × 1000 passages in score order,
 * ~1.07 relevant passages a query, found 85 % of the time, mostly near the top; ~265 MB); `secondRun`, the
 * same queries from a second system: `run` perturbed from `secondSeed` (5 % of the passages replaced by
 * others, the order shuffled locally, fresh scores), so that `rankeval compare` finds real wins, ties and
 * losses. `seconds` is the time spent writing, or null when every file
 * was already there.
 *
 * `qrels` and `run` are the bytes bench/trec.bench.mjs wrote before the writer moved here (the same random
 * draws in the same order), so a file cached by it stays valid. Lines are written as bytes into a Buffer:
 * building 265 MB as JavaScript strings took twice as long.
 */
export function msMarcoLikeFiles(dir) {
  const { queries, depth, seed, secondSeed } = MS_MARCO_FILES;
  const paths = {
    qrels: join(dir, `rankeval-bench-${seed}.qrels`),
    run: join(dir, `rankeval-bench-${seed}.run`),
    secondRun: join(dir, `rankeval-bench-${seed}-perturbed-${secondSeed}.run`),
  };
  const missing = Object.values(paths).filter((path) => !existsSync(path));
  if (missing.length === 0) return { ...paths, seconds: null };
  const start = performance.now();
  // Only the missing files are written, but every draw is made, so each file is the same whatever is missing.
  const open = (path) => (missing.includes(path) ? openByteWriter(path) : null);
  const qrels = open(paths.qrels);
  const run = open(paths.run);
  const secondRun = open(paths.secondRun);
  const random = seededRandom(seed);
  const perturb = seededRandom(secondSeed);
  // retrievedBy[doc] = 1 + the query that retrieved it: the "already in this ranking" test, as a Set per query
  // would be, without 7 million Set insertions.
  const retrievedBy = new Int32Array(CORPUS);
  const docs = new Int32Array(depth);
  const keys = new Float64Array(depth);
  const order = new Uint16Array(depth);
  const judged = [];
  for (let q = 0; q < queries; q++) {
    const qid = 1_000_000 + q * 37;
    let score = 25 + random() * 10;
    run?.startQuery(qid);
    for (let rank = 1; rank <= depth; rank++) {
      let doc;
      do doc = Math.floor(random() * CORPUS);
      while (retrievedBy[doc] === q + 1);
      retrievedBy[doc] = q + 1;
      docs[rank - 1] = doc;
      score -= random() * 0.02; // descending, as systems write runs; some near-ties
      run?.line(doc, rank, score, RUN_TAG);
    }
    const relevant = random() < 0.07 ? 2 : 1;
    judged.length = 0;
    for (let r = 0; r < relevant; r++) {
      const found = random() < 0.85;
      // Found: a rank with a heavy head (half within the top 5); not found: a passage outside every ranking.
      const doc = found ? docs[Math.min(depth - 1, Math.floor(Math.exp(random() * Math.log(depth)) - 1))] : 9_000_000 + q * 2 + r;
      if (!judged.includes(doc)) judged.push(doc);
    }
    for (const doc of judged) qrels?.text(`${qid} 0 ${doc} 1\n`);
    // The second system: the same candidates, a few replaced, reordered by a noisy key (log-rank + noise
    // of ±0.75): the top stays near the top, neighbours trade places, deep documents move by dozens.
    for (let i = 0; i < depth; i++) {
      if (perturb() < 0.05) {
        let doc;
        do doc = Math.floor(perturb() * CORPUS);
        while (retrievedBy[doc] === q + 1);
        retrievedBy[doc] = q + 1;
        docs[i] = doc;
      }
      keys[i] = Math.log(i + 1) + (perturb() - 0.5) * 1.5;
      order[i] = i;
    }
    order.sort((a, b) => keys[a] - keys[b]);
    let secondScore = 25 + perturb() * 10;
    secondRun?.startQuery(qid);
    for (let rank = 1; rank <= depth; rank++) {
      secondScore -= perturb() * 0.02;
      secondRun?.line(docs[order[rank - 1]], rank, secondScore, SECOND_RUN_TAG);
    }
  }
  for (const writer of [qrels, run, secondRun]) writer?.close();
  return { ...paths, seconds: (performance.now() - start) / 1000 };
}

const RUN_TAG = Buffer.from(' bm25-rm3\n');
const SECOND_RUN_TAG = Buffer.from(' bm25-alt\n');

/**
 * Writes TREC lines as bytes into a 4 MiB Buffer flushed when full, to `path` + a private suffix renamed to
 * `path` on close, so that a benchmark run interrupted, or running beside another, never leaves a half file
 * under the real name.
 */
function openByteWriter(path) {
  const partial = `${path}.${process.pid}.part`;
  const fd = openSync(partial, 'w');
  const bytes = Buffer.allocUnsafe(1 << 22);
  let at = 0;
  const prefix = Buffer.allocUnsafe(32);
  let prefixLength = 0;
  const room = (needed) => {
    if (at + needed <= bytes.length) return;
    writeSync(fd, bytes, 0, at);
    at = 0;
  };
  return {
    /** `qid Q0 `, the start of every line of the query, written once and copied. */
    startQuery(qid) {
      prefixLength = writeDecimal(prefix, 0, qid);
      prefixLength += prefix.write(' Q0 ', prefixLength, 'latin1');
    },
    /** `qid Q0 doc rank score tag\n`, the score printed as `score.toFixed(4)` prints it. */
    line(doc, rank, score, tag) {
      room(prefixLength + 64);
      at += prefix.copy(bytes, at, 0, prefixLength);
      at = writeDecimal(bytes, at, doc);
      bytes[at++] = 0x20;
      at = writeDecimal(bytes, at, rank);
      bytes[at++] = 0x20;
      at = writeFixed4(bytes, at, score);
      at += tag.copy(bytes, at);
    },
    text(line) {
      room(line.length);
      at += bytes.write(line, at, 'latin1');
    },
    close() {
      writeSync(fd, bytes, 0, at);
      closeSync(fd);
      renameSync(partial, path);
    },
  };
}

/** Writes a non-negative integer in decimal at `at`; returns the offset after it. */
function writeDecimal(bytes, at, value) {
  let digits = 1;
  for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits++;
  for (let i = at + digits - 1, rest = value; i >= at; i--, rest = Math.floor(rest / 10)) bytes[i] = 0x30 + (rest % 10);
  return at + digits;
}

/**
 * Writes `value.toFixed(4)`. toFixed rounds the exact binary value to the nearest 1/10,000 (halves up); the
 * product value × 10,000 is off from the exact one by under 1e-10 here, so Math.round of it is the same
 * number except within that distance of a half, where (and for a negative value) toFixed itself is used.
 */
function writeFixed4(bytes, at, value) {
  const scaled = value * 10_000;
  if (value < 0 || Math.abs(scaled - Math.floor(scaled) - 0.5) < 1e-6) return at + bytes.write(value.toFixed(4), at, 'latin1');
  const units = Math.round(scaled);
  at = writeDecimal(bytes, at, Math.floor(units / 10_000));
  bytes[at++] = 0x2e;
  const fraction = units % 10_000;
  bytes[at++] = 0x30 + Math.floor(fraction / 1000);
  bytes[at++] = 0x30 + (Math.floor(fraction / 100) % 10);
  bytes[at++] = 0x30 + (Math.floor(fraction / 10) % 10);
  bytes[at++] = 0x30 + (fraction % 10);
  return at;
}

/**
 * Three runs to fuse, as a hybrid search has them: `queries` queries, each run `depth` documents drawn from a
 * pool of 3 × `depth` per query; BM25-like scores (0–30), cosine-like ones (−1..1) and a weak run's (0–1);
 * 20 judged documents per query, grades 0–2.
 */
export function hybridRuns({ queries = 300, depth = 100, seed = 20240603 } = {}) {
  const random = seededRandom(seed);
  const scales = { bm25: (x) => 30 * x, dense: (x) => 2 * x - 1, weak: (x) => x };
  const runs = Object.fromEntries(Object.keys(scales).map((name) => [name, new Map()]));
  const qrels = new Map();
  const pool = 3 * depth;
  for (let q = 0; q < queries; q++) {
    const qid = `q${q}`;
    const judged = {};
    for (let j = 0; j < 20; j++) judged[`d${Math.floor(random() * pool)}`] = Math.floor(random() * 3);
    qrels.set(qid, judged);
    for (const [name, scale] of Object.entries(scales)) {
      const seen = new Set();
      const ranking = [];
      while (ranking.length < depth) {
        const id = `d${Math.floor(random() * pool)}`;
        if (seen.has(id)) continue;
        seen.add(id);
        ranking.push({ id, score: scale(random()) });
      }
      runs[name].set(qid, ranking);
    }
  }
  return { runs, qrels };
}

/**
 * Paths of a preferences file (`qid ujg ujsubg docno rel_level`, for `-R prefs`) and a run in `dir`, written
 * first if missing: one query, one judgment group of one sub-group, `judged` documents at levels 0 … 4
 * (half at 0), lines in a random order; the run ranks three quarters of them, in a random order, among
 * `judged` / 4 unjudged documents. `seconds` is the time spent writing, or null when both were there.
 */
export function preferenceFiles(dir, { judged, seed = 20261207 }) {
  const paths = { prefs: join(dir, `rankeval-bench-prefs-${judged}-${seed}.prefs`), run: join(dir, `rankeval-bench-prefs-${judged}-${seed}.run`) };
  if (existsSync(paths.prefs) && existsSync(paths.run)) return { ...paths, seconds: null };
  const start = performance.now();
  const random = seededRandom(seed);
  const shuffle = (items) => {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [items[i], items[j]] = [items[j], items[i]];
    }
    return items;
  };
  const docs = Array.from({ length: judged }, (_, i) => `doc${i}`);
  const lines = shuffle(docs.map((doc) => `q1 judge1 s1 ${doc} ${random() < 0.5 ? 0 : 1 + Math.floor(random() * 4)}\n`));
  const ranked = shuffle([...shuffle([...docs]).slice(0, Math.floor((judged * 3) / 4)), ...Array.from({ length: Math.floor(judged / 4) }, (_, i) => `other${i}`)]);
  // Written under a temporary name and renamed, so that an interrupted run leaves no half file behind.
  const write = (path, text) => {
    writeFileSync(`${path}.part`, text);
    renameSync(`${path}.part`, path);
  };
  write(paths.prefs, lines.join(''));
  write(paths.run, ranked.map((doc, rank) => `q1 Q0 ${doc} ${rank + 1} ${ranked.length - rank} bench\n`).join(''));
  return { ...paths, seconds: (performance.now() - start) / 1000 };
}
