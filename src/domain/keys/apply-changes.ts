import type { ApplicationKey } from './application-key.js';
import type { ApplicationKeyChanges } from './application-key-input.js';

export const applyApplicationKeyChanges = (
  key: ApplicationKey,
  changes: ApplicationKeyChanges,
  now: Date,
): ApplicationKey => ({
  ...key,
  ...(changes.name === undefined ? {} : { name: changes.name }),
  ...(changes.reservedRateLimit === undefined ? {} : { reservedRateLimit: changes.reservedRateLimit }),
  ...(changes.scopes === undefined ? {} : { scopes: changes.scopes }),
  updatedAt: now,
});
