// Writes the RAG example's report to examples/rag/report.html, and a screenshot of its top to
// examples/rag/report.png when Chromium is there (README.md shows it).
//   npm run example:report
import { existsSync, writeFileSync } from 'node:fs';
import { renderExampleReport } from './example-report.js';

const here = (path: string) => new URL(path, import.meta.url);
writeFileSync(here('./report.html'), await renderExampleReport());
console.log('wrote examples/rag/report.html');
const chromium = process.env['RANKEVAL_CHROMIUM'] ?? '/usr/bin/chromium';
if (existsSync(chromium)) {
  const { chromium: browsers } = await import('playwright-core');
  const browser = await browsers.launch({ executablePath: chromium, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'] });
  const page = await browser.newPage({ viewport: { width: 1250, height: 900 } });
  await page.goto(here('./report.html').href);
  // The top of the report: the comparison table, the means and the curves.
  await page.screenshot({ path: new URL('./report.png', import.meta.url).pathname, fullPage: true, clip: { x: 0, y: 0, width: 1250, height: 2150 } });
  await browser.close();
  console.log('wrote examples/rag/report.png');
} else console.log(`no screenshot: ${chromium} is missing`);
