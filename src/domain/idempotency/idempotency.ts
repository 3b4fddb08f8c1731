import * as E from 'fp-ts/lib/Either.js';
import { type Issues, issues } from '../shared/errors.js';
import type { Uuid } from '../shared/uuid.js';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** How long a response is replayed for its key, as Stripe does. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * A claim is a lease: the request holding it renews it every `IDEMPOTENCY_RENEW_MS` while it runs, and a
 * claim not renewed for `IDEMPOTENCY_LOCK_MS` was left by a request that ended without an answer (its
 * process died, or the database stopped answering it), so another request may take the key over. The
 * renewal leaves room for two missed renewals before the lease runs out.
 */
export const IDEMPOTENCY_LOCK_MS = 10 * 1000;
export const IDEMPOTENCY_RENEW_MS = 3 * 1000;

export const IDEMPOTENCY_KEY_MAX = 255;
// Visible ASCII and inner spaces: what a header carries unencoded, and what every backend stores alike.
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;

/** The header's key: absent (no idempotency asked for), or 1..255 visible ASCII characters. */
export const parseIdempotencyKey = (raw: string | undefined): E.Either<Issues, string | undefined> => {
  if (raw === undefined) return E.right(undefined);
  return raw.length <= IDEMPOTENCY_KEY_MAX && IDEMPOTENCY_KEY_PATTERN.test(raw)
    ? E.right(raw)
    : E.left(issues(IDEMPOTENCY_KEY_HEADER, `must be 1 to ${IDEMPOTENCY_KEY_MAX} visible ASCII characters`));
};

/** A response as it is replayed: its status and its body exactly as first sent. */
export interface StoredResponse {
  readonly status: number;
  readonly body: string;
}

/** A key's record: who claimed it, for which request, and the response once there is one. */
export interface IdempotencyRecord {
  readonly storeId: Uuid;
  readonly key: string;
  /** Identifies one claim, so that only its holder completes or releases it. */
  readonly claimId: Uuid;
  /** A digest of the request's method, path, query and body. */
  readonly fingerprint: string;
  readonly response: StoredResponse | undefined;
  /**
   * Set in the same transaction as any change the request committed: when the request ended without a
   * response (its commit went unanswered), this tells whether the change was stored.
   */
  readonly applied: boolean;
  readonly lockedAt: Date;
  readonly createdAt: Date;
}

/**
 * What a request meets when its key already has a record: a response to replay; a key used for another
 * request; the first request still running; a first request that ended without a response but had stored
 * its change ('applied': it must not run again); or a record that no longer counts, being past the 24-hour
 * window or abandoned with nothing stored, which the request may replace.
 */
export type KeyStanding = 'replay' | 'mismatch' | 'in-flight' | 'applied' | 'expired' | 'abandoned';

export const standingOf = (record: IdempotencyRecord, fingerprint: string, now: Date): KeyStanding => {
  if (now.getTime() - record.createdAt.getTime() >= IDEMPOTENCY_WINDOW_MS) return 'expired';
  if (record.fingerprint !== fingerprint) return 'mismatch';
  if (record.response !== undefined) return 'replay';
  if (now.getTime() - record.lockedAt.getTime() < IDEMPOTENCY_LOCK_MS) return 'in-flight';
  return record.applied ? 'applied' : 'abandoned';
};

/**
 * Whether a response is kept for replay. A 5xx or a 429 means the request did not run (or its outcome is
 * unknown, which the key's `applied` mark settles later), so it is not kept; any other answer, a 4xx
 * included, is final.
 */
export const isFinalResponse = (status: number): boolean => status < 500 && status !== 429;
