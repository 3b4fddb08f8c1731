/** What the trail shows in place of a secret. */
export const REDACTED = '[redacted]';

/**
 * The one rule for what never reaches the trail: a field whose name speaks of a secret, a password or a
 * token (`client_secret`, `secret_key`, `password`, `password_confirmation`, `access_token`, an OIDC
 * profile's `client_secret`), whatever resource holds it and however deep.
 */
export const isSecretName = (name: string): boolean => /secret|password|token/i.test(name);

/** The largest before or after the trail keeps, in characters of its JSON. */
export const AUDIT_SNAPSHOT_MAX_CHARS = 32_768;

/** What stands for a before or after too large to keep: how large it was. */
export interface OversizedSnapshot {
  readonly '[truncated]': true;
  readonly characters: number;
}

const redacted = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(redacted);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([name, inner]) => [name, isSecretName(name) ? REDACTED : redacted(inner)]),
  );
};

/**
 * A resource as the trail keeps it: plain JSON (instants as their ISO text), every secret redacted, and no
 * larger than the bound; null for no resource (before a create, after a delete).
 */
export const auditSnapshot = (value: unknown): unknown => {
  if (value === undefined || value === null) return null;
  const safe = redacted(JSON.parse(JSON.stringify(value)) as unknown);
  const characters = JSON.stringify(safe).length;
  return characters > AUDIT_SNAPSHOT_MAX_CHARS
    ? ({ '[truncated]': true, characters } satisfies OversizedSnapshot)
    : safe;
};
