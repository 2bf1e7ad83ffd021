// rankeval trec -R qrels_jg: map, P and Rprec_mult of each judgment group, averaged over the query's groups
// (trec_eval's map_avgjg, P_avgjg, Rprec_mult_avgjg), on in-memory files.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { createRunReader, parseQrels, parseQrelsJg } from '../../src/formats/trec-bytes.js';
import { createTrecEvaluation, type RelFormat, type TrecEvalOptions } from '../../src/trec/evaluate.js';
import { createJudgesEvaluation } from '../../src/trec/judges.js';
import { parseFailure } from '../helpers/trec-bytes.js';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

const OPTIONS: TrecEvalOptions = {
  relFormat: 'qrels_jg',
  perQuery: true,
  complete: false,
  relevanceLevel: 1,
  maxDocs: 1000,
  numDocsInColl: 0,
  judgedOnly: false,
  summary: true,
  measures: ['qrels_jg'],
  version: 9,
};

/** `trec_eval -q -R FORMAT -m MEASURE… rel run` on in-memory files: the output text. */
function output(rel: string, run: string, options: Partial<TrecEvalOptions> = {}): string {
  const all = { ...OPTIONS, ...options };
  const format: RelFormat = all.relFormat;
  const evaluation = format === 'qrels_jg' ? createJudgesEvaluation(parseQrelsJg(bytes(rel), 'qrels'), 'run', all) : createTrecEvaluation(parseQrels(bytes(rel), 'qrels'), 'run', all);
  const reader = createRunReader('run', (block) => evaluation.addBlock(block));
  reader.push(bytes(run), true);
  return evaluation.finish(reader.runId());
}

/** The printed values: measure → qid → value. */
function values(rel: string, run: string, options: Partial<TrecEvalOptions> = {}): Map<string, Map<string, string>> {
  const table = new Map<string, Map<string, string>>();
  for (const line of output(rel, run, options).trimEnd().split('\n')) {
    const [name, qid, value] = line.split('\t').map((field) => field.trim()) as [string, string, string];
    if (!table.has(name)) table.set(name, new Map());
    table.get(name)!.set(qid, value);
  }
  return table;
}

const RUN = 'q1 Q0 d1 1 3 r\nq1 Q0 d2 2 2 r\nq1 Q0 d3 3 1 r\n';
// alice: d1 and d3 relevant (R = 2); bob: d2 and d4, unretrieved (R = 2); carol: no relevant document.
const JUDGES = 'q1 alice d1 1\nq1 alice d3 1\nq1 bob d2 1\nq1 bob d4 1\nq1 bob d1 0\nq1 carol d1 0\n';

describe('three judges of one query', () => {
  const table = values(JUDGES, RUN, { measures: ['map_avgjg', 'P_avgjg.1,2,5', 'Rprec_mult_avgjg.0.5,1'] });
  const at = (name: string): number => Number(table.get(name)!.get('q1'));

  test('map_avgjg: each judge\'s AP, a judge without relevant documents counting 0, over the 3 judges', () => {
    expect(at('map_avgjg')).toBeCloseTo(((1 / 1 + 2 / 3) / 2 + 1 / 2 / 2 + 0) / 3, 4);
  });

  test('P_avgjg at cutoffs: each judge\'s precision at k, averaged', () => {
    expect(at('P_avgjg_1')).toBeCloseTo((1 + 0 + 0) / 3, 4);
    expect(at('P_avgjg_2')).toBeCloseTo((1 / 2 + 1 / 2 + 0) / 3, 4);
    // Past the 3 retrieved documents, the missing ones count as non-relevant.
    expect(at('P_avgjg_5')).toBeCloseTo((2 / 5 + 1 / 5 + 0) / 3, 4);
  });

  test('Rprec_mult_avgjg: precision at a multiple of each judge\'s own R', () => {
    // alice and bob: R = 2, so 0.5·R = 1 and 1·R = 2; carol: R = 0 gives 0.
    expect(at('Rprec_mult_avgjg_0.50')).toBeCloseTo((1 / 1 + 0 / 1 + 0) / 3, 4);
    expect(at('Rprec_mult_avgjg_1.00')).toBeCloseTo((1 / 2 + 1 / 2 + 0) / 3, 4);
  });

  test('-l 2: a grade-1 document is relevant to nobody, so every value is 0', () => {
    const high = values(JUDGES, RUN, { relevanceLevel: 2, measures: ['map_avgjg'] });
    expect(high.get('map_avgjg')!.get('q1')).toBe('0.0000');
  });

  test('-l -1: a group whose grades are all negative divides AP by R = 0, as trec_eval: inf', () => {
    // erin graded d1 -1 only: R = 0, while d2 and d3, which she did not grade, count as relevant at -l -1.
    const table = values(`${JUDGES}q1 erin d1 -1\n`, RUN, { relevanceLevel: -1, measures: ['map_avgjg', 'P_avgjg.2'] });
    expect(output(`${JUDGES}q1 erin d1 -1\n`, RUN, { relevanceLevel: -1, measures: ['map_avgjg'] })).toBe('map_avgjg             \tq1\t   inf\nmap_avgjg             \tall\t   inf\n');
    // P has no R to divide by. At -l -1 an ungraded document is relevant, one graded below 0 is not (trec_eval
    // marks it -2): erin's P@2 counts d2 alone, the others' count d1 (graded, or ungraded) and d2.
    expect(Number(table.get('P_avgjg_2')!.get('q1'))).toBeCloseTo((2 / 2 + 2 / 2 + 2 / 2 + 1 / 2) / 4, 4);
  });

  test('-M 1: only the first document, for every judge', () => {
    const cut = values(JUDGES, RUN, { maxDocs: 1, measures: ['map_avgjg'] });
    expect(Number(cut.get('map_avgjg')!.get('q1'))).toBeCloseTo((1 / 2 + 0 + 0) / 3, 4);
  });
});

describe('the all line', () => {
  test('the mean over the queries of the per-query means, however many judges each has', () => {
    const table = values(`${JUDGES}q2 dan d9 1\n`, `${RUN}q2 Q0 d9 1 1 r\n`, { measures: ['map_avgjg'] });
    expect(Number(table.get('map_avgjg')!.get('all'))).toBeCloseTo((((1 / 1 + 2 / 3) / 2 + 1 / 2 / 2 + 0) / 3 + 1) / 2, 4);
  });

  test('-c: over every query of the file, one without results scoring 0', () => {
    const table = values(`${JUDGES}q2 dan d9 1\n`, RUN, { measures: ['num_q', 'map_avgjg'], complete: true });
    expect(table.get('num_q')!.get('all')).toBe('2');
    expect(Number(table.get('map_avgjg')!.get('all'))).toBeCloseTo(((1 / 1 + 2 / 3) / 2 + 1 / 2 / 2 + 0) / 3 / 2, 4);
  });
});

describe('one judge: the averages are map, P and Rprec_mult', () => {
  const doc = fc.constantFrom('d1', 'd2', 'd3', 'd4', 'd5', 'd6');
  const judged = fc.uniqueArray(fc.tuple(doc, fc.integer({ min: -1, max: 2 })), { minLength: 1, maxLength: 6, selector: ([id]) => id });
  const ranked = fc.uniqueArray(fc.tuple(doc, fc.integer({ min: 0, max: 3 })), { maxLength: 6, selector: ([id]) => id });

  test('the per-query and all lines print the same values as -R qrels with map, P and Rprec_mult', () => {
    fc.assert(
      fc.property(judged, ranked, fc.integer({ min: -1, max: 2 }), (judgments, ranking, level) => {
        const rel = judgments.map(([id, grade]) => `q1 judge ${id} ${grade}\n`).join('');
        const run = ranking.length === 0 ? 'q0 Q0 x 1 1 r\n' : ranking.map(([id, score], i) => `q1 Q0 ${id} ${i + 1} ${score} r\n`).join('');
        if (ranking.length === 0) return; // no query both judged and run: nothing to compare
        // All grades negative: trec_eval fails on such a query with -R qrels (it has no levels), so there is nothing to equal.
        fc.pre(judgments.some(([, grade]) => grade >= 0));
        const byJudge = output(rel, run, { relevanceLevel: level, measures: ['map_avgjg', 'P_avgjg', 'Rprec_mult_avgjg'] });
        const plain = output(rel, run, { relevanceLevel: level, relFormat: 'qrels', measures: ['map', 'P', 'Rprec_mult'] });
        expect(byJudge.replace(/_avgjg/g, '').replace(/(\S+)\s+\t/g, (_, name: string) => `${name.padEnd(22)}\t`)).toBe(plain);
      }),
      { numRuns: 150 },
    );
  });
});

describe('what trec_eval cannot compute', () => {
  test('a qrels measure from several judges\' qrels, and an averaged one from qrels, fail at the first query', () => {
    expect(() => output(JUDGES, RUN, { measures: ['map'] })).toThrow("can't calculate measure 'map' from a relevance file of format qrels_jg (-R qrels_jg): it reads qrels");
    // The first in trec_eval's order fails, whatever the order of -m.
    expect(() => output(JUDGES, RUN, { measures: ['map_avgjg', 'num_ret'] })).toThrow("can't calculate measure 'num_ret' from a relevance file of format qrels_jg (-R qrels_jg): it reads qrels");
    expect(() => output('q1 0 d1 1\n', RUN, { relFormat: 'qrels', measures: ['map_avgjg'] })).toThrow("can't calculate measure 'map_avgjg' from a relevance file of format qrels (-R qrels): it reads qrels_jg");
  });

  test('runid and num_q need no judgments', () => {
    expect(output(JUDGES, RUN, { measures: ['runid', 'num_q'] })).toBe('runid                 \tall\tr\nnum_q                 \tall\t1\n');
  });

  test('runid and num_q alone read no document: a run listing one twice is not refused', () => {
    expect(output(JUDGES, `${RUN}q1 Q0 d1 4 0 r\n`, { measures: ['runid', 'num_q'] })).toBe('runid                 \tall\tr\nnum_q                 \tall\t1\n');
    expect(output('q1 0 d1 1\n', `${RUN}q1 Q0 d1 4 0 r\n`, { relFormat: 'qrels', measures: ['runid', 'num_q'] })).toBe('runid                 \tall\tr\nnum_q                 \tall\t1\n');
  });

  test('a document the run lists twice is refused at its line', () => {
    expect(parseFailure(() => output(JUDGES, `${RUN}q1 Q0 d1 4 0 r\n`))).toBe('run:4: document "d1" appears twice for query q1 (lines 1 and 4)');
  });
});
