import { PAGE_LIMIT_MAX, PAGE_LIMIT_MIN } from '../../../domain/query/page.js';
import {
  ACCOUNT_MEMBERSHIP_SETTING_TYPE,
  DEFAULT_ACCOUNT_MEMBERSHIP_SETTINGS,
  MEMBERSHIP_LIMIT_MAX,
  MEMBERSHIP_LIMIT_MIN,
} from '../../../domain/settings/account-membership-settings.js';
import {
  CART_EXPIRY_DAYS_MAX,
  CART_EXPIRY_DAYS_MIN,
  DEFAULT_CART_SETTINGS,
  SNAPSHOT_DATE,
} from '../../../domain/settings/cart-settings.js';
import { SETTINGS_TYPE } from '../../../domain/settings/settings-input.js';
import type { PathItem, Schema } from '../openapi/openapi-types.js';
import { jsonContent, operation } from '../openapi/operation-builder.js';
import {
  boolean,
  closedObject,
  constant,
  dataDocument,
  dataRequest,
  integer,
  nullable,
  openObject,
  schemaRef,
} from '../openapi/schema-builders.js';

const TAG = 'Settings';
const EPCC =
  'As EPCC (`openapispecs/settings/OpenAPISpec.yaml` in elasticpath/elasticpath-dev), with `page_length` alone of its settings.';
const pageLength = integer(PAGE_LIMIT_MIN, PAGE_LIMIT_MAX, 'The default `page[limit]` of every list of the store.');

const settings: Schema = closedObject({ type: constant(SETTINGS_TYPE), page_length: pageLength });

const cartExpiryDays = integer(
  CART_EXPIRY_DAYS_MIN,
  CART_EXPIRY_DAYS_MAX,
  `Days until a cart expires; ${DEFAULT_CART_SETTINGS.cartExpiryDays} unless set.`,
);
const discountFields = {
  custom_discounts_enabled: {
    ...boolean,
    description: 'Whether carts take custom discounts from external services; `false` unless set.',
  },
  use_rule_promotions: {
    ...boolean,
    description: 'Whether carts use rule promotions; `false` unless set. Never together with custom discounts.',
  },
};
const snapshotDate = {
  type: 'string',
  pattern: SNAPSHOT_DATE.source,
  description:
    'The date and time carts act as if it were, in UTC to the second (`2026-02-21T15:07:25Z`); absent unless set.',
} as const;

const cartSettings: Schema = closedObject(
  {
    type: constant(SETTINGS_TYPE),
    cart_expiry_days: cartExpiryDays,
    discounts: closedObject(discountFields),
    snapshot_date: snapshotDate,
  },
  ['snapshot_date'],
);

const membershipLimit = integer(
  MEMBERSHIP_LIMIT_MIN,
  MEMBERSHIP_LIMIT_MAX,
  `The most accounts one account member may belong to at a time; ${DEFAULT_ACCOUNT_MEMBERSHIP_SETTINGS.membershipLimit} unless set. Applies to new memberships only: lowering it removes no member from an account.`,
);
const accountMembershipSettings: Schema = closedObject({
  type: constant(ACCOUNT_MEMBERSHIP_SETTING_TYPE),
  membership_limit: membershipLimit,
});

export const SETTINGS_SCHEMAS = {
  Settings: settings,
  CartSettings: cartSettings,
  AccountMembershipSettings: accountMembershipSettings,
};

const settingsDocument = jsonContent(dataDocument(schemaRef('Settings')));
const cartSettingsDocument = jsonContent(dataDocument(schemaRef('CartSettings')));
const accountMembershipSettingsDocument = jsonContent(dataDocument(schemaRef('AccountMembershipSettings')));
const EPCC_ACCOUNT_MEMBERSHIPS =
  'As EPCC (`openapispecs/accounts/OpenAPISpec.yaml` in elasticpath/elasticpath-dev, `/v2/settings/account-membership`): `membership_limit`, the most accounts one account member may belong to, per store. Also served at `/v2/settings/account-memberships`, the spelling of 0.1, for its clients.';
const EPCC_CART =
  'As EPCC (`openapispecs/settings/OpenAPISpec.yaml` in elasticpath/elasticpath-dev): `cart_expiry_days`, `discounts` and `snapshot_date`, per store.';

export const settingsPaths: Readonly<Record<string, PathItem>> = {
  '/v2/settings': {
    get: operation({
      operationId: 'getSettings',
      summary: "Get the store's settings",
      description: EPCC,
      tag: TAG,
      access: 'admin',
      success: { '200': { description: 'The settings.', content: settingsDocument } },
    }),
    put: operation({
      operationId: 'updateSettings',
      summary: "Change the store's settings",
      description: `${EPCC} A partial update.`,
      tag: TAG,
      access: 'admin',
      requestBody: {
        description: 'The settings to change.',
        content: jsonContent(
          dataRequest(openObject({ type: constant(SETTINGS_TYPE), page_length: pageLength }, ['type'])),
        ),
      },
      success: { '200': { description: 'The settings as they are now.', content: settingsDocument } },
      errors: { 400: 'A missing or wrong `type`, or `page_length` out of range.' },
    }),
    delete: operation({
      operationId: 'resetSettings',
      summary: "Reset the store's settings to their defaults",
      description: EPCC,
      tag: TAG,
      access: 'admin',
      success: { '204': { description: 'Reset; no body.' } },
    }),
  },
  '/v2/settings/cart': {
    get: operation({
      operationId: 'getCartSettings',
      summary: "Get the store's cart settings",
      description: EPCC_CART,
      tag: TAG,
      access: 'admin',
      success: { '200': { description: 'The cart settings.', content: cartSettingsDocument } },
    }),
    put: operation({
      operationId: 'updateCartSettings',
      summary: "Change the store's cart settings",
      description: `${EPCC_CART} A partial update; \`null\` clears \`snapshot_date\`.`,
      tag: TAG,
      access: 'admin',
      requestBody: {
        description: 'The settings to change.',
        content: jsonContent(
          dataRequest(
            openObject(
              {
                type: constant(SETTINGS_TYPE),
                cart_expiry_days: cartExpiryDays,
                discounts: openObject(discountFields, []),
                snapshot_date: nullable(snapshotDate),
              },
              ['type'],
            ),
          ),
        ),
      },
      success: { '200': { description: 'The cart settings as they are now.', content: cartSettingsDocument } },
      errors: {
        400: 'A missing or wrong `type`, or a field of the wrong type or out of range.',
        422: 'Custom discounts and rule promotions would both be enabled; EPCC answers this with "Only one discount setting can be set to true at a time."',
        codes: { 422: ['discounts_exclusive'] },
      },
    }),
  },
  '/v2/settings/account-membership': {
    'x-also-served-at': '/v2/settings/account-memberships',
    get: operation({
      operationId: 'getAccountMembershipSettings',
      summary: "Get the store's account-membership settings",
      description: EPCC_ACCOUNT_MEMBERSHIPS,
      tag: TAG,
      access: 'admin',
      success: {
        '200': { description: 'The account-membership settings.', content: accountMembershipSettingsDocument },
      },
    }),
    put: operation({
      operationId: 'updateAccountMembershipSettings',
      summary: "Change the store's account-membership settings",
      description: `${EPCC_ACCOUNT_MEMBERSHIPS} A partial update: without \`membership_limit\` the limit stays as it is.`,
      tag: TAG,
      access: 'admin',
      requestBody: {
        description: 'The settings to change.',
        content: jsonContent(
          dataRequest(
            openObject({ type: constant(ACCOUNT_MEMBERSHIP_SETTING_TYPE), membership_limit: membershipLimit }, [
              'type',
            ]),
          ),
        ),
      },
      success: {
        '200': {
          description: 'The account-membership settings as they are now.',
          content: accountMembershipSettingsDocument,
        },
      },
      errors: {
        400: `A missing or wrong \`type\`, or \`membership_limit\` that is not an integer from ${MEMBERSHIP_LIMIT_MIN} to ${MEMBERSHIP_LIMIT_MAX}.`,
      },
    }),
  },
};
