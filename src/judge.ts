// `rankeval/judge`: the judging loops, which write their stores to disk (Node only): judge() for grades,
// assignNuggets() for nugget assignments. Its own entry, so that the library entry stays free of Node; the
// stores' readers and toQrels are the library's. At the root of src/, as an entry: its loops live in two
// layers (judging, nuggets).
export { judge, type JudgeResult } from './judging/judge.js';
export type { JudgeAnswer, JudgeFunction, JudgeOptions, JudgeProgress, JudgeRequest } from './judging/judge-settings.js';
export type { JudgeFailure } from './judging/judge-loop.js';
export { judgeProgress, type JudgeProgressOptions, type ProgressOutput } from './judging/judge-progress.js';
export {
  assignNuggets,
  type AssignAnswer,
  type AssignFailure,
  type AssignFunction,
  type AssignNuggetsOptions,
  type AssignNuggetsResult,
  type AssignProgress,
  type AssignRequest,
} from './nuggets/assign-nuggets.js';
