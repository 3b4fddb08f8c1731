import { inject, injectable } from 'inversify';
import { type AdmissionOutcome, sharesOf } from '../../../domain/rate-limits/admission.js';
import { isStorableText } from '../../../domain/shared/text.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { ApplicationKeyRepository } from '../../ports/keys/application-key-repository.js';
import type { RateLimiter } from '../../ports/rate-limits/rate-limiter.js';
import type { StoreRepository } from '../../ports/stores/store-repository.js';
import { TOKENS } from '../../tokens.js';

// Longer client ids are refused by the token request's own parsing; they name no key.
const CLIENT_ID_MAX = 512;

/** What a caller is told of its rate: the admission and the figures of the X-RateLimit-* headers. */
export interface RateDecision {
  readonly admitted: boolean;
  /** What it was admitted on, or that it was refused. */
  readonly outcome: AdmissionOutcome;
  readonly limit: number;
  readonly remaining: number;
  readonly resetSeconds: number;
  readonly retryAfterSeconds: number;
}

const seconds = (ms: number, atLeastOne: boolean): number => {
  const whole = Number.isFinite(ms) ? Math.ceil(ms / 1000) : 1;
  return atLeastOne ? Math.max(1, whole) : whole;
};

/**
 * Counts one request against the key it comes from. The store's budget and reservations come from the
 * store repository, which the composition root serves from memory for up to a second, so a change takes
 * effect everywhere within a second without a query per request.
 */
@injectable()
export class AdmitRequest {
  constructor(
    @inject(TOKENS.RateLimiter) private readonly limiter: RateLimiter,
    @inject(TOKENS.StoreRepository) private readonly stores: StoreRepository,
    @inject(TOKENS.ApplicationKeyRepository) private readonly keys: ApplicationKeyRepository,
  ) {}

  async execute(storeId: Uuid, keyId: Uuid): Promise<RateDecision> {
    const rates = await this.stores.rates(storeId);
    if (rates === undefined)
      return { admitted: false, outcome: 'refused', limit: 0, remaining: 0, resetSeconds: 0, retryAfterSeconds: 1 };
    const admission = await this.limiter.admit(storeId, keyId, sharesOf(rates, keyId));
    return {
      admitted: admission.admitted,
      outcome: admission.outcome,
      limit: admission.limit,
      remaining: admission.remaining,
      resetSeconds: seconds(admission.resetMs, false),
      retryAfterSeconds: admission.admitted ? 0 : seconds(admission.retryAfterMs, true),
    };
  }

  /** A token request counts against the key it names; undefined when it names none (it will be refused anyway). */
  async forClientId(clientId: unknown): Promise<RateDecision | undefined> {
    if (typeof clientId !== 'string' || clientId === '' || clientId.length > CLIENT_ID_MAX || !isStorableText(clientId))
      return undefined;
    const key = await this.keys.findByClientId(clientId);
    return key === undefined ? undefined : this.execute(key.storeId, key.id);
  }
}
