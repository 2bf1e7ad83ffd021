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
 * node:util's parseArgs, with its complaints turned into one-line usage errors. `inputs` are the files the
 * command reads: each value of a flag declared with `inputFlag`, then each positional argument, the i-th
 * in the role `positionals[i]` (the last role for the rest; none listed where no role is given).
 */
export function parseCommandArgs<const O extends Options>(args: readonly string[], options: O, usage: (message: string) => CliError, positionals: readonly string[] = []) {
  let parsed;
  try {
    parsed = parseArgs({ args: attachNegativeValues(args, options), allowPositionals: true, options });
  } catch (error) {
    throw usage(argumentsMessage(error as Error & { code?: string }, options));
  }
  const inputs: InputArg[] = [];
  for (const [flag, option] of Object.entries(options as Record<string, { input?: string }>)) {
    const value = (parsed.values as Record<string, unknown>)[flag];
    if (option.input === undefined || value === undefined) continue;
    for (const path of [value].flat() as string[]) inputs.push({ path, role: `${option.input} (--${flag})` });
  }
  if (positionals.length > 0) parsed.positionals.forEach((path, i) => inputs.push({ path, role: positionals[Math.min(i, positionals.length - 1)]! }));
  return { ...parsed, inputs };
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

/** parseArgs' message (several lines, mismatched quotes) as one line, with a suggestion for a misspelt flag. */
function argumentsMessage(error: Error & { code?: string }, options: Options): string {
  const flag = /'(-[^' ]*)/.exec(error.message)?.[1] ?? '';
  const long = /--([^' =]+)/.exec(error.message)?.[1];
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const name = flag.replace(/^--?/, '').split('=')[0]!;
    const suggestion = flag.startsWith('--') ? closest(name, Object.keys(options)) : undefined;
    return `unknown option ${flag}${suggestion === undefined ? '' : `; did you mean --${suggestion}?`}`;
  }
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && long !== undefined) {
    if (/argument missing/.test(error.message)) return `--${long} needs a value`;
    if (/does not take an argument/.test(error.message)) return `--${long} takes no value`;
    if (/ambiguous/.test(error.message)) return `--${long} needs a value; write --${long}=VALUE for one that starts with '-'`;
  }
  return error.message.split('\n')[0]!;
}

// A flag's number is written in decimal (`0.9`, `-1`, `1e-3`), as in the files: a typo such as `0x1` in a
// gate must not pass unnoticed.
export { decimalNumber };

export function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], flag: string, fallback: T, usage: (message: string) => CliError): T {
  if (value === undefined) return fallback;
  if (!allowed.includes(value as T)) throw usage(`${flag} takes ${allowed.join(', ')}; got '${value}'`);
  return value as T;
}


/** A flag's number, or undefined without the flag; a usage error saying what it takes when `check` refuses it. */
export function numberFlag(text: string | undefined, flag: string, check: (value: number) => boolean, expected: string, usage: (message: string) => CliError): number | undefined {
  if (text === undefined) return undefined;
  const value = decimalNumber(text);
  if (!check(value)) throw usage(`${flag} takes ${expected}; got '${text}'`);
  return value;
}
