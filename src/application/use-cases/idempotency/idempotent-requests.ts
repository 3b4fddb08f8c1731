import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import {
  IDEMPOTENCY_LOCK_MS,
  IDEMPOTENCY_RENEW_MS,
  IDEMPOTENCY_WINDOW_MS,
  isFinalResponse,
  type StoredResponse,
  standingOf,
} from '../../../domain/idempotency/idempotency.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { IdempotencyClaim, IdempotencyStore } from '../../ports/idempotency/idempotency-store.js';
import type { Clock, IdGenerator } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';

/** The right to run one request under its key; given back with its response, or released. */
export interface Ticket {
  readonly storeId: Uuid;
  readonly key: string;
  readonly claimId: Uuid;
}

/**
 * Why a request with a key is not run: its response is replayed; the key is busy or used for another
 * request; or the first request stored its change but its answer was lost (the ticket lets the caller
 * keep the answer it gives instead, so that every later retry gets that one).
 */
export type NotRun =
  | { readonly kind: 'replay'; readonly response: StoredResponse }
  | { readonly kind: 'in-flight' }
  | { readonly kind: 'mismatch' }
  | { readonly kind: 'applied'; readonly ticket: Ticket };

// Another request may take an expired or abandoned record at the same moment; after a few lost races the key is busy.
const CLAIM_ATTEMPTS = 3;
// A release the database did not take is tried again this often, until the lease would have freed the key anyway.
const RELEASE_RETRY_MS = 500;

/** Stripe's idempotent requests: the first response to a key is the response to every retry for 24 hours. */
@injectable()
export class IdempotentRequests {
  constructor(
    @inject(TOKENS.IdempotencyStore) private readonly store: IdempotencyStore,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.IdGenerator) private readonly ids: IdGenerator,
  ) {}

  /** Claims the key for the request with this fingerprint, or says why the request must not run. */
  async begin(storeId: Uuid, key: string, fingerprint: string): Promise<E.Either<NotRun, Ticket>> {
    for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt += 1) {
      const now = this.clock.now();
      const claim: IdempotencyClaim = {
        storeId,
        key,
        claimId: this.ids.uuid(),
        fingerprint,
        lockedAt: now,
        createdAt: now,
      };
      const existing = await this.store.claim(claim);
      if (existing === undefined) return E.right({ storeId, key, claimId: claim.claimId });
      const standing = standingOf(existing, fingerprint, now);
      if (standing === 'replay' && existing.response !== undefined)
        return E.left({ kind: 'replay', response: existing.response });
      if (standing === 'mismatch' || standing === 'in-flight') return E.left({ kind: standing });
      if (standing === 'applied')
        return E.left({ kind: 'applied', ticket: { storeId, key, claimId: existing.claimId } });
      if (await this.store.replace(existing, claim)) return E.right({ storeId, key, claimId: claim.claimId });
    }
    return E.left({ kind: 'in-flight' });
  }

  /**
   * Holds the ticket's lease while its request runs: every change the request commits marks the key as
   * applied in its own transaction, and the lease is renewed until the returned function is called.
   */
  hold(ticket: Ticket): () => void {
    this.store.markAppliedWithEveryCommit(ticket.storeId, ticket.key, ticket.claimId);
    const timer = setInterval(() => {
      // A renewal the database does not take only shortens the lease; the request's own answer decides the rest.
      this.store.renew(ticket.storeId, ticket.key, ticket.claimId, this.clock.now()).catch(() => undefined);
    }, IDEMPOTENCY_RENEW_MS);
    timer.unref();
    return () => clearInterval(timer);
  }

  /**
   * Keeps a final response for replay. A request that stored nothing releases the key, so that a retry
   * runs it at once; one that may have stored something (`applied`) keeps its claim without a response,
   * so that a retry, once the lease has run out, learns from the key's mark what happened.
   */
  async finish(ticket: Ticket, response: StoredResponse, applied: boolean): Promise<void> {
    if (isFinalResponse(response.status))
      await this.store.complete(ticket.storeId, ticket.key, ticket.claimId, response);
    else if (!applied) this.releaseSoon(ticket);
  }

  /** Keeps `response` as the answer to every later retry of a key whose request was applied but never answered. */
  settle(ticket: Ticket, response: StoredResponse): Promise<void> {
    return this.store.complete(ticket.storeId, ticket.key, ticket.claimId, response);
  }

  /**
   * Releases the key, trying again in the background while the database does not take it (it is often
   * the database's failure that ended the request), for as long as the lease would have held the key.
   */
  releaseSoon(ticket: Ticket): void {
    const giveUpAt = this.clock.now().getTime() + IDEMPOTENCY_LOCK_MS;
    const attempt = (): void => {
      this.store.release(ticket.storeId, ticket.key, ticket.claimId).catch(() => {
        if (this.clock.now().getTime() + RELEASE_RETRY_MS < giveUpAt) setTimeout(attempt, RELEASE_RETRY_MS).unref();
      });
    };
    attempt();
  }

  /** Forgets keys older than the replay window; returns how many. */
  purge(): Promise<number> {
    return this.store.deleteCreatedBefore(new Date(this.clock.now().getTime() - IDEMPOTENCY_WINDOW_MS));
  }
}
