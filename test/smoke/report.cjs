// Loads `rankeval/report` by name as a CommonJS consumer does and renders a two-run report.
const { renderReport } = require('rankeval/report');

const qrels = new Map([['q1', new Map([['a', 1]])], ['q2', new Map([['b', 1]])]]);
const runs = new Map([
  ['base', new Map([['q1', ['x', 'a']], ['q2', ['b']]])],
  ['new', new Map([['q1', ['a', 'x']], ['q2', ['b']]])],
]);
renderReport({ qrels, runs }, { measures: ['mrr'] }).then((html) => {
  console.log(JSON.stringify({ format: 'cjs', html: html.startsWith('<!DOCTYPE html>'), charts: html.split('<figure class="chart"').length - 1 }));
});
