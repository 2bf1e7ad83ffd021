// The RankevalError a call throws, for tests that assert its code and fields.
import { isRankevalError, type RankevalError } from '../../src/core/errors.js';

/** Runs `call` and returns the RankevalError it throws; anything else thrown, or nothing, fails the test. */
export function caught(call: () => unknown): RankevalError {
  try {
    call();
  } catch (error) {
    if (isRankevalError(error)) return error;
    throw error;
  }
  throw new Error('expected a RankevalError');
}
