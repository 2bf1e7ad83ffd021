// A document's length in tokens (token budgets, tokens@k): what every reader of lengths accepts.

/**
 * The largest length in tokens: 2^53 − 1. No text is this long, and a sum of such lengths over any
 * ranking stays finite (and exact, for whole numbers, while it stays below 2^53), so that a budget's running
 * total or tokens@k never overflows.
 */
export const MAX_TOKENS = Number.MAX_SAFE_INTEGER;

/** How messages say what a length must be. */
export const TOKEN_LENGTH = `a length in tokens (a number from 0 to ${MAX_TOKENS})`;

/** True for a length in tokens: a number from 0 to MAX_TOKENS (so not NaN, nor Infinity). */
export const isTokenLength = (value: unknown): value is number => typeof value === 'number' && value >= 0 && value <= MAX_TOKENS;
