// Tool search, unit-tested: the right tool must be among the five offered to the model.
import { readFileSync } from 'node:fs';
import { parseGoldenSet } from 'rankeval';
import 'rankeval/vitest';
import { describe, expect, it } from 'vitest';
import { createBm25Retriever } from '../shared/search.js';
import { toolDocuments, tools } from './tools.js';

const golden = parseGoldenSet(readFileSync(new URL('./golden.jsonl', import.meta.url)), { file: 'golden.jsonl' });
const search = createBm25Retriever(toolDocuments);
const offer = (request: string) => search(request, 5);

describe('tool search over the catalogue', () => {
  it('has a few hundred tools with distinct names', () => {
    expect(tools.length).toBe(385);
    expect(new Set(tools.map((tool) => tool.name)).size).toBe(tools.length);
  });

  it('offers the right tool for literal requests', () => {
    expect(offer('Delete the old S3 bucket named logs-2019')).toRankFirst('s3.delete_bucket');
    expect(offer('Get the Stripe invoice for March')).toRetrieve(['stripe.get_invoice'], { within: 5 });
  });

  it('keeps recall@5 over the golden set (gates just under the scores measured when written)', () => {
    const run = new Map([...golden.questions].map(([qid, question]) => [qid, search(question, 20)]));
    expect(run).toMeetGates(golden.qrels, { 'recall@5': 0.84, 'recall@10': 0.93 });
  });

  it('still misses "text" for SMS: a known gap of word matching, kept visible as a negated test', () => {
    expect(offer('Text the on-call engineer with Twilio')).not.toRetrieve(['twilio.create_sms'], { within: 5 });
  });
});
