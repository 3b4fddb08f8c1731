import { ACCOUNT_TYPE } from '../../../domain/accounts/account.js';
import { ACCOUNT_NAME_MAX, REGISTRATION_ID_MAX } from '../../../domain/accounts/account-input.js';
import { ACCOUNT_MEMBER_TYPE } from '../../../domain/accounts/account-member.js';
import { ACCOUNT_MEMBERSHIP_TYPE } from '../../../domain/accounts/account-membership.js';
import { EXTERNAL_REF_MAX } from '../../../domain/catalogue/catalogue-fields.js';
import { pathId } from '../billing/invoice-endpoints.js';
import type { Parameter, Schema } from '../openapi/openapi-types.js';
import {
  arrayOf,
  closedObject,
  constant,
  dataRequest,
  nullable,
  openObject,
  requestFields,
  text,
  timestamp,
  uri,
  uuid,
} from '../openapi/schema-builders.js';

export const TAG_ACCOUNTS = 'Accounts';
export const TAG_MEMBERS = 'Account members';
export const TAG_MEMBERSHIPS = 'Account memberships';
export const EPCC =
  'As EPCC (`openapispecs/accounts/OpenAPISpec.yaml` in elasticpath/elasticpath-dev). Accounts, members and memberships are personal data: an implicit token gets 403.';

export const ACCOUNT_ID = pathId('accountID', 'account');
export const MEMBERSHIP_ID = pathId('membershipID', 'account membership');
export const ACCOUNT_MEMBER_ID = pathId('accountMemberID', 'account member');

const timestamps = closedObject({ created_at: timestamp, updated_at: timestamp });
const stamps = closedObject({ timestamps });
const ref = (type: string): Schema => closedObject({ data: closedObject({ id: uuid, type: constant(type) }) });

const name = text(1, ACCOUNT_NAME_MAX);
const accountFields = {
  name,
  legal_name: text(1, ACCOUNT_NAME_MAX),
  registration_id: {
    ...text(1, REGISTRATION_ID_MAX),
    description: 'Unique in the store when set (409 `registration_id_taken`).',
  },
  external_ref: text(1, EXTERNAL_REF_MAX),
};
const OPTIONAL = ['legal_name', 'registration_id', 'external_ref'];

const account: Schema = closedObject(
  {
    id: uuid,
    type: constant(ACCOUNT_TYPE),
    name,
    legal_name: nullable(accountFields.legal_name),
    registration_id: nullable(accountFields.registration_id),
    external_ref: nullable(accountFields.external_ref),
    parent_id: { ...nullable(uuid), description: 'The parent account, set when the account was made; never changes.' },
    relationships: closedObject(
      {
        parent: ref(ACCOUNT_TYPE),
        ancestors: { ...arrayOf(ref(ACCOUNT_TYPE)), description: 'Every account above this one, the root first.' },
      },
      ['parent'],
    ),
    meta: closedObject({
      timestamps,
      feature_entitlements: {
        ...arrayOf({ type: 'string' }),
        description:
          "The tags the features configured on the plans of the account's subscriptions grant now, while each entitles (gone live, not past its end, not paused, not suspended by dunning), sorted, each once: the same set a subscriber of the account shows.",
      },
    }),
    links: closedObject({ self: uri }),
  },
  [],
  'An organisation or household a store sells to; subscriptions bill it (`account_id`), members act for it.',
);

const accountMember: Schema = closedObject(
  {
    id: uuid,
    type: constant(ACCOUNT_MEMBER_TYPE),
    name: text(1, ACCOUNT_NAME_MAX),
    email: { type: 'string', description: 'Unique in the store, compared case-insensitively.' },
    meta: stamps,
    links: closedObject({ self: uri }),
  },
  [],
  "A person who may act for accounts; the same record as the store's user-authentication-info, under the same id.",
);

const accountMembership: Schema = closedObject(
  {
    id: uuid,
    type: constant(ACCOUNT_MEMBERSHIP_TYPE),
    relationships: closedObject({ account: ref(ACCOUNT_TYPE), account_member: ref(ACCOUNT_MEMBER_TYPE) }),
    meta: stamps,
    links: closedObject({ self: uri }),
  },
  [],
  'That a member may act for an account; at most one per account and member.',
);

export const ACCOUNT_SCHEMAS = { Account: account, AccountMember: accountMember, AccountMembership: accountMembership };

export const newAccount = dataRequest(
  openObject(
    {
      type: constant(ACCOUNT_TYPE),
      ...requestFields(accountFields, OPTIONAL),
      parent_id: {
        ...nullable(uuid),
        description: 'Makes a sub-account of this account of the store (404 when it has none).',
      },
    },
    ['type', 'name'],
  ),
);

export const accountChanges = dataRequest(
  openObject(
    { type: constant(ACCOUNT_TYPE), ...requestFields(accountFields, OPTIONAL) },
    ['type'],
    'The fields to change; `parent_id` is read-only and ignored, as other unknown members are.',
  ),
);

export const newMembership = dataRequest(
  openObject({ type: constant(ACCOUNT_MEMBERSHIP_TYPE), account_member_id: uuid }, ['type', 'account_member_id']),
);

export const includeParameter = (name: 'account' | 'account_member'): Parameter => ({
  name: 'include',
  in: 'query',
  description: `\`${name}\`: \`included.${name}s\` holds the ${name === 'account' ? 'account' : 'member'} of each listed membership once, present (maybe empty) exactly when asked for. An unknown name: 400 listing the allowed ones.`,
  schema: { type: 'string', enum: [name] },
});
