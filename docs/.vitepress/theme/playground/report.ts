// The report of the runs scored, drawn by the library's own report (rankeval/report), in the browser: its
// drawing code (Observable Plot and linkedom) loads on the first report, not with the page.
import type { GoldenSet, SignificanceTest } from '../../../../src/index.js';
import { goldenSetOptions, type ScoredRun } from './score.js';

export interface ReportRequest {
  readonly golden: GoldenSet;
  readonly runs: readonly ScoredRun[];
  readonly measures: readonly string[];
  readonly test: SignificanceTest;
}

/**
 * The report as one self-contained HTML page (no script, no network access), as `rankeval report` writes
 * it: the golden set's tags as slices, its questions beside the queries lost most, its aspects and lengths
 * when it gives them, the runs' latency when a JSONL run gives `latency_ms`.
 */
export async function drawReport({ golden, runs, measures, test }: ReportRequest): Promise<string> {
  const { renderReport } = await import('../../../../src/report/index.js');
  const timed = runs.filter(({ run }) => run.latency.size > 0);
  return renderReport(
    {
      qrels: golden.qrels,
      slices: golden.tags,
      questions: golden.questions,
      runs: new Map(runs.map(({ name, run }) => [name, run.rankings])),
      ...(timed.length === 0 ? {} : { latency: new Map(timed.map(({ name, run }) => [name, run.latency])) }),
    },
    { measures, test, ...goldenSetOptions(golden), title: 'rankeval playground', subtitle: [`golden set ${golden.format} · ${runs.map(({ name, run }) => `${name} (${run.format})`).join(' · ')}`] },
  );
}
