// The worker thread of compare's and report's runs (run-threads.ts): scores its one run, sends back the outcome.
import { parentPort, workerData } from 'node:worker_threads';
import { scoreRunTask } from './comparison.js';
import type { RunTask } from './run-threads.js';

parentPort!.postMessage(await scoreRunTask(workerData as RunTask));
