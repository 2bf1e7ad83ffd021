// trec_eval's byte reader, as the rest of rankeval imports it: qrels and run files read on bytes as
// trec_eval 9.x reads them, from byte chunks (no Node import), so the same code reads a file, a stream or an
// in-memory buffer.
//
// What trec_eval accepts, and so what these accept: fields separated by any run of spaces, tabs, CR, VT or
// FF; a run line needs six fields (qid iter docno rank score runid; more are ignored), a qrels line exactly
// four (qid iter docno rel); blank lines are skipped in runs and refused in qrels; a missing final newline
// is fine. Scores are read as C's atof reads them (the longest numeric prefix), grades as atol.
//
// The parts: trec-fields.ts (what both readers share), trec-qrels.ts, trec-run-reader.ts (chunks) over
// trec-run-lines.ts (lines), trec-qrels-jg.ts (several judges' qrels, -R qrels_jg), and run-block.ts (a query's lines as the run reader hands them over).
export { appendBlock, type RunBlock } from './run-block.js';
export { hashBytes, isDecimalNumber, parseError } from './trec-fields.js';
export { parseQrels, type Qrels, type QrelsQuery } from './trec-qrels.js';
export { parseQrelsJg, type JudgeGroup, type JudgeQrels } from './trec-qrels-jg.js';
export { createRunReader, type LineLimit, type RunReader } from './trec-run-reader.js';
export type { RepeatWatch } from './trec-run-lines.js';
