// Differential test: the library's metrics against trec_eval 9.0.8's printed output on the 40 adversarial
// cases of test/fixtures/trec-oracle (copied from ../shared/trec-oracle). Every value of every measure the
// core library covers must print identically; the other all_trec measures belong to the TREC CLI.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { evaluate, evaluateRun } from '../src/index.js';
import { rankedIds } from '../src/metrics/counts.js';
import { fixed, readExpected, readQrels, readRun } from './helpers/trec.js';

const printf4 = (x: number): string => fixed(x, 4);

const CASES = join(import.meta.dirname, 'fixtures/trec-oracle/cases');

interface Variant {
  args: string[];
  rc: number;
}

/** trec_eval measure name → rankeval measure name (`k` is the cutoff). */
function toMeasure(trecName: string): string | undefined {
  const cut = /^(P|recall|map_cut|ndcg_cut|success)_(\d+)$/.exec(trecName);
  if (cut) {
    const base = { P: 'P', recall: 'recall', map_cut: 'map', ndcg_cut: 'ndcg', success: 'success' }[cut[1]!];
    return `${base}@${cut[2]}`;
  }
  return { map: 'map', recip_rank: 'mrr', Rprec: 'R-prec', set_P: 'P', set_recall: 'recall', set_F: 'f1' }[trecName];
}

const COUNTS = { num_ret: 'retrieved', num_rel: 'relevant', num_rel_ret: 'relevantRetrieved' } as const;

function flags(args: string[]): { complete: boolean; level: number; depth: number; beta1: boolean } {
  const value = (flag: string): string | undefined => args[args.indexOf(flag) + 1];
  return {
    complete: args.includes('-c'),
    level: args.includes('-l') ? Number(value('-l')) : 1,
    depth: args.includes('-M') ? Number(value('-M')) : Infinity,
    beta1: !args.some((arg) => arg.startsWith('set_F.')),
  };
}

const cases = readdirSync(CASES).sort();

describe.each(cases)('trec_eval 9.0.8 case %s', (name) => {
  const dir = join(CASES, name);
  const meta = JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8')) as { profile: string; outputs: Record<string, Variant> };
  const variants = Object.entries(meta.outputs).filter(([file]) => !file.endsWith('_v10.txt'));
  const qrels = readQrels(join(dir, 'qrels'));
  const fullRun = readRun(join(dir, 'run'));

  test.each(variants)('%s', (file, variant) => {
    const { complete, level, depth, beta1 } = flags(variant.args);
    const run = new Map<string, string[]>();
    for (const [qid, ranking] of fullRun) run.set(qid, rankedIds(ranking, 'test').slice(0, depth) as string[]);
    const judged = complete ? qrels : new Map([...qrels].filter(([qid]) => run.has(qid)));

    if (variant.rc !== 0) {
      if (meta.profile.startsWith('dup_docid') || meta.profile === 'error_dup_docid_in_run') {
        // trec_eval refuses a ranking that repeats a document; so must the library.
        expect(() => evaluateRun(run, judged, { measures: ['map'] })).toThrow(/duplicate document id/);
      }
      return; // other failures (malformed files) are the TREC readers' business
    }

    const expected = readExpected(join(dir, file));
    const measures = new Set<string>();
    for (const key of expected.keys()) {
      const trecName = key.split('\t')[0]!;
      const measure = toMeasure(trecName);
      if (measure !== undefined && (trecName !== 'set_F' || beta1)) measures.add(measure);
    }
    const result = evaluateRun(run, judged, { measures: [...measures], relevanceThreshold: level });

    const actual = new Map<string, string>();
    for (const [qid, scores] of Object.entries(result.perQuery)) {
      const counts = evaluate(run.get(qid) ?? [], judged.get(qid)!, { relevanceThreshold: level });
      for (const [trecName, key] of Object.entries(COUNTS)) {
        if (expected.has(`${trecName}\t${qid}`)) actual.set(`${trecName}\t${qid}`, String(counts[key]));
      }
      if (!run.has(qid)) continue; // trec_eval 9.0.8 prints no per-query line for a query without results
      for (const key of expected.keys()) {
        const [trecName, keyQid] = key.split('\t') as [string, string];
        const measure = toMeasure(trecName);
        if (keyQid === qid && measure !== undefined && measures.has(measure)) actual.set(key, printf4(scores[measure]!));
      }
    }
    for (const key of expected.keys()) {
      const [trecName, qid] = key.split('\t') as [string, string];
      const measure = toMeasure(trecName);
      if (qid === 'all' && measure !== undefined && measures.has(measure)) actual.set(key, printf4(result.mean[measure]!));
    }

    const wanted = new Map([...expected].filter(([key]) => actual.has(key) || isCompared(key, measures)));
    expect(actual.size).toBeGreaterThan(0);
    expect(Object.fromEntries(actual)).toEqual(Object.fromEntries(wanted));
  });
});

function isCompared(key: string, measures: ReadonlySet<string>): boolean {
  const trecName = key.split('\t')[0]!;
  if (trecName in COUNTS) return !key.endsWith('\tall'); // summary counts are the TREC CLI's business
  const measure = toMeasure(trecName);
  return measure !== undefined && measures.has(measure);
}

test('the fixture cases are all there', () => {
  expect(cases).toHaveLength(40);
});
