import * as E from 'fp-ts/lib/Either.js';
import type { Issues } from '../../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../../domain/shared/uuid.js';
import { isRecord, type Parsed } from '../../../../domain/shared/validation.js';

/** Stored JSON is our own writing; anything that does not decode means the schema drifted, which is a fault. */
export const decodeStored = <A>(what: string, parsed: Parsed<A>): A => {
  if (E.isRight(parsed)) return parsed.right;
  const problems = (parsed.left as Issues).map((i) => `${i.source} ${i.detail}`).join('; ');
  throw new Error(`stored ${what} does not decode: ${problems}`);
};

export const parseJson = (what: string, text: unknown): unknown => {
  if (typeof text !== 'string') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new Error(`stored ${what} is not JSON`);
  }
};

export const storedDate = (what: string, value: unknown): Date => {
  const date = typeof value === 'string' || value instanceof Date ? new Date(value) : undefined;
  if (date === undefined || Number.isNaN(date.getTime())) throw new Error(`stored ${what} is not a date`);
  return date;
};

/** Ids read back from our own tables; a malformed one means the schema drifted, which is a fault, not input. */
export const storedUuid = (what: string, value: unknown): Uuid => {
  const id = parseUuid(value);
  if (id === undefined) throw new Error(`stored ${what} is not a UUID`);
  return id;
};

/** A stored JSON object; anything else means the schema drifted. */
export const record = (what: string, value: unknown): Readonly<Record<string, unknown>> => {
  if (!isRecord(value)) throw new Error(`stored ${what} is not an object`);
  return value;
};
