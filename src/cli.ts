import 'reflect-metadata';
import { CommanderError } from 'commander';
import { cliProgram } from './adapters/cli/cli-program.js';
import { openCore } from './bootstrap.js';

const program = cliProgram({ env: process.env, out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(t), open: openCore });
try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) process.exit(error.exitCode);
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
