// `rankeval/judge`: the judging loop, which writes its store to disk (Node only). Its own entry, so that
// the library entry stays free of Node; the store's reader and toQrels are the library's.
export { judge, type JudgeResult } from './judge.js';
export type { JudgeAnswer, JudgeFunction, JudgeOptions, JudgeProgress, JudgeRequest } from './judge-settings.js';
export type { JudgeFailure } from './judge-loop.js';
export { judgeProgress, type JudgeProgressOptions, type ProgressOutput } from './judge-progress.js';
