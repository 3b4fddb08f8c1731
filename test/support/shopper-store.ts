import { expect } from 'chai';
import { type Catalogue, WireClient } from './billing-wires.js';
import { subscriptionData } from './subscription-core.js';
import type { TestApi } from './test-api.js';

/**
 * A store set up as EPCC's subscriptions storefront expects, by its merchant with client credentials: it speaks
 * the 2025 generation, lets shoppers sign themselves up with an account made for each, has a password profile
 * for them, and sells an offering of the billing timelines' pricing options.
 */
export interface ShopperStore {
  readonly api: TestApi;
  readonly wire: WireClient;
  readonly clientId: string;
  readonly realmId: string;
  readonly passwordProfileId: string;
  readonly catalogue: Catalogue;
}

const send = async (api: TestApi, method: string, path: string, data: unknown): Promise<any> => {
  const response = await api.request(path, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ data }),
  });
  const text = await response.text();
  expect(response.status, `${method} ${path}: ${text}`).to.be.within(200, 299);
  return JSON.parse(text);
};

export const openShopperStore = async (api: TestApi): Promise<ShopperStore> => {
  const wire = new WireClient(api, { generation: '2025', prefixed: false });
  await wire.storeSpeaks('2025');
  const settings = await send(api, 'PUT', '/v2/settings/account-authentication', {
    type: 'account_authentication_settings',
    enable_self_signup: true,
    auto_create_account_for_account_members: true,
  });
  const realmId: string = settings.data.relationships.authentication_realm.data.id;
  const profile = await send(api, 'POST', `/v2/authentication-realms/${realmId}/password-profiles`, {
    type: 'password_profile',
    name: 'Storefront shoppers',
    username_format: 'email',
  });
  return {
    api,
    wire,
    clientId: api.store.key.clientId,
    realmId,
    passwordProfileId: profile.data.id,
    catalogue: await wire.catalogue(undefined),
  };
};

/**
 * What a storefront's own server does with client credentials once a shopper has checked out: a subscription of
 * the account to pricing option `option` of the catalogue, paid by hand (manual payments), so that a payment run
 * leaves a pending payment on each invoice.
 */
export const subscribeAccount = async (store: ShopperStore, accountId: string, option: number): Promise<string> => {
  const { catalogue } = store;
  const made = await store.wire.ok(
    'POST',
    '/subscriptions',
    subscriptionData(catalogue.offering, catalogue.product, {
      account_id: accountId,
      pricing_option_id: catalogue.plans[option],
      manual_payments: true,
      payment_authority: { type: 'elastic_path_payments_stripe', customer_id: 'cus_shopper', card_id: 'card_shopper' },
    }),
  );
  return made.data.id;
};

/** The store's billing and payment runs, one after the other: each subscription gets its first invoice and a payment. */
export const billAndCollect = async (store: ShopperStore): Promise<void> => {
  await store.wire.runJob('billing-run');
  await store.wire.runJob('payment-run');
};
