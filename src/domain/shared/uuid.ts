import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import { issues } from './errors.js';
import type { Parsed } from './validation.js';

export interface UuidBrand {
  readonly Uuid: unique symbol;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An identifier in canonical UUID text form; stored and compared in lower case. */
export const Uuid = t.brand(
  t.string,
  (s): s is t.Branded<string, UuidBrand> => UUID_PATTERN.test(s) && s === s.toLowerCase(),
  'Uuid',
);
export type Uuid = t.TypeOf<typeof Uuid>;

/** Normalises untrusted text to a Uuid, or undefined when it is not one (a path id that is not a UUID is simply not found). */
export const parseUuid = (input: unknown): Uuid | undefined => {
  if (typeof input !== 'string') return undefined;
  const lower = input.toLowerCase();
  return Uuid.is(lower) ? lower : undefined;
};

/** A body field that must hold a UUID, normalised to lower case. */
export const parseUuidField =
  (source: string) =>
  (input: unknown): Parsed<Uuid> => {
    const id = parseUuid(input);
    return id === undefined ? E.left(issues(source, 'must be a UUID')) : E.right(id);
  };
