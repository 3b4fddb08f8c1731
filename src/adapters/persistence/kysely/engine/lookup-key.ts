import { createHash } from 'node:crypto';

/**
 * Long filterable text (names, emails, external references up to 2048 characters) is too long for a
 * B-tree key on MySQL (3072 bytes) and PostgreSQL (about 2700). Each such column has a 128-bit hash
 * beside it that is indexed; queries match the hash and then the text itself.
 */
export const lookupKey = (value: string): string =>
  createHash('sha256').update(value, 'utf8').digest('hex').slice(0, 32);

export const optionalLookupKey = (value: string | undefined): string | null =>
  value === undefined ? null : lookupKey(value);
