import { describe, expect, it } from 'vitest';
import { csvField, escapeControls, escapeMarkdown, messageText } from '../../src/text/escape.js';

describe('escapeControls', () => {
  it('shows C0, DEL and C1 controls instead of sending them to the terminal', () => {
    expect(escapeControls('q\x1b[31mred\x1b[0m')).toBe('q\\x1b[31mred\\x1b[0m');
    expect(escapeControls('a\nb\rc\td\x00e\x7ff\x9bg')).toBe('a\\nb\\rc\\td\\x00e\\x7ff\\x9bg');
  });

  it('shows bidirectional controls and line separators, which would reorder or break what follows', () => {
    expect(escapeControls('q\u202egnp.exe')).toBe('q\\u202egnp.exe');
    const controls = [0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x2028, 0x2029];
    expect(escapeControls(String.fromCharCode(...controls))).toBe(controls.map((code) => `\\u${code.toString(16)}`).join(''));
  });

  it('shows the Arabic letter mark, a bidirectional mark too', () => {
    expect(escapeControls('a\u061cb')).toBe('a\\u061cb');
  });

  it('leaves other text alone', () => {
    expect(escapeControls('где d4? ✓ | <b> =1')).toBe('где d4? ✓ | <b> =1');
  });
});

describe('escapeMarkdown', () => {
  it('keeps a cell one cell: pipes escaped, line breaks as spaces', () => {
    expect(escapeMarkdown('a|b\r\nc\rd\ne')).toBe('a\\|b c d e');
  });

  it('shows HTML as text, and backslashes as written', () => {
    expect(escapeMarkdown('<img src=x onerror=alert(1)> & \\|')).toBe('\\<img src\\=x onerror\\=alert\\(1\\)\\> \\& \\\\\\|');
  });

  it('escapes other controls as for a terminal', () => {
    expect(escapeMarkdown('x\x1b[2J')).toBe('x\\x1b\\[2J');
    expect(escapeMarkdown('x\u202ey')).toBe('x\\u202ey');
  });

  it('makes no autolink, emphasis, code span or strike-through of an id: every ASCII punctuation escaped', () => {
    expect(escapeMarkdown('https://evil.example/login')).toBe('https\\:\\/\\/evil\\.example\\/login');
    expect(escapeMarkdown('www.evil.example')).toBe('www\\.evil\\.example');
    expect(escapeMarkdown('*em* `code` ~~x~~ _u_')).toBe('\\*em\\* \\`code\\` \\~\\~x\\~\\~ \\_u\\_');
    expect(escapeMarkdown('a-b (c) #1 +2 =3 {d} "e" \'f\' $g %h ^i ?j ,k ;l')).toBe(
      'a\\-b \\(c\\) \\#1 \\+2 \\=3 \\{d\\} \\"e\\" \\\'f\\\' \\$g \\%h \\^i \\?j \\,k \\;l',
    );
  });

  it('makes neither a link nor an image of an id', () => {
    expect(escapeMarkdown('![img](http://e/x.png)')).toBe('\\!\\[img\\]\\(http\\:\\/\\/e\\/x\\.png\\)');
    expect(escapeMarkdown('[click](javascript:alert(1))')).toBe('\\[click\\]\\(javascript\\:alert\\(1\\)\\)');
  });
});

describe('csvField', () => {
  it.each(['=1+1', '+1', '-2+3', '@SUM(A1)', '\tx', '\rx'])('prefixes %j, which a spreadsheet would run as a formula', (text) => {
    expect(csvField(text, true)).toBe(`"'${text}"`);
  });

  it('quotes what needs quotes, and escapes quotes', () => {
    expect(csvField('=HYPERLINK("x")', true)).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('a,b', true)).toBe('"a,b"');
    expect(csvField('plain', true)).toBe('plain');
  });

  it('leaves numbers (not neutralised) as numbers', () => {
    expect(csvField('-0.5', false)).toBe('-0.5');
  });
});

describe('messageText', () => {
  it('escapes controls, then bounds long values (boundMessage, src/core/errors.ts)', () => {
    expect(messageText(`\x1b${'z'.repeat(1000)}`)).toBe(`\\x1b${'z'.repeat(116)}…(844 characters left out)…${'z'.repeat(40)}`);
  });
});
