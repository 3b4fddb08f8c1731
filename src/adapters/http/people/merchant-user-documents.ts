import { EMAIL_MIN, EMAIL_PATTERN } from '../../../domain/catalogue/catalogue-fields.js';
import { MERCHANT_USER_TYPE, type MerchantUser } from '../../../domain/people/merchant-user.js';
import { MERCHANT_USER_EMAIL_MAX, MERCHANT_USER_NAME_MAX } from '../../../domain/people/merchant-user-input.js';
import { ROLES } from '../../../domain/people/role.js';
import type { Schema } from '../openapi/openapi-types.js';
import { closedObject, constant, nullable, text, timestamp, uri, uuid } from '../openapi/schema-builders.js';
import { formatOptionalTimestamp, formatTimestamp } from '../timestamps.js';

export const MERCHANT_USERS_PATH = '/v2/merchant-users';

export const merchantUserResource = (user: MerchantUser, origin: string) => ({
  id: user.id,
  type: MERCHANT_USER_TYPE,
  name: user.name,
  email: user.email,
  role: user.role,
  last_signed_in_at: formatOptionalTimestamp(user.lastSignedInAt),
  meta: { timestamps: { created_at: formatTimestamp(user.createdAt), updated_at: formatTimestamp(user.updatedAt) } },
  links: { self: `${origin}${MERCHANT_USERS_PATH}/${user.id}` },
});

const ROLE_TEXT =
  '`owner` (everything, and managing people), `admin` (everything but managing people), `billing` (every read but administration, every write but the catalogue), `read-only` (every read but administration).';

export const role: Schema = { type: 'string', enum: [...ROLES], description: `What the person may do: ${ROLE_TEXT}` };
export const personName = text(1, MERCHANT_USER_NAME_MAX);
export const personEmail: Schema = {
  type: 'string',
  minLength: EMAIL_MIN,
  maxLength: MERCHANT_USER_EMAIL_MAX,
  pattern: EMAIL_PATTERN,
  description: "Unique among the store's people, compared case-insensitively (409 `email_taken`).",
};

export const merchantUserSchema: Schema = closedObject(
  {
    id: uuid,
    type: constant(MERCHANT_USER_TYPE),
    name: personName,
    email: personEmail,
    role,
    last_signed_in_at: {
      ...nullable(timestamp),
      description: 'When the person last started a console session; null until they first do.',
    },
    meta: closedObject({ timestamps: closedObject({ created_at: timestamp, updated_at: timestamp }) }),
    links: closedObject({ self: uri }),
  },
  [],
  "One of the merchant's people: signs in to the console through the store's merchant realm and acts with the rights of one role.",
);
