import { describe, expect, it } from 'vitest';
import { labelAgreement } from '../../src/agreement/label-agreement.js';
import { systemAgreement } from '../../src/analysis/system-agreement.js';
import { type AgreeReport, renderAgreement, systemWarningLines } from '../../src/text/agreement.js';

// A judges d1 and d2 of q1 and d3 of q2; B grades d1 alike, d2 one grade up, d3 alike, and judges d4 too.
const qrelsA = { q1: { d1: 2, d2: 0 }, q2: { d3: 1 } };
const qrelsB = { q1: { d1: 2, d2: 1 }, q2: { d3: 1, d4: 0 } };
// Under A d1 is the relevant one of q1, under B both are: `second` (d2 first) gains under B.
const runs = { first: { q1: ['d1', 'd2'], q2: ['d3'] }, second: { q1: ['d2', 'd1'], q2: ['d4', 'd3'] } };
const settings = { relevanceThreshold: 1, samples: 50, seed: 7, test: 't', alpha: 0.05, correction: 'holm' } as const;
const labels = labelAgreement(qrelsA, qrelsB, { samples: 50, seed: 7 });
const report: AgreeReport = { names: ['people', 'llm'], labels, ...settings };

describe('renderAgreement', () => {
  it('prints the label table, the intervals, the binary counts and the grades side by side', () => {
    const text = renderAgreement(report, 'table', false);
    const four = (value: number | null) => value!.toFixed(4);
    expect(text.split('\n').slice(0, 3)).toEqual([
      'labels: A people, B llm; over the documents both judge',
      'scope  name  judged   exact   kappa  kappa_linear  kappa_quadratic   alpha  binary  binary_kappa',
      // 2 of the 3 documents both judge have one grade; on relevant or not, d2 differs.
      `all               3  ${four(2 / 3)}  ${four(labels.kappa.unweighted)}        ${four(labels.kappa.linear)}           ${four(labels.kappa.quadratic)}  ${four(labels.alpha)}  ${four(2 / 3)}        ${four(labels.binary.kappa)}`,
    ]);
    expect(text).toContain('relevant (grade ≥ 1): both 2, A only 0, B only 1, neither 0\n');
    expect(text).toContain('judged on one side only: A people 0 documents in 0 queries, B llm 1 document in 1 query\n');
    expect(text).toContain(['grades given (rows: A people; columns: B llm)', 'A \\ B  0  1  2', '0      0  1  0', '1      0  1  0', '2      0  0  1', ''].join('\n'));
  });

  it('adds a row per query with perQuery, blank where κ or α is undefined, and says why', () => {
    const text = renderAgreement(report, 'table', true);
    // q2's one document is graded 1 by both: every κ and α of q2 is undefined.
    expect(text).toMatch(/\nquery  q2\s+1  1\.0000\s+1\.0000\s*\n/);
    expect(text).toContain(
      '(a blank is undefined: kappa (each weighting) and alpha where both sides give every document one and the same grade; binary_kappa where both sides call every document relevant (grade ≥ 1), or both call none relevant)\n',
    );
  });

  it('says a κ or α blank only where both sides give one and the same grade, not where one side alone does', () => {
    // q1: A grades all 1, B grades 0, 1 and 2; q2: A grades all 1, B all 2. κ is 0 on both, α a number, and
    // only q2's binary κ (both call everything relevant) and nothing else is undefined.
    const oneSided = labelAgreement({ q1: { d1: 1, d2: 1, d3: 1 }, q2: { d4: 1, d5: 1 } }, { q1: { d1: 0, d2: 1, d3: 2 }, q2: { d4: 2, d5: 2 } }, { samples: 20 });
    expect([oneSided.perQuery.q1!.kappa.unweighted, oneSided.perQuery.q2!.kappa.unweighted, oneSided.perQuery.q2!.binary.kappa]).toEqual([0, 0, null]);
    const text = renderAgreement({ ...report, labels: oneSided }, 'table', true);
    expect(text).toContain('\n(a blank is undefined: binary_kappa where both sides call every document relevant (grade ≥ 1), or both call none relevant)\n');
    expect(text).not.toContain('kappa (each weighting)');
    expect(renderAgreement({ ...report, labels: oneSided }, 'table', false)).not.toContain('a blank');
  });

  it('with runs, prints their means and ranks, the correlations and the flipped pairs', () => {
    const systems = systemAgreement(runs, qrelsA, qrelsB, { measure: 'P@1' });
    const text = renderAgreement({ ...report, systems }, 'table', false);
    expect(text).toContain(['systems on P@1, best under A first; means over the 2 queries both label sets judge', 'run     mean_a  mean_b  rank_a  rank_b', 'first   1.0000  1.0000       1       1', 'second  0.0000  0.5000       2       2', ''].join('\n'));
    expect(text).toContain('scope  systems   tau_b  tau_ap_b  spearman\nall          2  1.0000    1.0000    1.0000\n');
    expect(text).toContain('no pair of systems changes order\n');
    const flipped = systemAgreement(runs, qrelsA, { q1: { d2: 1 }, q2: { d4: 1 } }, { measure: 'P@1' });
    const flips = renderAgreement({ ...report, systems: flipped }, 'markdown', false);
    expect(flips).toContain('| higher | lower | delta_a | delta_b | p_a | p_b | significant |');
    // first − second is 1 on both queries under A and −1 under B: a paired t test with no spread gives p 0.
    expect(flips).toContain('| first | second | 1.0000 | -1.0000 | 0.0000 | 0.0000 | yes |');
    expect(renderAgreement({ ...report, systems: flipped }, 'csv', false).split('\n')).toEqual(expect.arrayContaining(['flips,first > second,p_a,0', 'flips,first > second,significant,1']));
  });

  it('over one query: blank p-values and significance, in every format, and the warnings in the files’ names', () => {
    // Only q1 is judged by both; A's d1 is relevant, B's d2: first wins under A, second under B.
    const systems = systemAgreement(runs, { q1: { d1: 1 }, q3: { d1: 1 } }, { q1: { d2: 1 } }, { measure: 'P@1' });
    const text = renderAgreement({ ...report, systems }, 'table', false);
    expect(text).toContain('systems on P@1, best under A first; means over the 1 query both label sets judge\n');
    expect(text).toMatch(/\nfirst\s+second\s+1\.0000\s+-1\.0000\s*\n/);
    const csv = renderAgreement({ ...report, systems }, 'csv', false).split('\n');
    expect(csv).toEqual(expect.arrayContaining(['runs,all,queries,1', 'flips,first > second,p_a,', 'flips,first > second,significant,']));
    expect(JSON.parse(renderAgreement({ ...report, systems }, 'json', false)).systems).toMatchObject({ queries: 1, flips: [{ pValueA: null, significant: null }], warnings: systems.warnings });
    expect(systemWarningLines(systems, ['people.qrels', 'llm.qrels'])).toEqual([
      'people.qrels and llm.qrels judge different queries: 1 only people.qrels judges (q3), none only llm.qrels judges; the means are over the 1 both judge',
      'a paired comparison needs at least 2 judged queries, got 1: the flipped pairs have no p-value',
      "τ_b, τ_AP,b and Spearman's ρ over 2 systems are 1, −1 or undefined whatever the labels: they say nothing of the labels' agreement",
    ]);
  });

  it('CSV gives one figure a row, every digit', () => {
    const lines = renderAgreement(report, 'csv', false).trimEnd().split('\n');
    expect(lines[0]).toBe('section,name,statistic,value');
    expect(lines).toContain(`labels,all,kappa,${labels.kappa.unweighted}`);
    expect(lines).toContain('confusion,a=0 b=1,documents,1');
    expect(lines.filter((line) => line.startsWith('labels,'))).toHaveLength(8);
  });

  it('JSON holds the whole result, per query only with perQuery', () => {
    const { perQuery, ...overall } = labels;
    expect(JSON.parse(renderAgreement(report, 'json', false))).toEqual({ a: 'people', b: 'llm', settings, labels: JSON.parse(JSON.stringify(overall)) });
    expect(JSON.parse(renderAgreement(report, 'json', true)).labels.perQuery).toEqual(JSON.parse(JSON.stringify(perQuery)));
  });

  it('shows a label set name as text', () => {
    expect(renderAgreement({ ...report, names: ['a\u001b[31m', 'b|c'] }, 'markdown', false)).toContain('labels: A a\\x1b\\[31m, B b\\|c;');
  });
});
