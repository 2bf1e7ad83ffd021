// The `(key=value, …)` of a measure name read into raw values: numbers, words, strings, `{…}` tables and
// `[…]` lists. Python literals in ir_measures' grammar; rankeval's also takes bare words. What the values
// mean is params.ts's part.
import { invalid, type Grammar } from './parsed.js';

/** A parameter's value as written. */
export type Raw =
  | { readonly kind: 'number'; readonly value: number; readonly text: string }
  | { readonly kind: 'word'; readonly value: string }
  | { readonly kind: 'string'; readonly value: string }
  | { readonly kind: 'dict'; readonly entries: readonly (readonly [string, Raw])[] }
  | { readonly kind: 'list'; readonly items: readonly Raw[] };

/**
 * Reads `key=value, …` as ir_measures reads a call's keywords (Python literals), or as rankeval reads them
 * (words too). A text that cannot be read is refused, naming the character where reading stopped.
 * @example readArguments("rel=2, dcg='exp-log2'", 'nDCG(…)', 'ir_measures')
 *   // => [['rel', {kind: 'number', value: 2, text: '2'}], ['dcg', {kind: 'string', value: 'exp-log2'}]]
 */
export function readArguments(text: string, name: string, grammar: Grammar): [string, Raw][] {
  return new ArgumentReader(text, name, grammar).pairs();
}

const NUMBER = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/;

class ArgumentReader {
  /** The position of the next character to read. */
  private i = 0;

  constructor(
    private readonly text: string,
    private readonly name: string,
    private readonly grammar: Grammar,
  ) {}

  pairs(): [string, Raw][] {
    const { text } = this;
    const pairs: [string, Raw][] = [];
    this.skip();
    while (this.i < text.length) {
      const key = /^[A-Za-z_]\w*/.exec(text.slice(this.i));
      if (!key) this.bad('expected a parameter name');
      this.i += key![0].length;
      this.skip();
      if (text[this.i] !== '=') this.bad('expected `=`');
      this.i++;
      pairs.push([key![0], this.value()]);
      this.skip();
      if (text[this.i] === ',') this.i++;
      else if (this.i < text.length) this.bad('expected `,`');
      this.skip();
    }
    return pairs;
  }

  private skip(): void {
    while (this.i < this.text.length && /\s/.test(this.text[this.i]!)) this.i++;
  }

  private bad(what: string): never {
    return invalid(this.name, `cannot read the parameters \`(${this.text})\`: ${what} at character ${this.i + 1}`, "parameters written as name=value, such as (rel=2) or (dcg='exp-log2')");
  }

  private value(): Raw {
    this.skip();
    const { text } = this;
    const rest = text.slice(this.i);
    const number = NUMBER.exec(rest);
    if (number) {
      this.i += number[0].length;
      return { kind: 'number', value: Number(number[0]), text: number[0] };
    }
    const quote = text[this.i];
    if (quote === "'" || quote === '"') {
      const end = text.indexOf(quote, this.i + 1);
      if (end === -1) this.bad('an unclosed string');
      const string = text.slice(this.i + 1, end);
      this.i = end + 1;
      return { kind: 'string', value: string };
    }
    if (quote === '{' || quote === '[') return this.container(quote);
    // ir_measures' values are Python literals: True, False and quoted strings; rankeval also reads bare words.
    const word = (this.grammar === 'ir_measures' ? /^(?:True|False)\b/ : /^[A-Za-z_][\w.-]*/).exec(rest);
    if (!word) return this.bad(this.grammar === 'ir_measures' ? 'a value that is not a Python literal (quote strings)' : 'a missing value');
    this.i += word[0].length;
    return { kind: 'word', value: word[0] };
  }

  /** A `{key: value, …}` table or a `[value, …]` list, from its opening bracket. */
  private container(open: '{' | '['): Raw {
    const { text } = this;
    const close = open === '{' ? '}' : ']';
    this.i++;
    const entries: [string, Raw][] = [];
    const items: Raw[] = [];
    this.skip();
    while (text[this.i] !== close) {
      if (open === '{') {
        const key = this.value();
        this.skip();
        if (text[this.i] !== ':') this.bad('expected `:`');
        this.i++;
        entries.push([key.kind === 'number' ? key.text : key.kind === 'word' || key.kind === 'string' ? key.value : this.bad('a key that is not a grade'), this.value()]);
      } else items.push(this.value());
      this.skip();
      if (text[this.i] === ',') this.i++;
      else if (text[this.i] !== close) this.bad(`expected \`,\` or \`${close}\``);
      this.skip();
    }
    this.i++;
    return open === '{' ? { kind: 'dict', entries } : { kind: 'list', items };
  }
}
