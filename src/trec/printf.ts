// trec_eval's format for a real value: printf("%6.4f").
import { fixed } from '../core/c-printf.js';

/** printf("%6.4f", x): trec_eval's format for every real-valued measure. */
export const value4 = (x: number): string => fixed(x, 4).padStart(6);
