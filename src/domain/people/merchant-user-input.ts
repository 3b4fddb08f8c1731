import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import { parseEmail } from '../catalogue/catalogue-fields.js';
import { issue, issues } from '../shared/errors.js';
import { oneOf, required } from '../shared/literal.js';
import { boundedString, codePoints } from '../shared/text.js';
import { field, isRecord, optional, type Parsed, parseAll } from '../shared/validation.js';
import { MERCHANT_USER_TYPE, type MerchantUserFields } from './merchant-user.js';
import { ROLES } from './role.js';

/** A person's name, as an account member's is held (EPCC's user-authentication-info `name`). */
export const MERCHANT_USER_NAME_MAX = 255;
const parseName = boundedString(1, MERCHANT_USER_NAME_MAX);
/** Stored in full and indexed for the list's filters, so shorter than a subscriber's 1024. */
export const MERCHANT_USER_EMAIL_MAX = 255;
const parseRole = oneOf(ROLES);
const parsePersonEmail =
  (source: string) =>
  (input: unknown): Parsed<string> => {
    const email = parseEmail(source)(input);
    return E.isRight(email) && codePoints(email.right) > MERCHANT_USER_EMAIL_MAX
      ? E.left(issues(source, `must be at most ${MERCHANT_USER_EMAIL_MAX} characters`))
      : email;
  };

const typeOf = (data: Readonly<Record<string, unknown>>) =>
  oneOf([MERCHANT_USER_TYPE])('data.type')(field(data, 'type'));

/** `POST /v2/merchant-users`: a name, an email address and a role, every problem reported. */
export const parseNewMerchantUser = (data: unknown): Parsed<MerchantUserFields> =>
  isRecord(data)
    ? pipe(
        parseAll({
          type: typeOf(data),
          name: required(parseName)('data.name')(field(data, 'name')),
          email: required(parsePersonEmail)('data.email')(field(data, 'email')),
          role: parseRole('data.role')(field(data, 'role')),
        }),
        E.map(({ name, email, role }) => ({ name, email, role })),
      )
    : E.left([issue('data', 'must be an object')]);

/** `PUT /v2/merchant-users/:id`: a partial update; a field left out keeps its value. */
export const parseMerchantUserChanges = (data: unknown): Parsed<Partial<MerchantUserFields>> =>
  isRecord(data)
    ? pipe(
        parseAll({
          type: typeOf(data),
          name: optional(field(data, 'name'), parseName('data.name')),
          email: optional(field(data, 'email'), parsePersonEmail('data.email')),
          role: optional(field(data, 'role'), parseRole('data.role')),
        }),
        E.map(({ name, email, role }) => ({
          ...(name === undefined ? {} : { name }),
          ...(email === undefined ? {} : { email }),
          ...(role === undefined ? {} : { role }),
        })),
      )
    : E.left([issue('data', 'must be an object')]);
