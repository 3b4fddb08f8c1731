import { CommanderError } from 'commander';
import { type CliFailure, failureOf } from './cli-failure.js';
import { type CliIo, type CliMode, cliProgram } from './cli-program.js';
import { EXIT_CODES } from './exit-codes.js';

/** `--json` anywhere before `--`, after which every argument is an operand. */
const modeOf = (args: readonly string[]): CliMode => {
  const end = args.indexOf('--');
  return { json: (end === -1 ? args : args.slice(0, end)).includes('--json') };
};

const failureText = (failure: CliFailure): string =>
  [
    `error: ${failure.message}`,
    ...failure.issues.map((i) => (i.source === undefined ? `  ${i.detail}` : `  ${i.source} ${i.detail}`)),
  ]
    .map((line) => `${line}\n`)
    .join('');

const failureJson = ({ kind, exitCode, message, issues, code }: CliFailure): string =>
  `${JSON.stringify({ error: { kind, exit_code: exitCode, message, issues, ...(code === undefined ? {} : { code }) } })}\n`;

/**
 * Runs one command line (the arguments after the program's name) and returns the process exit code
 * (EXIT_CODES); every failure is printed on stderr, as a JSON object under `--json`.
 */
export const runCli = async (io: CliIo, args: readonly string[]): Promise<number> => {
  const mode = modeOf(args);
  try {
    await cliProgram(io, mode).parseAsync([...args], { from: 'user' });
    return EXIT_CODES.ok;
  } catch (error) {
    // Help and the version end the parse the way errors do.
    if (error instanceof CommanderError && error.exitCode === 0) return EXIT_CODES.ok;
    const failure = failureOf(error);
    io.err(mode.json ? failureJson(failure) : failureText(failure));
    return failure.exitCode;
  }
};
