// A report input of any number of queries, the same on every machine: for the report's size and drawing at
// scale; and the parts of a rendered page the report's tests read.

/**
 * `queries` judged queries with one relevant document each, and two runs of 20 documents, `baseline` and
 * `candidate`, that find it at a rank drawn from their own seed, or (one time in five) not at all.
 */
export function manyQueries(queries: number) {
  // A linear congruential generator (Numerical Recipes' constants).
  const draws = (seed: number) => {
    let state = seed;
    return () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  };
  const ids = Array.from({ length: queries }, (_, i) => `q${i}`);
  const run = (seed: number) => {
    const random = draws(seed);
    return new Map(
      ids.map((qid) => {
        const ranking = Array.from({ length: 20 }, (_, i) => `${qid}-d${i}`);
        const rank = Math.floor(random() * 25);
        if (rank < 20) ranking[rank] = `${qid}-r`;
        return [qid, ranking];
      }),
    );
  };
  return { qrels: new Map(ids.map((qid) => [qid, new Map([[`${qid}-r`, 1]])])), runs: new Map([['baseline', run(1)], ['candidate', run(2)]]) };
}

/** One chart's SVG, by its name. */
export function chartSvg(page: string, chart: string): string {
  const start = page.indexOf(`<figure class="chart" data-chart="${chart}">`);
  if (start < 0) throw new Error(`no chart named ${chart}`);
  return page.slice(start, page.indexOf('<figcaption>', start));
}

/** The texts of one axis's tick labels in the chart named `chart` (without their tooltips). */
export function tickLabels(page: string, chart: string, axis: 'x' | 'y'): string[] {
  const group = chartSvg(page, chart).match(new RegExp(`aria-label="${axis}-axis tick label"[^>]*>(.*?)</g>`))![1]!;
  return [...group.matchAll(/<text[^>]*>([^<]*)(?:<title>[^<]*<\/title>)?<\/text>/g)].map((match) => match[1]!);
}
