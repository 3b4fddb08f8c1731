import { GetAccountMembershipSettings } from '../../../application/use-cases/settings/get-account-membership-settings.js';
import { GetCartSettings } from '../../../application/use-cases/settings/get-cart-settings.js';
import { GetStoreSettings } from '../../../application/use-cases/settings/get-store-settings.js';
import { ResetStoreSettings } from '../../../application/use-cases/settings/reset-store-settings.js';
import { UpdateAccountMembershipSettings } from '../../../application/use-cases/settings/update-account-membership-settings.js';
import { UpdateCartSettings } from '../../../application/use-cases/settings/update-cart-settings.js';
import { UpdateStoreSettings } from '../../../application/use-cases/settings/update-store-settings.js';
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
import {
  DEFAULT_SUBSCRIPTIONS_GENERATION,
  SUBSCRIPTIONS_GENERATIONS,
} from '../../../domain/settings/subscriptions-generation.js';
import { concept } from '../endpoints/endpoint.js';
import { answer, inData, noContent, withData } from '../endpoints/handlers.js';
import type { Schema } from '../openapi/openapi-types.js';
import { jsonContent } from '../openapi/operation-builder.js';
import {
  boolean,
  closedObject,
  constant,
  dataDocument,
  dataRequest,
  integer,
  nullable,
  oneOfStrings,
  openObject,
  schemaRef,
} from '../openapi/schema-builders.js';
import type { UseCase } from '../routes/route-context.js';
import { accountMembershipSettingsResource, cartSettingsResource, settingsResource } from './settings-document.js';

const TAG = 'Settings';
const EPCC =
  'As EPCC (`openapispecs/settings/OpenAPISpec.yaml` in elasticpath/elasticpath-dev), with `page_length` alone of its settings.';
const pageLength = integer(PAGE_LIMIT_MIN, PAGE_LIMIT_MAX, 'The default `page[limit]` of every list of the store.');

const subscriptionsGeneration: Schema = {
  ...oneOfStrings(
    SUBSCRIPTIONS_GENERATIONS,
    `Not in EPCC. The generation of EPCC's subscriptions API the store's un-prefixed paths speak: \`2024\` (products, plans, offerings that copy them) or \`2025\` (offerings that contain plans and pricing options); \`${DEFAULT_SUBSCRIPTIONS_GENERATION}\` unless set. Both are wire shapes of the same stored records, so a store changes it with no migration; \`/generations/<generation>/...\` pins one per request whatever the store speaks.`,
  ),
  'x-extension': true,
};

const settings: Schema = closedObject({
  type: constant(SETTINGS_TYPE),
  page_length: pageLength,
  subscriptions_generation: subscriptionsGeneration,
});

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

const SETTINGS_SCHEMAS = {
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

interface SettingsUseCases {
  readonly store: {
    readonly get: UseCase<GetStoreSettings>;
    readonly update: UseCase<UpdateStoreSettings>;
    readonly reset: UseCase<ResetStoreSettings>;
  };
  readonly cart: { readonly get: UseCase<GetCartSettings>; readonly update: UseCase<UpdateCartSettings> };
  readonly accountMembership: {
    readonly get: UseCase<GetAccountMembershipSettings>;
    readonly update: UseCase<UpdateAccountMembershipSettings>;
  };
}

/** `/v2/settings` and its cart and account-membership parts: store administration, so implicit tokens get 403. */
export const SETTINGS_ENDPOINTS = concept<SettingsUseCases>({
  useCases: ({ use }) => ({
    store: { get: use(GetStoreSettings), update: use(UpdateStoreSettings), reset: use(ResetStoreSettings) },
    cart: { get: use(GetCartSettings), update: use(UpdateCartSettings) },
    accountMembership: { get: use(GetAccountMembershipSettings), update: use(UpdateAccountMembershipSettings) },
  }),
  schemas: SETTINGS_SCHEMAS,
  endpoints: [
    {
      method: 'get',
      path: '/v2/settings',
      spec: {
        operationId: 'getSettings',
        summary: "Get the store's settings",
        description: EPCC,
        tag: TAG,
        access: 'admin',
        success: { '200': { description: 'The settings.', content: settingsDocument } },
      },
      handle: ({ store }) => answer((storeId) => store.get.execute(storeId), inData(settingsResource)),
    },
    {
      method: 'put',
      path: '/v2/settings',
      spec: {
        operationId: 'updateSettings',
        summary: "Change the store's settings",
        description: `${EPCC} A partial update.`,
        tag: TAG,
        access: 'admin',
        requestBody: {
          description: 'The settings to change.',
          content: jsonContent(
            dataRequest(
              openObject(
                {
                  type: constant(SETTINGS_TYPE),
                  page_length: pageLength,
                  subscriptions_generation: subscriptionsGeneration,
                },
                ['type'],
              ),
            ),
          ),
        },
        success: { '200': { description: 'The settings as they are now.', content: settingsDocument } },
        errors: {
          400: 'A missing or wrong `type`, `page_length` out of range, or a `subscriptions_generation` other than `2024` or `2025`.',
        },
      },
      handle: ({ store }) =>
        answer(
          withData((data, storeId) => store.update.execute(storeId, data)),
          inData(settingsResource),
        ),
    },
    {
      method: 'delete',
      path: '/v2/settings',
      spec: {
        operationId: 'resetSettings',
        summary: "Reset the store's settings to their defaults",
        description: EPCC,
        tag: TAG,
        access: 'admin',
        success: { '204': { description: 'Reset; no body.' } },
      },
      handle: ({ store }) => noContent((storeId) => store.reset.execute(storeId)),
    },
    {
      method: 'get',
      path: '/v2/settings/cart',
      spec: {
        operationId: 'getCartSettings',
        summary: "Get the store's cart settings",
        description: EPCC_CART,
        tag: TAG,
        access: 'admin',
        success: { '200': { description: 'The cart settings.', content: cartSettingsDocument } },
      },
      handle: ({ cart }) => answer((storeId) => cart.get.execute(storeId), inData(cartSettingsResource)),
    },
    {
      method: 'put',
      path: '/v2/settings/cart',
      spec: {
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
      },
      handle: ({ cart }) =>
        answer(
          withData((data, storeId) => cart.update.execute(storeId, data)),
          inData(cartSettingsResource),
        ),
    },
    {
      method: 'get',
      path: '/v2/settings/account-membership',
      alsoAt: '/v2/settings/account-memberships',
      spec: {
        operationId: 'getAccountMembershipSettings',
        summary: "Get the store's account-membership settings",
        description: EPCC_ACCOUNT_MEMBERSHIPS,
        tag: TAG,
        access: 'admin',
        success: {
          '200': { description: 'The account-membership settings.', content: accountMembershipSettingsDocument },
        },
      },
      handle: ({ accountMembership }) =>
        answer((storeId) => accountMembership.get.execute(storeId), inData(accountMembershipSettingsResource)),
    },
    {
      method: 'put',
      path: '/v2/settings/account-membership',
      alsoAt: '/v2/settings/account-memberships',
      spec: {
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
      },
      handle: ({ accountMembership }) =>
        answer(
          withData((data, storeId) => accountMembership.update.execute(storeId, data)),
          inData(accountMembershipSettingsResource),
        ),
    },
  ],
});
