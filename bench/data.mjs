// Synthetic data for the benchmarks, generated from a fixed seed so that every run measures the same work.

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
