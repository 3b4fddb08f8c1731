import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import { issues } from './errors.js';
import type { Parsed } from './validation.js';

export interface UuidBrand {
  readonly Uuid: unique symbol;
}

const UUID_LENGTH = 36;
const HYPHEN = 0x2d;

/**
 * Lower-case hex digits in the 8-4-4-4-12 groups, checked in one pass over the characters: every stored
 * id of every row read is checked, and a regular expression followed by a lower-case copy of the text
 * was the largest part of decoding a list page's rows.
 */
const isLowerCaseUuid = (s: string): boolean => {
  if (s.length !== UUID_LENGTH) return false;
  for (let i = 0; i < UUID_LENGTH; i++) {
    const c = s.charCodeAt(i);
    if (i === 8 || i === 13 || i === 18 || i === 23) {
      if (c !== HYPHEN) return false;
    } else if (!((c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66))) return false;
  }
  return true;
};

/** An identifier in canonical UUID text form; stored and compared in lower case. */
export const Uuid = t.brand(t.string, (s): s is t.Branded<string, UuidBrand> => isLowerCaseUuid(s), 'Uuid');
export type Uuid = t.TypeOf<typeof Uuid>;

/** Normalises untrusted text to a Uuid, or undefined when it is not one (a path id that is not a UUID is simply not found). */
export const parseUuid = (input: unknown): Uuid | undefined => {
  if (typeof input !== 'string') return undefined;
  if (Uuid.is(input)) return input;
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
