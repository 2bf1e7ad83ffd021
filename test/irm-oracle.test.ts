// Differential test: evaluateRun, given ir_measures' own measure names, against ir_measures 0.4.3's
// per-query and aggregate values (test/fixtures/irm-oracle, copied from ../shared/irm-oracle: expected.tsv
// and each measure's provider per case; the steering cases' qrels and runs are the trec oracle's).
// Every value must agree to 1e-9, except where ir_measures' provider itself departs from trec_eval's
// conventions or definitions: those are listed in DEPARTURES, with the reason, and in README.md.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { evaluateRun, parseGoldenSet, parseRun } from '../src/index.js';
import { fixed, readQrels, readRun } from './helpers/trec.js';

const ORACLE = join(import.meta.dirname, 'fixtures/irm-oracle');
const TREC_CASES = join(import.meta.dirname, 'fixtures/trec-oracle/cases');
const TOLERANCE = 1e-9;

interface CaseMeasures {
  readonly kind: 'adhoc' | 'ties' | 'diversity';
  readonly measures: Record<string, { provider: string; status: string; rounded_decimals?: number }>;
}

/** Why a value may differ: the provider's convention, not a definition rankeval shares. */
interface Departure {
  readonly measures: RegExp;
  /** Which values: every value of the case, or only these. */
  readonly applies: (context: { qid: string; unanswered: ReadonlySet<string>; tied: ReadonlySet<string> }) => boolean;
  readonly reason: string;
}

/** Every value of the measure: a definition rankeval does not share. */
const everyValue = (): boolean => true;

/** Values a tie rule decides: the queries whose ranking has equal scores, and the mean over queries. */
function byTies({ qid, tied }: { qid: string; tied: ReadonlySet<string> }): boolean {
  return tied.has(qid) || (qid === 'all' && tied.size > 0);
}

const DEPARTURES: readonly Departure[] = [
  {
    measures: /^NumRel$/,
    applies: ({ qid, unanswered }) => qid === 'all' || unanswered.has(qid),
    reason: 'ir_measures gives 0 for every measure of a judged query missing from the run, NumRel included; rankeval and trec_eval -c count its relevant documents',
  },
  {
    measures: /^(RR@\d+|Judged@\d+)$/,
    applies: byTies,
    reason: "ir_measures' msmarco and judged providers break score ties by docno ascending; rankeval by docno descending, as trec_eval",
  },
  {
    measures: /^(RBP\(p=[\d.]+,rel=\d+\)|NERR8\(max_rel=\d+\)@\d+|INST\(max_rel=\d+\))$/,
    applies: byTies,
    reason: "ir_measures' cwl_eval provider keeps tied documents in input order; rankeval orders them by docno descending, as trec_eval",
  },
  {
    measures: /^SDCG\(/,
    applies: everyValue,
    reason: "cwl_eval's scaled DCG is not in rankeval's catalogue (it is neither a trec_eval nor an ir_measures core measure)",
  },
  {
    measures: /^RBP\(p=[\d.]+\)$/,
    applies: everyValue,
    reason: "trectools (ir_measures' only provider for graded RBP) takes the raw grade as gain (values above 1); rankeval scales gains into [0, 1] as trec_eval 10",
  },
];

const cases = readdirSync(ORACLE)
  .filter((name) => JSON.parse(readFileSync(join(ORACLE, name, 'measures.json'), 'utf8')).kind !== 'diversity')
  .sort();

function inputs(name: string): { qrels: string; run: string } {
  const own = join(ORACLE, name);
  const dir = existsSync(join(own, 'qrels')) ? own : join(TREC_CASES, name);
  return { qrels: join(dir, 'qrels'), run: join(dir, 'run') };
}

function readExpected(file: string): Map<string, Map<string, number>> {
  const byMeasure = new Map<string, Map<string, number>>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line === '') continue;
    const [measure, qid, value] = line.split('\t') as [string, string, string];
    if (!byMeasure.has(measure)) byMeasure.set(measure, new Map());
    byMeasure.get(measure)!.set(qid, Number(value));
  }
  return byMeasure;
}

describe.each(cases)('ir_measures 0.4.3 case %s', (name) => {
  const meta = JSON.parse(readFileSync(join(ORACLE, name, 'measures.json'), 'utf8')) as CaseMeasures;
  const files = inputs(name);
  // trec_eval's reading (the helpers'): a run-only query may repeat a document (cases 007, 027), as
  // trec_eval and ir_measures never look at it.
  const qrels = readQrels(files.qrels);
  const run = new Map([...readRun(files.run)].filter(([qid]) => qrels.has(qid)));
  const unanswered = new Set([...qrels.keys()].filter((qid) => !run.has(qid)));
  const tied = new Set([...run].filter(([, ranking]) => new Set(ranking.map((document) => document.score)).size < ranking.length).map(([qid]) => qid));
  const expected = readExpected(join(ORACLE, name, 'expected.tsv'));

  // A measure whose every value departs is not computed (rankeval may not even have it: SDCG).
  const shared = [...expected.keys()].filter((measure) => !DEPARTURES.some((departure) => departure.applies === everyValue && departure.measures.test(measure)));
  test.each(shared)('%s', (measure) => {
    const decimals = meta.measures[measure]?.rounded_decimals;
    const result = evaluateRun(run, qrels, { measures: [measure] });
    let compared = 0;
    for (const [qid, want] of expected.get(measure)!) {
      if (DEPARTURES.some((departure) => departure.measures.test(measure) && departure.applies({ qid, unanswered, tied }))) continue;
      const got = qid === 'all' ? result.mean[measure] : result.perQuery[qid]?.[measure];
      expect(got, `${measure} of ${qid}`).toBeTypeOf('number');
      if (decimals === undefined) expect(Math.abs(got! - want), `${measure} of ${qid}: ${got} vs ${want}`).toBeLessThanOrEqual(TOLERANCE);
      else if (qid === 'all') expect(Math.abs(got! - want), `${measure} of all: ${got} vs ${want}`).toBeLessThanOrEqual(0.5 * 10 ** -decimals + TOLERANCE);
      // Rounded as gdeval.pl prints (C's %.5f: exact halves to even, e.g. 1/64 → 0.01562).
      else expect(Number(fixed(got!, decimals)), `${measure} of ${qid}`).toBeCloseTo(want, decimals + 2);
      compared++;
    }
    // A departure for some values (ties, unanswered queries) never leaves a whole measure of a case unchecked
    // unless every value of it falls under one.
    if (compared === 0) expect(DEPARTURES.some((departure) => departure.measures.test(measure))).toBe(true);
  });
});

// The diversity cases (d*): TREC diversity qrels read as a golden set with aspects, scored through
// evaluateRun with the catalogue's aspect measures under ir_measures' (pyndeval's) names.
const diversityCases = readdirSync(ORACLE)
  .filter((name) => JSON.parse(readFileSync(join(ORACLE, name, 'measures.json'), 'utf8')).kind === 'diversity')
  .sort();

describe.each(diversityCases)('ir_measures 0.4.3 (pyndeval) diversity case %s', (name) => {
  const files = inputs(name);
  const golden = parseGoldenSet(readFileSync(files.qrels), { file: files.qrels, format: 'trec-diversity' });
  const run = parseRun(readFileSync(files.run), { file: files.run, format: 'trec' });
  const expected = readExpected(join(ORACLE, name, 'expected.tsv'));

  test.each([...expected.keys()])('%s', (measure) => {
    const result = evaluateRun(run.rankings, golden.qrels, { measures: [measure], aspects: golden.aspects! });
    for (const [qid, want] of expected.get(measure)!) {
      const got = qid === 'all' ? result.mean[measure] : result.perQuery[qid]?.[measure];
      expect(got, `${measure} of ${qid}`).toBeTypeOf('number');
      expect(Math.abs(got! - want), `${measure} of ${qid}: ${got} vs ${want}`).toBeLessThanOrEqual(TOLERANCE);
    }
  });
});
