import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import { EXTERNAL_REF_MAX } from '../catalogue/catalogue-fields.js';
import { issue, issues, type ValidationIssue } from '../shared/errors.js';
import {
  type Changes,
  type Created,
  optionalField,
  parseChanges,
  parseCreated,
  requiredField,
} from '../shared/record-parser.js';
import { boundedString } from '../shared/text.js';
import { parseUuidField } from '../shared/uuid.js';
import { isRecord, type Parsed } from '../shared/validation.js';

/** EPCC gives a registration id at most 63 characters; names are held to the catalogue's 1024. */
export const ACCOUNT_NAME_MAX = 1024;
export const REGISTRATION_ID_MAX = 63;

const ACCOUNT_CHANGE_FIELDS = {
  name: requiredField(boundedString(1, ACCOUNT_NAME_MAX)),
  legal_name: optionalField(boundedString(1, ACCOUNT_NAME_MAX)),
  registration_id: optionalField(boundedString(1, REGISTRATION_ID_MAX)),
  external_ref: optionalField(boundedString(1, EXTERNAL_REF_MAX)),
};

/** `parent_id` is written once, when the account is made: EPCC's update schema has it read-only. */
const ACCOUNT_FIELDS = { ...ACCOUNT_CHANGE_FIELDS, parent_id: optionalField(parseUuidField) };

export type AccountInput = Created<typeof ACCOUNT_FIELDS>;
export type AccountChanges = Changes<typeof ACCOUNT_CHANGE_FIELDS>;

/** EPCC's flat `data` of a given `type`: `{"type": "account", "name": ...}`. */
export const typedData = (data: unknown, type: string): Parsed<Readonly<Record<string, unknown>>> => {
  if (!isRecord(data)) return E.left(issues('data', 'must be an object'));
  if (data['type'] === type) return E.right(data);
  const problem: ValidationIssue = issue('data.type', data['type'] === undefined ? 'is required' : `must be '${type}'`);
  return E.left([problem]);
};

/** `POST /v2/accounts`. */
export const parseNewAccount = (data: unknown): Parsed<AccountInput> =>
  pipe(
    typedData(data, 'account'),
    E.flatMap((fields) => parseCreated(ACCOUNT_FIELDS, fields, 'data')),
  );

/** `PUT /v2/accounts/:id`: a partial update; `null` clears an optional field; `parent_id` is ignored. */
export const parseAccountChanges = (data: unknown): Parsed<AccountChanges> =>
  pipe(
    typedData(data, 'account'),
    E.flatMap((fields) => parseChanges(ACCOUNT_CHANGE_FIELDS, fields, 'data')),
  );
