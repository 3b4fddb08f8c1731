import { inject, injectable } from 'inversify';
import { addressSubject } from '../../../domain/auth/client-address.js';
import type { FailureSubject } from '../../../domain/auth/failed-authentication.js';
import { isStorableText } from '../../../domain/shared/text.js';
import type { AuthFailureLimiter } from '../../ports/auth/auth-failure-limiter.js';
import { TOKENS } from '../../tokens.js';

// Longer client ids are refused by the token request's own parsing before any secret is compared.
const CLIENT_ID_MAX = 512;

/** Who is asking to authenticate: the client id the request names (any value) and the address it comes from. */
export interface AuthAttempt {
  readonly clientId: unknown;
  readonly address: string | undefined;
}

const subjectsOf = ({ clientId, address }: AuthAttempt): FailureSubject[] => {
  const subjects: FailureSubject[] = [];
  // Unknown client ids are counted like known ones: the answer must not tell them apart.
  if (typeof clientId === 'string' && clientId !== '' && clientId.length <= CLIENT_ID_MAX && isStorableText(clientId))
    subjects.push({ kind: 'client_id', value: clientId });
  const counted = address === undefined ? undefined : addressSubject(address);
  if (counted !== undefined) subjects.push({ kind: 'address', value: counted });
  return subjects;
};

/** The seconds a refused caller is told to wait: whole, at least one. */
const retryAfterSeconds = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));

/**
 * Failed authentication in a budget of its own: a blocked client id or address is refused before its
 * credentials are looked at, and each failure is counted against both, never against a store's
 * request budget.
 */
@injectable()
export class FailedAuthentications {
  constructor(@inject(TOKENS.AuthFailureLimiter) private readonly limiter: AuthFailureLimiter) {}

  /** Seconds the attempt must wait before it is looked at; undefined when it may go on now. */
  async retryAfter(attempt: AuthAttempt): Promise<number | undefined> {
    const subjects = subjectsOf(attempt);
    if (subjects.length === 0) return undefined;
    const ms = await this.limiter.blockedFor(subjects);
    return ms > 0 ? retryAfterSeconds(ms) : undefined;
  }

  /** Counts a failed attempt. */
  async failed(attempt: AuthAttempt): Promise<void> {
    const subjects = subjectsOf(attempt);
    if (subjects.length > 0) await this.limiter.recordFailure(subjects);
  }
}
