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

// A replacer sees each member's name before its value is written, so a secret is never rendered at all.
const redactingSecrets = (name: string, value: unknown): unknown => (isSecretName(name) ? REDACTED : value);

/**
 * A resource as the trail keeps it, as JSON text: plain JSON (instants as their ISO text), every secret
 * redacted, and no larger than the bound; null for no resource (before a create, after a delete). One pass
 * over the resource: this runs for every event of every change.
 */
export const auditSnapshotText = (value: unknown): string | null => {
  if (value === undefined || value === null) return null;
  const text = JSON.stringify(value, redactingSecrets);
  if (text.length <= AUDIT_SNAPSHOT_MAX_CHARS) return text;
  const oversized: OversizedSnapshot = { '[truncated]': true, characters: text.length };
  return JSON.stringify(oversized);
};

/** The same snapshot as a value: what the trail shows. */
export const auditSnapshot = (value: unknown): unknown => {
  const text = auditSnapshotText(value);
  return text === null ? null : (JSON.parse(text) as unknown);
};
