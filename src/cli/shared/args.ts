// How a command's arguments are read: node:util's parseArgs, with its complaints in the command's words,
// and the readers of one flag's value that every command uses.
import { parseArgs } from 'node:util';
import { decimalNumber } from '../../formats/columns.js';
import { closest } from '../../core/suggest.js';
import type { CliError } from './command.js';

/** A file a command reads, as its arguments name it: `role` is what the file is (`the golden set (--qrels)`). */
export interface InputArg {
  readonly path: string;
  readonly role: string;
}

/**
 * A flag whose value is a file the command reads: parseCommandArgs lists it among the command's `inputs`
 * (named `role (--flag)`), which the command's -o may not name.
 */
export const inputFlag = <const Role extends string>(role: Role) => ({ type: 'string', input: role }) as const;

type Options = Parameters<typeof parseArgs>[0] extends infer C ? (C extends { options?: infer O } ? NonNullable<O> : never) : never;

/**
 * node:util's parseArgs, with every complaint a one-line usage error in the command's words. `inputs` are
 * the files the command reads: each value of a flag declared with `inputFlag`, then each positional
 * argument, the i-th in the role `positionals[i]` (the last role for the rest; none listed where no role
 * is given).
 */
export function parseCommandArgs<const O extends Options>(args: readonly string[], options: O, usage: (message: string) => CliError, positionals: readonly string[] = []) {
  // Not strict: parseArgs reads every argument into tokens, and checkToken finds what strict mode would
  // refuse, in order, so that no message of Node's is read back.
  const parsed = parseArgs({ args: attachNegativeValues(args, options), allowPositionals: true, options, strict: false, tokens: true });
  const given = new Map<string, OptionToken>();
  for (const token of parsed.tokens) {
    if (token.kind !== 'option') continue;
    const problem = checkToken(token, options) ?? repeated(token, given.get(token.name), options);
    if (problem !== undefined) throw usage(problem);
    given.set(token.name, token);
  }
  const values = parsed.values as StrictValues<O>;
  const inputs: InputArg[] = [];
  for (const [flag, option] of Object.entries(options as Record<string, { input?: string }>)) {
    const value = (values as Record<string, unknown>)[flag];
    if (option.input === undefined || value === undefined) continue;
    for (const path of [value].flat() as string[]) inputs.push({ path, role: `${option.input} (--${flag})` });
  }
  if (positionals.length > 0) parsed.positionals.forEach((path, i) => inputs.push({ path, role: positionals[Math.min(i, positionals.length - 1)]! }));
  return { values, positionals: parsed.positionals, inputs };
}

/** The values parseArgs gives in strict mode: those checkToken has let through. */
type StrictValues<O extends Options> = ReturnType<typeof parseArgs<{ options: O; allowPositionals: true }>>['values'];

/** An option as parseArgs' tokens give it: `--name`, `--name=value`, `-n value`, or one letter of `-abc`. */
interface OptionToken {
  readonly name: string;
  /** As written: `--name` (without its `=value`), `-n`. */
  readonly rawName: string;
  readonly value?: string | undefined;
  /** The value was written in the same argument (`--name=value`, `-nvalue`). */
  readonly inlineValue?: boolean | undefined;
}

/**
 * What parseArgs' strict mode would refuse in one option, said in one line (undefined when nothing): a flag
 * the command does not know (with the closest long flag it does), a missing value, a value given to a
 * switch, and a value that starts with `-` (likely the next flag, the value forgotten).
 */
function checkToken(token: OptionToken, options: Options): string | undefined {
  const option = Object.hasOwn(options, token.name) ? options[token.name] : undefined;
  if (option === undefined) {
    const suggestion = token.rawName.startsWith('--') ? closest(token.name, Object.keys(options)) : undefined;
    return `unknown option ${token.rawName}${suggestion === undefined ? '' : `; did you mean --${suggestion}?`}`;
  }
  const flag = `--${token.name}`;
  if (option.type === 'string' && token.value === undefined) return `${flag} needs a value`;
  if (option.type === 'boolean' && token.value !== undefined) return `${flag} takes no value`;
  if (option.type === 'string' && !token.inlineValue && token.value !== undefined && token.value.length > 1 && token.value.startsWith('-')) {
    return `${flag} needs a value; write ${flag}=VALUE for one that starts with '-'`;
  }
  return undefined;
}

/**
 * A flag of one value given again (`--format json --format csv`, `-m A -m B`), said in one line: parseArgs
 * would keep the last silently, and the first was meant as much. Flags declared `multiple` and switches
 * (which a repeat cannot change) are not refused.
 */
function repeated(token: OptionToken, earlier: OptionToken | undefined, options: Options): string | undefined {
  if (earlier === undefined || options[token.name]!.type !== 'string' || options[token.name]!.multiple === true) return undefined;
  const flag = earlier.rawName === token.rawName ? token.rawName : `${earlier.rawName}/${token.rawName}`;
  return `${flag} is given twice ('${earlier.value}' and '${token.value}'); it takes one value`;
}

const NEGATIVE_NUMBER = /^-(\d|\.\d)/;

/**
 * `--depth -1` as `--depth=-1`: parseArgs calls a value that starts with a dash ambiguous, but no flag is
 * a number, so a negative number after a flag that takes a value is that value (and its check says why
 * it is refused).
 */
function attachNegativeValues(args: readonly string[], options: Options): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') {
      out.push(...args.slice(i));
      break;
    }
    const long = arg.startsWith('--') ? arg.slice(2) : Object.keys(options).find((name) => options[name]!.short !== undefined && arg === `-${options[name]!.short}`);
    const next = args[i + 1];
    if (long !== undefined && options[long]?.type === 'string' && next !== undefined && NEGATIVE_NUMBER.test(next)) {
      out.push(`--${long}=${next}`);
      i++;
    } else out.push(arg);
  }
  return out;
}

// A flag's number is written in decimal (`0.9`, `-1`, `1e-3`), as in the files: a typo such as `0x1` in a
// gate must not pass unnoticed.
/**
 * A flag's text as a decimal number, NaN when it is not one. Taken as typed: a value quoted with spaces
 * (`--depth ' 3'`) is refused rather than trimmed, as a file's field is.
 */
export const flagNumber = (text: string): number => (text.trim() === text ? decimalNumber(text) : Number.NaN);

export function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], flag: string, fallback: T, usage: (message: string) => CliError): T {
  if (value === undefined) return fallback;
  if (!allowed.includes(value as T)) throw usage(`${flag} takes ${allowed.join(', ')}; got '${value}'`);
  return value as T;
}


/** A flag's number, or undefined without the flag; a usage error saying what it takes when `check` refuses it. */
export function numberFlag(text: string | undefined, flag: string, check: (value: number) => boolean, expected: string, usage: (message: string) => CliError): number | undefined {
  if (text === undefined) return undefined;
  const value = flagNumber(text);
  if (!check(value)) throw usage(`${flag} takes ${expected}; got '${text}'`);
  return value;
}
