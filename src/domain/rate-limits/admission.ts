/**
 * The store's request budget, shared as EPCC describes it: a key's `reserved_rate_limit` R is its own
 * (R requests/s for the tokens minted from it), the rest of the budget is a pool every key draws on, a
 * reserved key once its own share is spent. Each share is a token bucket refilled continuously at its
 * rate and holding at most one second of it, so a burst never exceeds one second's budget and a
 * steady flow is held to the rate at any one-second scale.
 */

/** A store's budget and its keys' reservations, as read together from storage. */
export interface StoreRates {
  readonly budget: number;
  readonly reservations: ReadonlyMap<string, number>;
}

/** Requests per second: the key's own, and the store's pool. */
export interface Shares {
  readonly reserved: number;
  readonly pool: number;
}

/** What a bucket held at a moment (milliseconds). */
export interface Bucket {
  readonly tokens: number;
  readonly at: number;
}

/**
 * What a request was admitted on: the key's own reservation or the store's pool; `refused` when neither
 * had a token; `unlimited` when the limiter could not count it and let it through (failing open).
 */
export type AdmissionOutcome = 'reservation' | 'pool' | 'refused' | 'unlimited';

export interface Admission {
  readonly admitted: boolean;
  readonly outcome: AdmissionOutcome;
  /** Requests per second this key may make at most: its reservation and the whole pool. */
  readonly limit: number;
  /** Requests the key could make right now. */
  readonly remaining: number;
  /** Milliseconds until both buckets are full again. */
  readonly resetMs: number;
  /** Milliseconds until a refused request could be admitted; 0 when admitted. */
  readonly retryAfterMs: number;
  readonly reservedBucket: Bucket;
  readonly poolBucket: Bucket;
}

export const DEFAULT_STORE_BUDGET = 100;

/** A key's shares of its store's budget; the pool is what no key reserved. */
export const sharesOf = (rates: StoreRates, keyId: string): Shares => {
  let reserved = 0;
  for (const r of rates.reservations.values()) reserved += r;
  return { reserved: rates.reservations.get(keyId) ?? 0, pool: Math.max(0, rates.budget - reserved) };
};

/** A bucket seen now: refilled at `rate`, never above one second's worth; a new bucket starts full. */
export const refilled = (bucket: Bucket | undefined, rate: number, now: number): Bucket => {
  if (bucket === undefined) return { tokens: rate, at: now };
  const elapsed = Math.max(0, now - bucket.at);
  return { tokens: Math.min(rate, bucket.tokens + (elapsed * rate) / 1000), at: Math.max(now, bucket.at) };
};

const untilTokens = (bucket: Bucket, rate: number, wanted: number): number =>
  rate <= 0 ? Number.POSITIVE_INFINITY : Math.max(0, ((wanted - bucket.tokens) * 1000) / rate);

/** The figures a caller is told, from what the buckets hold after the decision. */
export const describe = (
  shares: Shares,
  own: Bucket,
  pool: Bucket,
  outcome: AdmissionOutcome,
): Omit<Admission, 'reservedBucket' | 'poolBucket'> => {
  const admitted = outcome !== 'refused';
  return {
    admitted,
    outcome,
    limit: shares.reserved + shares.pool,
    remaining: Math.floor(own.tokens) + Math.floor(pool.tokens),
    resetMs: Math.max(
      shares.reserved > 0 ? untilTokens(own, shares.reserved, shares.reserved) : 0,
      shares.pool > 0 ? untilTokens(pool, shares.pool, shares.pool) : 0,
    ),
    retryAfterMs: admitted ? 0 : Math.min(untilTokens(own, shares.reserved, 1), untilTokens(pool, shares.pool, 1)),
  };
};

/** Admits one request: from the key's own share first, then from the pool. */
export const admit = (
  shares: Shares,
  reserved: Bucket | undefined,
  pool: Bucket | undefined,
  now: number,
): Admission => {
  let own = refilled(reserved, shares.reserved, now);
  let shared = refilled(pool, shares.pool, now);
  let outcome: AdmissionOutcome = 'refused';
  if (own.tokens >= 1) {
    own = { ...own, tokens: own.tokens - 1 };
    outcome = 'reservation';
  } else if (shared.tokens >= 1) {
    shared = { ...shared, tokens: shared.tokens - 1 };
    outcome = 'pool';
  }
  return { ...describe(shares, own, shared, outcome), reservedBucket: own, poolBucket: shared };
};
