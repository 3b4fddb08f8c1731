import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { IDEMPOTENCY_WINDOW_MS, isFinalResponse, standingOf, type StoredResponse } from '../../domain/idempotency/idempotency.js';
import type { Uuid } from '../../domain/shared/uuid.js';
import type { IdempotencyClaim, IdempotencyStore } from '../ports/idempotency-store.js';
import type { Clock, IdGenerator } from '../ports/system.js';
import { TOKENS } from '../tokens.js';

/** Why a request with a key is not run: its response is replayed, or the key is busy or used otherwise. */
export type NotRun = { readonly kind: 'replay'; readonly response: StoredResponse } | { readonly kind: 'in-flight' } | { readonly kind: 'mismatch' };

/** The right to run one request under its key; given back with its response, or released. */
export interface Ticket {
  readonly storeId: Uuid;
  readonly key: string;
  readonly claimId: Uuid;
}

// Another request may take an expired or abandoned record at the same moment; after a few lost races the key is busy.
const CLAIM_ATTEMPTS = 3;

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
      const claim: IdempotencyClaim = { storeId, key, claimId: this.ids.uuid(), fingerprint, lockedAt: now, createdAt: now };
      const existing = await this.store.claim(claim);
      if (existing === undefined) return E.right({ storeId, key, claimId: claim.claimId });
      const standing = standingOf(existing, fingerprint, now);
      if (standing === 'replay' && existing.response !== undefined) return E.left({ kind: 'replay', response: existing.response });
      if (standing === 'mismatch' || standing === 'in-flight') return E.left({ kind: standing });
      if (await this.store.replace(existing, claim)) return E.right({ storeId, key, claimId: claim.claimId });
    }
    return E.left({ kind: 'in-flight' });
  }

  /** Keeps a final response for replay; any other releases the key, so that a retry runs the request again. */
  async finish(ticket: Ticket, response: StoredResponse): Promise<void> {
    if (isFinalResponse(response.status)) await this.store.complete(ticket.storeId, ticket.key, ticket.claimId, response);
    else await this.release(ticket);
  }

  release(ticket: Ticket): Promise<void> {
    return this.store.release(ticket.storeId, ticket.key, ticket.claimId);
  }

  /** Forgets keys older than the replay window; returns how many. */
  purge(): Promise<number> {
    return this.store.deleteCreatedBefore(new Date(this.clock.now().getTime() - IDEMPOTENCY_WINDOW_MS));
  }
}
