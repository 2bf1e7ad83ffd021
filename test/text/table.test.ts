import { describe, expect, it } from 'vitest';
import { renderTable, type Column } from '../../src/text/table.js';

const columns: Column[] = [
  { name: 'name', kind: 'text' },
  { name: 'n', kind: 'count' },
  { name: 'ndcg@10', kind: 'score' },
];
const rows = [
  ['plain', 3, 2 / 3],
  ['a, "quoted" | piped', 12, null],
];

describe('renderTable', () => {
  it('aligns text left and numbers right, scores to 4 decimals', () => {
    expect(renderTable(columns, rows, 'table')).toBe(
      'name                  n  ndcg@10\n' + 'plain                 3   0.6667\n' + 'a, "quoted" | piped  12\n',
    );
  });

  it('escapes pipes in Markdown and aligns number columns right', () => {
    expect(renderTable(columns, rows, 'markdown')).toBe(
      '| name | n | ndcg@10 |\n| --- | ---: | ---: |\n| plain | 3 | 0.6667 |\n| a\\, \\"quoted\\" \\| piped | 12 |  |\n',
    );
  });

  it('quotes CSV fields that need it and keeps every digit', () => {
    expect(renderTable(columns, rows, 'csv')).toBe(`name,n,ndcg@10\nplain,3,${2 / 3}\n"a, ""quoted"" | piped",12,\n`);
  });

  it('counts characters, not UTF-16 units, when aligning', () => {
    expect(renderTable([{ name: 'id', kind: 'text' }, { name: 'x', kind: 'count' }], [['𝔸', 1], ['ab', 2]], 'table')).toBe('id  x\n𝔸   1\nab  2\n');
  });
});

describe('renderTable with hostile ids', () => {
  const idColumns: Column[] = [
    { name: 'id', kind: 'text' },
    { name: 'delta', kind: 'count' },
  ];

  it('aligns by display width: wide (CJK) characters take two columns, combining marks none', () => {
    // 查询一 shows 6 columns wide and e\u0301e 2, as 'abcdef' and 'ab' do.
    const wide = renderTable(idColumns, [['查询一', 1], ['e\u0301e', 2], ['x', 3]], 'table');
    const ascii = renderTable(idColumns, [['abcdef', 1], ['ab', 2], ['x', 3]], 'table');
    expect(wide.replace('查询一', 'abcdef').replace('e\u0301e', 'ab')).toBe(ascii);
  });

  it('prefixes CSV text cells that would be formulas, not negative numbers', () => {
    expect(renderTable(idColumns, [['=1+1', -0.5], ['@SUM(A1)', 1], ['-2+3', null], ['+x', 0]], 'csv')).toBe(`id,delta\n"'=1+1",-0.5\n"'@SUM(A1)",1\n"'-2+3",\n"'+x",0\n`);
  });

  it('escapes Markdown: pipes, carriage returns and raw HTML', () => {
    expect(renderTable(idColumns, [['a|b\rc<script>', 1]], 'markdown')).toBe('| id | delta |\n| --- | ---: |\n| a\\|b c\\<script\\> | 1 |\n');
  });

  it('shows terminal escape sequences in a table as text, aligned by what is shown', () => {
    expect(renderTable(idColumns, [['q\x1b[2J', 1], ['q', 2]], 'table')).toBe(`id${' '.repeat(8)}delta\nq\\x1b[2J${' '.repeat(6)}1\nq${' '.repeat(13)}2\n`);
  });

  it('shows a right-to-left override and line separators as text, in the table and in Markdown', () => {
    expect(renderTable(idColumns, [['a\u202eb\u2028c', 1]], 'table')).toBe(`id${' '.repeat(15)}delta\na\\u202eb\\u2028c${' '.repeat(6)}1\n`);
    expect(renderTable(idColumns, [['![i](http://e/x.png)\u2067', 1]], 'markdown')).toBe('| id | delta |\n| --- | ---: |\n| \\!\\[i\\]\\(http\\:\\/\\/e\\/x\\.png\\)\\u2067 | 1 |\n');
  });
});
