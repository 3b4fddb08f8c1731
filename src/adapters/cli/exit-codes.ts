import type { DomainError } from '../../domain/shared/errors.js';

/**
 * How a command ends, and the process exit code of each ending: a script can tell them apart without
 * reading the message. The names are the `kind` of a `--json` error.
 */
export const EXIT_CODES = {
  ok: 0,
  unexpected: 1,
  usage: 2,
  not_found: 3,
  conflict: 4,
  invalid_input: 5,
  database_unavailable: 6,
} as const;

export type FailureKind = Exclude<keyof typeof EXIT_CODES, 'ok'>;

/** The ending of a command whose use case refused it. */
export const failureKindOf = (error: DomainError): FailureKind => {
  switch (error._tag) {
    case 'NotFound':
      return 'not_found';
    case 'Conflict':
      return 'conflict';
    case 'ValidationFailed':
    case 'Unprocessable':
      return 'invalid_input';
    // Operator commands act for no caller, so no use case they run can refuse one.
    case 'Unauthenticated':
    case 'Forbidden':
      return 'unexpected';
  }
};
