/**
 * A heading's anchor, as GitHub makes it: lower case, every character but letters, digits, marks, `_`,
 * `-` and spaces left out, each space a `-` ("The system's k and token budgets" →
 * `the-systems-k-and-token-budgets`). The site uses the same rule, so that a link to a heading works on
 * GitHub and on the site alike; test/docs.test.ts checks links with it.
 */
export function headingSlug(text: string): string {
  return text.trim().toLowerCase().replace(/[^\p{L}\p{M}\p{N}_ -]/gu, '').replace(/ /g, '-');
}
