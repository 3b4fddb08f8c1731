import { inject, injectable } from 'inversify';
import { addressSubject } from '../../../domain/auth/client-address.js';
import type { AuthFailureLimiter } from '../../ports/auth/auth-failure-limiter.js';
import { TOKENS } from '../../tokens.js';

/** The seconds a refused caller is told to wait: whole, at least one. */
const retryAfterSeconds = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));

/**
 * Failed authentication in a budget of its own, counted against the address it came from and never
 * against the client id it named (`domain/auth/failed-authentication.ts` says why) nor a store's
 * request budget. `address` is the client's address as the HTTP adapter read it; one that is not an IP
 * address is neither counted nor blocked.
 */
@injectable()
export class FailedAuthentications {
  constructor(@inject(TOKENS.AuthFailureLimiter) private readonly limiter: AuthFailureLimiter) {}

  /**
   * Seconds the address must wait before anything it sends is looked at; undefined when it may go on now.
   * With a `scope`, its failures in that scope count too (see `failed`).
   */
  async retryAfter(address: string | undefined, scope?: string): Promise<number | undefined> {
    const counted = address === undefined ? undefined : addressSubject(address);
    if (counted === undefined) return undefined;
    const waits = await Promise.all(
      [counted, ...(scope === undefined ? [] : [scoped(counted, scope)])].map((subject) =>
        this.limiter.blockedFor(subject),
      ),
    );
    const ms = Math.max(...waits);
    return ms > 0 ? retryAfterSeconds(ms) : undefined;
  }

  /**
   * Counts a failed attempt from `address`; with a `scope`, in a budget of the address's own for that scope
   * only. A scope is for callers that many share one address: Stripe sends every store's webhooks from a
   * few addresses, so one store's wrong signing secret must never hold back another store's deliveries.
   */
  async failed(address: string | undefined, scope?: string): Promise<void> {
    const counted = address === undefined ? undefined : addressSubject(address);
    if (counted !== undefined) await this.limiter.recordFailure(scope === undefined ? counted : scoped(counted, scope));
  }
}

const scoped = (subject: string, scope: string): string => `${subject} ${scope}`;
