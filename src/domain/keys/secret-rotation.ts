import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import { issues } from '../shared/errors.js';
import { oneOf } from '../shared/literal.js';
import { parseTimestamp } from '../shared/timestamp.js';
import { field, isRecord, optional, type Parsed, parseAll } from '../shared/validation.js';
import { APPLICATION_KEY_TYPE, type ApplicationKey } from './application-key.js';

/** The longest overlap a rotation may leave the old secret, as Stripe allows when it rolls a key. */
export const LONGEST_OVERLAP_DAYS = 7;
export const LONGEST_OVERLAP_MS = LONGEST_OVERLAP_DAYS * 24 * 3600 * 1000;

/** A validated rotation: when the current secret stops being accepted. */
export interface SecretRotation {
  readonly currentSecretExpiresAt: Date;
}

/**
 * Reads `{type, expire_current_secret_at}`. Absent or null means now; a time already past means now as
 * well (the caller's clock may run behind); later than seven days from `now` is refused.
 */
export const parseSecretRotation = (input: unknown, now: Date): Parsed<SecretRotation> => {
  if (!isRecord(input)) return E.left(issues('data', 'must be an object'));
  const source = 'data.expire_current_secret_at';
  return pipe(
    parseAll({
      type: oneOf([APPLICATION_KEY_TYPE])('data.type')(field(input, 'type')),
      expiresAt: optional(field(input, 'expire_current_secret_at') ?? undefined, parseTimestamp(source)),
    }),
    E.flatMap(({ expiresAt }) => {
      const at = expiresAt === undefined || expiresAt.getTime() < now.getTime() ? now : expiresAt;
      return at.getTime() - now.getTime() > LONGEST_OVERLAP_MS
        ? E.left(
            issues(
              source,
              `must be at most ${LONGEST_OVERLAP_DAYS} days from now: the old secret may overlap the new one for a week at most`,
            ),
          )
        : E.right({ currentSecretExpiresAt: at });
    }),
  );
};

/**
 * The key with `newSecretHash` as its secret. The secret it had stays accepted until the rotation's time,
 * unless that is now; a secret an earlier rotation left overlapping stops at once (one overlap at a time).
 */
export const rotateSecret = (
  key: ApplicationKey,
  newSecretHash: string,
  rotation: SecretRotation,
  now: Date,
): ApplicationKey => ({
  ...key,
  secretHash: newSecretHash,
  previousSecret:
    rotation.currentSecretExpiresAt.getTime() > now.getTime()
      ? { hash: key.secretHash, expiresAt: rotation.currentSecretExpiresAt }
      : null,
  updatedAt: now,
});
