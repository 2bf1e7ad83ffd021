// `rankeval/diversity`: the aspect (subtopic) measures of one ranking, as ndeval scores the TREC Web track's
// diversity task. Rule: every single-ranking function that takes one query's aspects (`QueryAspects`) comes
// from here, not from `rankeval`. A run is scored on the same measures by name through `evaluateRun` with
// its `aspects` option (`Aspects`, a shared type of `rankeval`). Node-free.

export { allAspects, alphaNdcg, aspectRecall, errIa, pIa } from '../metrics/diversity.js';
export type { QueryAspects } from '../core/aspects.js';
