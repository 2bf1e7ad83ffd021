import { describe, expect, it } from 'vitest';
import { renderReport } from '../../src/report/index.js';

const qrels = new Map(['q1', 'q2', 'q3'].map((q) => [q, new Map([[`${q}-a`, 2], [`${q}-b`, 1]])]));
const runs = new Map([
  ['old <b>', new Map([['q1', ['x', 'q1-a']], ['q2', ['q2-b']], ['q3', ['q3-a', 'q3-b']]])],
  ['new', new Map([['q1', ['q1-a', 'q1-b']], ['q2', ['q2-a', 'q2-b']], ['q3', ['q3-b', 'x']]])],
]);
const tags = new Map([['q1', ['en']], ['q2', ['en']], ['q3', ['ru']]]);
const questions = new Map([['q3', 'Where is "a" & why?']]);
const html = await renderReport({ qrels, runs, tags, questions }, { measures: ['ndcg@5', 'recall@2'], title: 'Release 1.2 <rc>' });

describe('renderReport', () => {
  it('is one self-contained page: inline style, no script, nothing fetched', () => {
    expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="en">/);
    expect(html).toContain('<style>');
    expect(html).not.toMatch(/<script|<link|<img|<iframe|\bsrc=|\bhref=|url\(|@import/i);
  });

  it('has every chart, each with axis labels and a caption saying how to read it', () => {
    const charts = [...html.matchAll(/<figure class="chart" data-chart="([^"]+)">/g)].map((match) => match[1]);
    expect(charts).toEqual([
      'means ndcg@5',
      'means recall@2',
      'recall curve',
      'precision curve',
      'differences new ndcg@5',
      'differences new recall@2',
      'tags ndcg@5',
      'tags recall@2',
    ]);
    expect(html.match(/<figcaption>[^<]{40,}/g)).toHaveLength(8);
    for (const label of ['mean ndcg@5 (0–1)', 'cutoff k (documents retrieved, log scale)', 'mean recall@k (0–1)', 'mean precision@k (0–1)', 'Δ ndcg@5 (new − old &lt;b&gt;)', 'tag (queries)']) {
      expect(html).toContain(label);
    }
    expect(html.match(/<svg/g)!.length).toBeGreaterThanOrEqual(8);
  });

  it('shows the comparison table, the tag table and the queries lost most with both rankings', () => {
    expect(html).toContain('<table class="comparison">');
    expect(html).toContain('<table class="slices">');
    expect(html).toMatch(/<h2>Queries new lost most on ndcg@5<\/h2><article class="lost"><h3>q3: Where is &quot;a&quot; &amp; why\? <span class="tags">ru<\/span>/);
    expect(html.match(/<table class="ranking">/g)).toHaveLength(2);
  });

  it('writes the charts’ coordinates to at most two decimals', () => {
    const numbers = [...html.matchAll(/\s(?:d|x|y|x1|x2|y1|y2|cx|cy|r|width|height|transform|viewBox)="([^"]*)"/g)].flatMap((match) => match[1]!.match(/-?\d*\.?\d+/g) ?? []);
    expect(numbers.length).toBeGreaterThan(500);
    expect(numbers.filter((number) => /\.\d{3}/.test(number))).toEqual([]);
  });

  it('takes plain objects as it takes Maps', async () => {
    const object = <T>(map: ReadonlyMap<string, T>) => Object.fromEntries(map);
    const plain = {
      qrels: Object.fromEntries([...qrels].map(([qid, grades]) => [qid, object(grades)])),
      runs: Object.fromEntries([...runs].map(([name, run]) => [name, object(run)])),
      tags: object(tags),
      questions: object(questions),
    };
    expect(await renderReport(plain, { measures: ['ndcg@5', 'recall@2'], title: 'Release 1.2 <rc>' })).toBe(html);
  });

  it('escapes names, titles and questions', () => {
    expect(html).toContain('<title>Release 1.2 &lt;rc&gt;</title>');
    expect(html).toContain('old &lt;b&gt;');
    expect(html).not.toContain('old <b>');
    expect(html).toContain('Where is &quot;a&quot; &amp; why?');
    expect(html).not.toContain('Where is "a" & why?');
  });
});
