import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import { parseEmail } from '../catalogue/catalogue-fields.js';
import { issue } from '../shared/errors.js';
import { oneOf, required } from '../shared/literal.js';
import { boundedString } from '../shared/text.js';
import { field, isRecord, optional, type Parsed, parseAll } from '../shared/validation.js';

/**
 * EPCC's user-authentication-info of the account realm is the account member itself: one record, one id
 * (`domain/accounts/account-member.ts`). These are the words and rules of its realm-side face.
 */
export const USER_AUTHENTICATION_INFO_TYPE = 'user_authentication_info';
export const USER_AUTHENTICATION_INFO_NOT_FOUND = 'user authentication info not found';
export const EMAIL_TAKEN = 'another account member of the store has this email';

export const MEMBER_NAME_MAX = 255;
export const parseMemberName = boundedString(1, MEMBER_NAME_MAX);

export interface MemberFields {
  readonly name: string;
  readonly email: string;
}

const typeOf = (data: Readonly<Record<string, unknown>>) =>
  oneOf([USER_AUTHENTICATION_INFO_TYPE])('data.type')(field(data, 'type'));

export const parseNewMember = (data: unknown): Parsed<MemberFields> =>
  isRecord(data)
    ? pipe(
        parseAll({
          type: typeOf(data),
          name: required(parseMemberName)('data.name')(field(data, 'name')),
          email: required(parseEmail)('data.email')(field(data, 'email')),
        }),
        E.map(({ name, email }) => ({ name, email })),
      )
    : E.left([issue('data', 'must be an object')]);

/** A partial update: a field left out keeps its value. */
export const parseMemberChanges = (data: unknown): Parsed<Partial<MemberFields>> =>
  isRecord(data)
    ? pipe(
        parseAll({
          type: typeOf(data),
          name: optional(field(data, 'name'), parseMemberName('data.name')),
          email: optional(field(data, 'email'), parseEmail('data.email')),
        }),
        E.map(({ name, email }) => ({
          ...(name === undefined ? {} : { name }),
          ...(email === undefined ? {} : { email }),
        })),
      )
    : E.left([issue('data', 'must be an object')]);
