import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { InMemoryStoreRecordRepository } from '../../../src/adapters/persistence/in-memory/in-memory-store-record-repository.js';
import { InMemorySettingsRepository } from '../../../src/adapters/persistence/in-memory/settings/in-memory-settings-repository.js';
import {
  CreateDunningRule,
  DeleteDunningRule,
  UpdateDunningRule,
} from '../../../src/application/use-cases/billing/dunning-rules.js';
import {
  CreateProrationPolicy,
  DeleteProrationPolicy,
  GetProrationPolicy,
  ListProrationPolicies,
  UpdateProrationPolicy,
} from '../../../src/application/use-cases/billing/proration-policies.js';
import { GetAccountMembershipSettings } from '../../../src/application/use-cases/settings/get-account-membership-settings.js';
import { GetCartSettings } from '../../../src/application/use-cases/settings/get-cart-settings.js';
import { UpdateAccountMembershipSettings } from '../../../src/application/use-cases/settings/update-account-membership-settings.js';
import { UpdateCartSettings } from '../../../src/application/use-cases/settings/update-cart-settings.js';
import { UpdateStoreSettings } from '../../../src/application/use-cases/settings/update-store-settings.js';
import { CreateStore } from '../../../src/application/use-cases/stores/create-store.js';
import { ACCOUNT_MEMBERSHIP_SETTINGS_AUDIT, CART_SETTINGS_AUDIT } from '../../../src/domain/audit/audited-records.js';
import { DUNNING_RULES } from '../../../src/domain/billing/dunning/dunning-rule.js';
import { PRORATION_POLICIES } from '../../../src/domain/billing/proration/proration-policy.js';
import { queryParams } from '../../../src/domain/query/query-params.js';
import { DEFAULT_ACCOUNT_MEMBERSHIP_SETTINGS } from '../../../src/domain/settings/account-membership-settings.js';
import { DEFAULT_CART_SETTINGS } from '../../../src/domain/settings/cart-settings.js';
import type { Uuid } from '../../../src/domain/shared/uuid.js';
import { inMemoryCore } from '../../support/in-memory-core.js';
import { right } from '../../support/subscription-core.js';

const policy = (attributes: Record<string, unknown> = {}) => ({
  type: 'subscription_proration_policy',
  attributes: { name: 'Main policy', rounding: 'up', ...attributes },
});
const rule = (attributes: Record<string, unknown> = {}) => ({
  type: 'subscription_dunning_rule',
  attributes: { payment_retry_type: 'fixed', payment_retries_limit: 3, action: 'none', ...attributes },
});

const setup = async (referredTo: (id: Uuid) => boolean = () => false) => {
  const core = inMemoryCore();
  const policies = new InMemoryStoreRecordRepository(core.state.prorationPolicies, PRORATION_POLICIES, referredTo);
  const rules = new InMemoryStoreRecordRepository(core.state.dunningRules, DUNNING_RULES);
  const cart = new InMemorySettingsRepository(
    core.state,
    core.state.cartSettings,
    DEFAULT_CART_SETTINGS,
    core.audit,
    CART_SETTINGS_AUDIT,
  );
  const memberships = new InMemorySettingsRepository(
    core.state,
    core.state.accountMembershipSettings,
    DEFAULT_ACCOUNT_MEMBERSHIP_SETTINGS,
    core.audit,
    ACCOUNT_MEMBERSHIP_SETTINGS_AUDIT,
  );
  const createStore = new CreateStore(core.stores, core.clock, core.ids, core.secrets);
  const [store, other] = [
    right(await createStore.execute('Shop')).store,
    right(await createStore.execute('Other')).store,
  ];
  return {
    ...core,
    storeId: store.id,
    otherId: other.id,
    create: new CreateProrationPolicy(policies, core.clock, core.ids),
    get: new GetProrationPolicy(policies),
    list: new ListProrationPolicies(policies, core.stores),
    update: new UpdateProrationPolicy(policies, core.clock),
    remove: new DeleteProrationPolicy(policies),
    createRule: new CreateDunningRule(rules, core.clock, core.ids),
    updateRule: new UpdateDunningRule(rules, core.clock),
    removeRule: new DeleteDunningRule(rules),
    getCart: new GetCartSettings(cart),
    updateCart: new UpdateCartSettings(cart),
    getMemberships: new GetAccountMembershipSettings(memberships),
    updateMemberships: new UpdateAccountMembershipSettings(memberships),
  };
};

describe('proration policy, dunning rule, cart and account-membership settings use cases', () => {
  it("stamps a new policy with the clock's time and an update with the time of the change", async () => {
    const { create, update, get, clock, storeId } = await setup();
    const made = right(await create.execute(storeId, policy()));
    expect(made).to.deep.include({ storeId, createdAt: clock.now(), updatedAt: clock.now() });
    clock.advance(60_000);
    const changed = right(
      await update.execute(storeId, made.id, {
        type: 'subscription_proration_policy',
        attributes: { rounding: 'down' },
      }),
    );
    expect(changed).to.deep.equal({
      ...made,
      attributes: { name: 'Main policy', rounding: 'down' },
      updatedAt: clock.now(),
    });
    expect(right(await get.execute(storeId, made.id.toUpperCase()))).to.deep.equal(changed);
  });

  it("never reads, changes or deletes another store's policy, and lets each store use an external_ref once", async () => {
    const { create, update, get, remove, storeId, otherId } = await setup();
    const made = right(await create.execute(storeId, policy({ external_ref: 'r' })));
    expect(await get.execute(otherId, made.id)).to.deep.equal(
      E.left({ _tag: 'NotFound', detail: 'proration policy not found' }),
    );
    expect(await update.execute(otherId, made.id, policy())).to.deep.equal(
      E.left({ _tag: 'NotFound', detail: 'proration policy not found' }),
    );
    expect(await remove.execute(otherId, made.id)).to.deep.equal(
      E.left({ _tag: 'NotFound', detail: 'proration policy not found' }),
    );
    expect(E.isRight(await create.execute(otherId, policy({ external_ref: 'r' })))).to.equal(true);
    expect(await create.execute(storeId, policy({ external_ref: 'r' }))).to.deep.equal(
      E.left({
        _tag: 'Conflict',
        detail: 'another proration policy of the store has this external_ref',
        code: 'external_ref_taken',
      }),
    );
  });

  it('refuses to delete a policy something refers to, with in_use', async () => {
    let referred = true;
    const { create, remove, get, storeId } = await setup(() => referred);
    const made = right(await create.execute(storeId, policy()));
    expect(await remove.execute(storeId, made.id)).to.deep.equal(
      E.left({
        _tag: 'Conflict',
        detail: 'the proration policy is used by an offering; detach it first',
        code: 'in_use',
      }),
    );
    expect(E.isRight(await get.execute(storeId, made.id))).to.equal(true);
    referred = false;
    expect(await remove.execute(storeId, made.id)).to.deep.equal(E.right(undefined));
  });

  it("pages with the store's page length when page[limit] is absent", async () => {
    const { create, list, stores, storeId } = await setup();
    for (let n = 0; n < 3; n += 1) await create.execute(storeId, policy());
    right(await new UpdateStoreSettings(stores).execute(storeId, { type: 'settings', page_length: 2 }));
    const page = right(await list.execute(storeId, queryParams([])));
    expect(page.items).to.have.length(2);
    expect(page.total).to.equal(3);
  });

  it('keeps one default dunning rule per store, and a deleted default frees the place', async () => {
    const { createRule, updateRule, removeRule, storeId, otherId } = await setup();
    const first = right(await createRule.execute(storeId, rule({ default: true })));
    expect(await createRule.execute(storeId, rule({ default: true }))).to.deep.include({
      left: {
        _tag: 'Conflict',
        detail: 'the store already has a default dunning rule; make it not the default first',
        code: 'default_taken',
      },
    });
    expect(E.isRight(await createRule.execute(otherId, rule({ default: true })))).to.equal(true);
    const second = right(await createRule.execute(storeId, rule()));
    expect(
      E.isLeft(
        await updateRule.execute(storeId, second.id, {
          type: 'subscription_dunning_rule',
          attributes: { default: true },
        }),
      ),
    ).to.equal(true);
    expect(await removeRule.execute(storeId, first.id)).to.deep.equal(E.right(undefined));
    expect(
      right(
        await updateRule.execute(storeId, second.id, {
          type: 'subscription_dunning_rule',
          attributes: { default: true },
        }),
      ).attributes.default,
    ).to.equal(true);
  });

  it('changes cart settings per store, refusing both discounts with 422 and an unknown store with 404', async () => {
    const { getCart, updateCart, storeId, otherId } = await setup();
    expect(right(await updateCart.execute(storeId, { type: 'settings', cart_expiry_days: 30 }))).to.deep.include({
      cartExpiryDays: 30,
    });
    expect(right(await getCart.execute(otherId)).cartExpiryDays).to.equal(7);
    expect(
      await updateCart.execute(storeId, {
        type: 'settings',
        discounts: { custom_discounts_enabled: true, use_rule_promotions: true },
      }),
    ).to.deep.equal(
      E.left({
        _tag: 'Unprocessable',
        detail: 'Only one discount setting can be set to true at a time.',
        code: 'discounts_exclusive',
      }),
    );
    const nowhere = '8b0c8c5e-1d5c-4b8e-9d0a-2f6b1f3c4d5e' as Uuid;
    expect(await getCart.execute(nowhere)).to.deep.equal(E.left({ _tag: 'NotFound', detail: 'store not found' }));
    expect(await updateCart.execute(nowhere, { type: 'settings' })).to.deep.equal(
      E.left({ _tag: 'NotFound', detail: 'store not found' }),
    );
  });

  it('changes the account-membership limit per store, keeps it when left out, and answers 404 for an unknown store', async () => {
    const { getMemberships, updateMemberships, storeId, otherId } = await setup();
    expect(right(await getMemberships.execute(storeId))).to.deep.equal({ membershipLimit: 10_000 });
    expect(
      right(await updateMemberships.execute(storeId, { type: 'account_membership_setting', membership_limit: 3 })),
    ).to.deep.equal({ membershipLimit: 3 });
    expect(right(await updateMemberships.execute(storeId, { type: 'account_membership_setting' }))).to.deep.equal({
      membershipLimit: 3,
    });
    expect(right(await getMemberships.execute(otherId))).to.deep.equal({ membershipLimit: 10_000 });
    expect(await updateMemberships.execute(storeId, { type: 'settings', membership_limit: 0 })).to.deep.equal(
      E.left({
        _tag: 'ValidationFailed',
        issues: [
          { source: 'data.type', detail: "must be 'account_membership_setting'" },
          { source: 'data.membership_limit', detail: 'must be between 1 and 10000' },
        ],
      }),
    );
    expect(right(await getMemberships.execute(storeId))).to.deep.equal({ membershipLimit: 3 });
    const nowhere = '8b0c8c5e-1d5c-4b8e-9d0a-2f6b1f3c4d5e' as Uuid;
    expect(await getMemberships.execute(nowhere)).to.deep.equal(
      E.left({ _tag: 'NotFound', detail: 'store not found' }),
    );
    expect(
      await updateMemberships.execute(nowhere, { type: 'account_membership_setting', membership_limit: 1 }),
    ).to.deep.equal(E.left({ _tag: 'NotFound', detail: 'store not found' }));
  });
});
