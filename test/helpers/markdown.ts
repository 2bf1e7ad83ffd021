// What test/docs.test.ts reads of the README and the guides: their code blocks with the comment that marks
// them, their links and their headings' anchors.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { headingSlug } from '../../docs/.vitepress/slug.js';

export const root = join(import.meta.dirname, '../..');

/** README.md and every guide of docs/ (not the API reference, which TypeDoc writes), as paths from the root. */
export function documentationFiles(): string[] {
  const guides = readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md'));
  return ['README.md', ...guides.map((name) => `docs/${name}`)];
}

export interface Block {
  file: string;
  /** The line of the opening fence. */
  line: number;
  language: string;
  code: string;
  /** The HTML comment just above the fence, without `<!--` and `-->`, or ''. */
  marker: string;
  /** The text from the end of the block to the next fence. */
  after: string;
}

export function codeBlocks(file: string): Block[] {
  const text = readFileSync(join(root, file), 'utf8');
  const blocks: Block[] = [];
  for (const match of text.matchAll(/(?:<!-- ([^\n]*?) -->\n)?```(\w*)\n([^]*?)```/g)) {
    const fence = match.index + match[0].indexOf('```');
    const end = match.index + match[0].length;
    const next = text.indexOf('```', end);
    blocks.push({
      file,
      line: text.slice(0, fence).split('\n').length,
      language: match[2]!,
      code: match[3]!,
      marker: match[1] ?? '',
      after: text.slice(end, next < 0 ? undefined : next),
    });
  }
  return blocks;
}

/** The text outside code blocks and code spans, where links are links. */
function prose(text: string): string {
  return text.replace(/```[^]*?```/g, '').replace(/`[^`\n]*`/g, '');
}

export interface Link {
  file: string;
  target: string;
}

export function links(file: string): Link[] {
  const text = prose(readFileSync(join(root, file), 'utf8'));
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => ({ file, target: match[1]! }));
}

/** The anchors of a Markdown file's headings, as GitHub and the site make them. */
export function anchors(file: string): Set<string> {
  const text = readFileSync(join(root, file), 'utf8').replace(/```[^]*?```/g, '');
  const headings = [...text.matchAll(/^#{1,6} (.+)$/gm)].map((match) => match[1]!);
  const plain = (heading: string) => heading.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*]/g, '');
  return new Set(headings.map((heading) => headingSlug(plain(heading))));
}
