import * as E from 'fp-ts/lib/Either.js';

type Env = Readonly<Record<string, string | undefined>>;

/** A year: long enough for a yearly review of who did what, as Stripe's and Lago's logs keep about that. */
export const DEFAULT_AUDIT_RETENTION_DAYS = 365;

/** `AUDIT_RETENTION_DAYS`: how many days the audit trail keeps an event; 0 keeps every event. */
export const readAuditRetentionDays = (env: Env): E.Either<string, number> => {
  const raw = env['AUDIT_RETENTION_DAYS'];
  if (raw === undefined || raw === '') return E.right(DEFAULT_AUDIT_RETENTION_DAYS);
  return /^[0-9]{1,5}$/.test(raw)
    ? E.right(Number(raw))
    : E.left(`AUDIT_RETENTION_DAYS must be a whole number of days between 0 (keep forever) and 99999, got "${raw}"`);
};
