// Runs a command of the CLI in process, as bin/rankeval.js would run it, and keeps what it wrote.
import { CliError } from '../../src/cli/shared/command.js';

/** A command's entry point (`runEval`, `runCompare`, `runFuse` …). */
export type Command = (argv: readonly string[], io: { stdout: { write(text: string): unknown }; stderr: { write(text: string): unknown }; colour?: boolean }) => Promise<number>;

export interface CommandResult {
  readonly status: number;
  readonly stdout: string;
  /** What it wrote to standard error, then the message of the CliError it threw (as the bin prints it). */
  readonly stderr: string;
}

/**
 * The exit status and output of `command` on `args`; a CliError is its status and message, any other error
 * is thrown. `hide` (a temporary directory) is taken out of standard error, so that messages compare as text.
 */
export async function runCommand(command: Command, args: readonly string[], { colour, hide }: { colour?: boolean; hide?: string } = {}): Promise<CommandResult> {
  let stdout = '';
  let stderr = '';
  const io = { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) }, ...(colour === undefined ? {} : { colour }) };
  const shown = (text: string) => (hide === undefined ? text : text.replaceAll(hide + '/', ''));
  try {
    return { status: await command(args, io), stdout, stderr: shown(stderr) };
  } catch (error) {
    if (error instanceof CliError) return { status: error.status, stdout, stderr: shown(stderr + error.message) };
    throw error;
  }
}
