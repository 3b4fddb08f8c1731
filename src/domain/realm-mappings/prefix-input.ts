import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import { issues } from '../shared/errors.js';
import { oneOf } from '../shared/literal.js';
import { field, isRecord, type Parsed, parseAll } from '../shared/validation.js';
import { MERCHANT_REALM_MAPPING_TYPE } from './merchant-realm-mapping.js';

export const PREFIX_MIN = 2;
export const PREFIX_MAX = 24;
export const PREFIX_PATTERN = /^[A-Za-z0-9]+$/;

/** 2..24 ASCII letters and digits: the part of a login address that names the store. */
export const parsePrefix =
  (source: string) =>
  (input: unknown): Parsed<string> => {
    if (input === undefined || input === null) return E.left(issues(source, 'is required'));
    if (typeof input !== 'string') return E.left(issues(source, 'must be a string'));
    if (input.length < PREFIX_MIN || input.length > PREFIX_MAX || !PREFIX_PATTERN.test(input)) {
      return E.left(issues(source, `must be ${PREFIX_MIN} to ${PREFIX_MAX} ASCII letters and digits`));
    }
    return E.right(input);
  };

/** Parses the `data` object of `PUT /v2/merchant-realm-mappings/:id`, reporting every problem. */
export const parsePrefixChange = (data: unknown): Parsed<string> =>
  isRecord(data)
    ? pipe(
        parseAll({
          type: oneOf([MERCHANT_REALM_MAPPING_TYPE])('data.type')(field(data, 'type')),
          prefix: parsePrefix('data.prefix')(field(data, 'prefix')),
        }),
        E.map(({ prefix }) => prefix),
      )
    : E.left(issues('data', 'must be an object'));
