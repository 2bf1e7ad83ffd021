// The page's style sheet: inline, so that the file shows the same anywhere, offline.
import { CHART_WIDTH } from './plot.js';
import { LOSS } from './palette.js';

export const STYLE = `
:root { color-scheme: light; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1a1a1a; background: #fff; margin: 0 auto; max-width: 1200px; padding: 24px; }
h1 { font-size: 24px; margin: 0 0 4px; }
h2 { font-size: 18px; margin: 32px 0 12px; border-bottom: 1px solid #ddd; padding-bottom: 4px; }
h3 { font-size: 15px; margin: 20px 0 8px; }
h4 { font-size: 13px; margin: 0 0 6px; }
/* A long name without spaces breaks in text, and a wide table scrolls on its own: the page never scrolls sideways. */
h1, h2, h3, h4, p, li, figcaption { overflow-wrap: anywhere; }
.scroll { overflow-x: auto; max-width: 100%; }
.subtitle { margin: 0; color: #555; }
.chart-title { margin: 0 0 4px; font-size: 13px; font-weight: 600; max-width: ${CHART_WIDTH}px; }
.warnings { color: #8a4b00; }
.grid { display: flex; flex-wrap: wrap; gap: 16px; }
figure.chart figure { margin: 0; }
/* The legend above a chart no wider than the chart, so that a legend of long names wraps rather than widening the card; in the
   charts' 12 px (Plot's 10 px is its own charts'), its swatches half an em from their labels (Plot's style sheet). */
figure.chart figure > div { max-width: ${CHART_WIDTH}px; font-size: 12px; }
figure.chart { margin: 0; padding: 8px; border: 1px solid #e5e5e5; border-radius: 6px; max-width: 100%; }
figure.chart figcaption { max-width: ${CHART_WIDTH}px; color: #444; font-size: 12.5px; margin-top: 6px; }
.extremes { max-width: ${CHART_WIDTH}px; font-size: 12.5px; list-style: none; margin: 6px 0 0; padding: 0; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; margin: 8px 0; }
th, td { padding: 3px 10px; border-bottom: 1px solid #eee; text-align: left; }
th { font-weight: 600; border-bottom: 2px solid #ccc; }
td.number { text-align: right; white-space: nowrap; }
tr.significant.better td { background: #dcebf7; }
tr.significant.worse td { background: #fbe3d3; }
tr.relevant td { font-weight: 600; }
tr.shared td { font-weight: 600; }
.legend { color: #444; font-size: 12.5px; max-width: 900px; }
.sides { display: flex; flex-wrap: wrap; gap: 24px; }
.side { min-width: 0; max-width: 100%; }
.tags { font-weight: normal; color: #555; font-size: 12px; }
.delta { font-weight: normal; color: ${LOSS}; font-size: 13px; }
.figures { font-weight: normal; color: #555; font-size: 13px; }
.missed { color: #444; font-size: 12.5px; max-width: 420px; }
.budget { font-size: 12.5px; max-width: 420px; margin: 0 0 6px; }
tr.past td { color: #888; border-top: 2px dashed ${LOSS}; }
footer { margin-top: 40px; color: #777; font-size: 12px; }
`;
