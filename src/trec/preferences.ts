// trec_eval's evaluation against preferences (-R prefs, -R qrels_prefs): each query of the run ordered as
// trec_eval's preference code orders it, its preferences counted (metrics/preference-counts.ts) and the
// selected preference measures (each by its formula in the trec table) printed as trec_eval prints them (output.ts). Only runid and num_q of the
// other measures can be printed: the rest need qrels, and trec_eval stops (status 4) when asked for them.
import { RankevalError } from '../core/errors.js';
import { latin1 } from '../core/latin1.js';
import { compareBytes } from '../formats/block-index.js';
import type { RunBlock } from '../formats/trec-bytes.js';
import type { PrefsFile } from '../formats/trec-prefs.js';
import { countPreferences, type PreferenceCounts } from '../metrics/preference-counts.js';
import { calculationFailure, printEvaluation, RunNotGrouped, type RelFormat, type TrecEvalOptions, type TrecEvaluation } from './evaluate.js';
import { STAND_IN_DOCNO, unansweredQuery } from './missing-queries.js';
import type { QueryResult } from './output.js';
import { selectMeasures, type BoundMeasure } from './select-measures.js';

/** A query's ranking as the preference measures read it: its first -M document ids, and a repeated one if any. */
interface PrefsRanking {
  readonly docs: readonly string[];
  readonly repeated: string | undefined;
}

/** trec_eval 10's ranking for a judged query without results, under -c: one document nobody judged. */
const STAND_IN: PrefsRanking = { docs: [STAND_IN_DOCNO], repeated: undefined };

/**
 * The evaluation of a run against a preferences file. Queries are scored once the run is read, in query-id
 * order, as trec_eval scores them: with trec_eval 9 the queries of both files; with 10 every query of the
 * preferences, one without results refused (status 4) or, with -c, scored on a stand-in ranking.
 */
export function createPreferencesEvaluation(prefs: PrefsFile, runFile: string, options: TrecEvalOptions): TrecEvaluation {
  const bound = selectMeasures(options.measures, options.version);
  const rankings = new Map<string, PrefsRanking>();
  return {
    addBlock(block) {
      if (rankings.has(block.qid)) throw new RunNotGrouped(block.qid);
      // Queries nobody judged are ignored; the mark keeps a second block of theirs from passing unseen.
      rankings.set(block.qid, prefs.queries.has(block.qid) ? prefsRanking(block, options) : { docs: [], repeated: undefined });
    },

    finish(runId, zscores) {
      const results: QueryResult[] = [];
      const qids = options.version === 10 ? [...prefs.queries.keys()] : [...rankings.keys()].filter((qid) => prefs.queries.has(qid));
      for (const qid of qids.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) {
        let ranking = rankings.get(qid);
        if (ranking === undefined) {
          if (!options.complete) throw unansweredQuery(qid, 'preferences', runFile);
          ranking = STAND_IN;
        }
        results.push({ qid, values: queryValues(qid, ranking, prefs, bound, runFile, options.relFormat), relstring: '' });
      }
      const judged = { queries: new Map([...prefs.queries.keys()].map((qid) => [qid, { grade: [] }])) };
      return printEvaluation(results, bound, runId, judged, runFile, options, zscores);
    },
  };
}

/**
 * The run's documents for a query in the order trec_eval's preference code gives them: score descending
 * compared as doubles in both versions (the 9.0.8 reference outputs tell apart scores a C float would tie),
 * ties by document id ascending (unlike the qrels path's descending), then the first -M. A repeated document
 * is noted here and refused where a measure first reads the ranking, as trec_eval refuses it.
 */
function prefsRanking(block: RunBlock, options: TrecEvalOptions): PrefsRanking {
  const { count, docBytes, docStart, docEnd } = block;
  const score = block.score;
  const byId = (a: number, b: number): number => compareBytes(docBytes, docStart[a]!, docEnd[a]!, docBytes, docStart[b]!, docEnd[b]!);
  const order = Array.from({ length: count }, (_, i) => i).sort((a, b) => (score[a]! > score[b]! ? -1 : score[a]! < score[b]! ? 1 : byId(a, b)));
  const kept = order.slice(0, Math.min(count, options.maxDocs));
  const sorted = [...kept].sort(byId);
  let repeated: string | undefined;
  for (let i = 1; i < sorted.length && repeated === undefined; i++) {
    if (byId(sorted[i - 1]!, sorted[i]!) === 0) repeated = latin1(docBytes, docStart[sorted[i]!]!, docEnd[sorted[i]!]!);
  }
  return { docs: kept.map((i) => latin1(docBytes, docStart[i]!, docEnd[i]!)), repeated };
}

/**
 * A query's values in the order of the bound measures. A measure that needs qrels stops the evaluation
 * where trec_eval stops, at the first such measure in its order; the preferences are counted at the first
 * preference measure, their contradictions thrown there.
 */
function queryValues(qid: string, ranking: PrefsRanking, prefs: PrefsFile, bound: readonly BoundMeasure[], runFile: string, relFormat: RelFormat): Float64Array {
  const values = new Float64Array(bound.reduce((total, b) => total + b.names.length, 0));
  let counts: PreferenceCounts | undefined;
  for (const { measure, offset } of bound) {
    if (measure.name === 'runid') continue;
    if (measure.name === 'num_q') {
      values[offset] = 1;
      continue;
    }
    if (measure.preference === undefined) throw calculationFailure(bound, relFormat)!;
    if (counts === undefined) {
      if (ranking.repeated !== undefined) {
        throw new RankevalError({
          code: 'invalid_run',
          subject: { kind: 'run', run: runFile },
          at: { query: qid, document: ranking.repeated },
          problem: `document ${JSON.stringify(ranking.repeated)} appears twice for query ${qid} in ${runFile}`,
          expected: 'each document once per query',
          received: ranking.repeated,
        });
      }
      const counted = countPreferences(qid, ranking.docs, prefs.queries.get(qid)!);
      if ('error' in counted) throw counted.error;
      counts = counted;
    }
    values[offset] = measure.preference(counts);
  }
  return values;
}

