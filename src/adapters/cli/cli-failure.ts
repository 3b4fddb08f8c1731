import { CommanderError } from 'commander';
import { isStorageUnavailable } from '../../application/ports/storage-unavailable.js';
import type { DomainError } from '../../domain/shared/errors.js';
import { isDataDirInUse } from '../persistence/kysely/engine/data-dir-lock.js';
import { errorChain } from '../system/error-chain.js';
import { EXIT_CODES, type FailureKind, failureKindOf } from './exit-codes.js';

/**
 * One problem with one input: `source` names it as the operator gave it (`--name`, `<requests-per-second>`);
 * a configuration issue has none, as its detail names the variable.
 */
export interface CliIssue {
  readonly source?: string;
  readonly detail: string;
}

/**
 * How a command failed, as it is printed: its kind (and so its exit code), why, every issue of its input,
 * and the core's code for a refusal that has one (`reservation_over_budget`), as the HTTP API names it.
 */
export class CliFailure extends Error {
  override readonly name = 'CliFailure';

  constructor(
    readonly kind: FailureKind,
    message: string,
    readonly issues: readonly CliIssue[] = [],
    readonly code?: string,
  ) {
    super(message);
  }

  get exitCode(): number {
    return EXIT_CODES[this.kind];
  }
}

/**
 * A use case's refusal of a command; `outcome` says what did not happen, and `sources` renames the
 * use case's input names to the arguments and options the operator typed.
 */
export const refused = (
  outcome: string,
  error: DomainError,
  sources: Readonly<Record<string, string>> = {},
): CliFailure =>
  error._tag === 'ValidationFailed'
    ? new CliFailure(
        'invalid_input',
        `${outcome}: invalid input`,
        error.issues.map((i) => ({ source: sources[i.source] ?? i.source, detail: i.detail })),
      )
    : new CliFailure(failureKindOf(error), `${outcome}: ${error.detail}`, [], 'code' in error ? error.code : undefined);

/** Any error a command ended with, as the failure it is; the database's own faults may be the cause of another error. */
export const failureOf = (error: unknown): CliFailure => {
  if (error instanceof CliFailure) return error;
  if (error instanceof CommanderError) {
    // Commander shows the help in place of a message when no command is given.
    return new CliFailure(
      'usage',
      error.code === 'commander.help' ? 'a command is required (see --help)' : error.message.replace(/^error: /, ''),
    );
  }
  for (const cause of errorChain(error)) {
    if (isDataDirInUse(cause)) return new CliFailure('database_unavailable', cause.message);
    if (isStorageUnavailable(cause))
      return new CliFailure('database_unavailable', `the database cannot be reached: ${cause.reason}`);
  }
  return new CliFailure('unexpected', error instanceof Error ? error.message : String(error));
};
