import { defineConfig } from 'vitepress';
import { headingSlug } from './slug.js';

const repository = 'https://github.com/rankeval/rankeval';

// The site is published at https://rankeval.github.io/rankeval/ (.github/workflows/docs.yml). Its pages are
// the guides in docs/ and the API reference that TypeDoc writes from the doc comments into docs/reference
// (`npm run docs:build` runs both). A link to a page or file that does not exist fails the build.
export default defineConfig({
  title: 'rankeval',
  description: "Ranking metrics for retrieval, search and RAG, with trec_eval's conventions and numbers",
  base: '/rankeval/',
  cleanUrls: true,
  lastUpdated: false,
  markdown: { anchor: { slugify: headingSlug } },
  // The playground's report chunk (Observable Plot and linkedom, about 660 kB) loads only when a report is drawn.
  vite: { build: { chunkSizeWarningLimit: 800 } },
  themeConfig: {
    nav: [
      { text: 'Guide', link: '/getting-started' },
      { text: 'API reference', link: '/reference/' },
      { text: 'Playground', link: '/playground' },
      { text: 'Changelog', link: `${repository}/blob/main/CHANGELOG.md` },
    ],
    sidebar: [
      {
        text: 'Start',
        items: [
          { text: 'Getting started', link: '/getting-started' },
          { text: 'Measures', link: '/measures' },
          { text: 'Semantics and conventions', link: '/semantics' },
          { text: 'Errors', link: '/errors' },
          { text: 'Examples', link: '/examples' },
          { text: 'Playground', link: '/playground' },
        ],
      },
      {
        text: 'Library',
        items: [
          { text: 'Golden sets and runs from files', link: '/files' },
          { text: 'Making a golden set', link: '/golden-set' },
          { text: 'Evaluating a retriever', link: '/retriever' },
          { text: 'Comparing systems', link: '/compare' },
          { text: 'Agreement: without labels, and of labels', link: '/agreement' },
          { text: 'How many labels', link: '/how-many-labels' },
          { text: 'Scoring answers: nuggets', link: '/answers' },
          { text: 'Rank fusion', link: '/fusion' },
          { text: 'The choices behind fusion', link: '/fusion-rules' },
          { text: 'Test matchers', link: '/matchers' },
          { text: 'The HTML report', link: '/report' },
          { text: 'API overview', link: '/api' },
          { text: 'API reference', link: '/reference/' },
        ],
      },
      {
        text: 'Command line',
        items: [
          { text: 'rankeval eval', link: '/cli' },
          { text: 'Sharding: split and merge', link: '/sharding' },
          { text: 'rankeval trec, for trec_eval', link: '/trec-eval' },
        ],
      },
      {
        text: 'Trust',
        items: [
          { text: 'How it is verified', link: '/verification' },
          { text: 'Speed', link: '/speed' },
        ],
      },
    ],
    socialLinks: [{ icon: 'github', link: repository }],
    search: { provider: 'local' },
    outline: { level: [2, 3] },
  },
});
