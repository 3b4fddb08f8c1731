import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import { type KeyScopes, parseScopes } from '../auth/scope.js';
import { issues } from '../shared/errors.js';
import { INT32_MAX, integerInRange } from '../shared/integer.js';
import { oneOf, required } from '../shared/literal.js';
import { boundedString } from '../shared/text.js';
import { field, isRecord, optional, type Parsed, parseAll } from '../shared/validation.js';
import { APPLICATION_KEY_TYPE } from './application-key.js';

export const APPLICATION_KEY_NAME_MIN = 1;
export const APPLICATION_KEY_NAME_MAX = 255;

const parseName = required(boundedString(APPLICATION_KEY_NAME_MIN, APPLICATION_KEY_NAME_MAX));
const parseType = oneOf([APPLICATION_KEY_TYPE]);
const parseLimit = integerInRange(0, INT32_MAX);

/** `null` clears a reservation; a number sets it. */
const parseReservation =
  (source: string) =>
  (input: unknown): Parsed<number | null> =>
    input === null ? E.right(null) : parseLimit(source)(input);

/** A validated create request. */
export interface NewApplicationKey {
  readonly name: string;
  readonly reservedRateLimit: number | null;
  readonly scopes: KeyScopes;
}

/** A validated partial update: an absent field keeps its value. */
export interface ApplicationKeyChanges {
  readonly name?: string;
  readonly reservedRateLimit?: number | null;
  readonly scopes?: KeyScopes;
}

const dataObject = (input: unknown): Parsed<Readonly<Record<string, unknown>>> =>
  isRecord(input) ? E.right(input) : E.left(issues('data', 'must be an object'));

/** Parses the `data` object of a create request, reporting every problem. */
export const parseNewApplicationKey = (input: unknown): Parsed<NewApplicationKey> =>
  E.flatMap(dataObject(input), (data) =>
    pipe(
      parseAll({
        type: parseType('data.type')(field(data, 'type')),
        name: parseName('data.name')(field(data, 'name')),
        reservedRateLimit: optional(field(data, 'reserved_rate_limit'), parseReservation('data.reserved_rate_limit')),
        scopes: optional(field(data, 'scopes'), parseScopes('data.scopes')),
      }),
      E.map(({ name, reservedRateLimit, scopes }) => ({
        name,
        reservedRateLimit: reservedRateLimit ?? null,
        scopes: scopes ?? null,
      })),
    ),
  );

/** Parses the `data` object of an update request; `type` is required as on create. */
export const parseApplicationKeyChanges = (input: unknown): Parsed<ApplicationKeyChanges> =>
  E.flatMap(dataObject(input), (data) =>
    pipe(
      parseAll({
        type: parseType('data.type')(field(data, 'type')),
        name: optional(
          field(data, 'name'),
          boundedString(APPLICATION_KEY_NAME_MIN, APPLICATION_KEY_NAME_MAX)('data.name'),
        ),
        reservedRateLimit: optional(field(data, 'reserved_rate_limit'), parseReservation('data.reserved_rate_limit')),
        scopes: optional(field(data, 'scopes'), parseScopes('data.scopes')),
      }),
      E.map(({ name, reservedRateLimit, scopes }) => ({
        ...(name === undefined ? {} : { name }),
        ...(reservedRateLimit === undefined ? {} : { reservedRateLimit }),
        ...(scopes === undefined ? {} : { scopes }),
      })),
    ),
  );
