// The worked example of DEVELOPERS.md: T has grade 2, G and F grade 1; F is never retrieved.
export const qrels = { T: 2, G: 1, F: 1 } as const;
export const ranking = ['G', 'x', 'T', 'y', 'z'] as const;
export const reranked = ['T', 'G', 'x', 'y', 'z'] as const;
/** IDCG of the example: T, then G and F, in the ideal order. */
export const idealDcg = 2 / Math.log2(2) + 1 / Math.log2(3) + 1 / Math.log2(4);
/** The binary exercise: relevant documents at ranks 2 and 4, three relevant in all. */
export const binaryRanking = ['n1', 'y1', 'n2', 'y2', 'n3'] as const;
export const binaryQrels = new Set(['y1', 'y2', 'y3']);

/** The message of a failing assertion (the test fails if it passes). */
export function failureOf(assertion: () => void): string {
  try {
    assertion();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected the assertion to fail');
}
