import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { randomIds } from '../../../../../src/adapters/system/system-module.js';
import { DEFAULT_CART_SETTINGS } from '../../../../../src/domain/settings/cart-settings.js';
import { forEachBackend } from '../../../../support/backends.js';
import { aStore, storeRecords } from '../../../../support/builders.js';
import { portsOf } from '../../../../support/ports.js';

forEachBackend('Cart settings repository contract', (_backend, persistence) => {
  const setup = async () => {
    const ports = portsOf(persistence());
    const [store, other] = [aStore(), aStore()];
    await ports.stores.create(storeRecords(store));
    await ports.stores.create(storeRecords(other));
    return { repo: ports.cartSettings, store, other };
  };

  it('gives a store the defaults until it changes them, and nothing for a store that does not exist', async () => {
    const { repo, store } = await setup();
    expect(await repo.find(store.id)).to.deep.equal(DEFAULT_CART_SETTINGS);
    expect(await repo.find(randomIds.uuid())).to.equal(undefined);
    expect(await repo.update(randomIds.uuid(), (s) => E.right(s))).to.equal(undefined);
  });

  it('stores every setting, for the store alone, and changes it again', async () => {
    const { repo, store, other } = await setup();
    const changed = {
      cartExpiryDays: 365,
      customDiscountsEnabled: true,
      useRulePromotions: false,
      snapshotDate: '2026-02-21T15:07:25Z',
    };
    expect(await repo.update(store.id, () => E.right(changed))).to.deep.equal(E.right(changed));
    expect(await repo.find(store.id)).to.deep.equal(changed);
    expect(await repo.find(other.id)).to.deep.equal(DEFAULT_CART_SETTINGS);
    const again = { cartExpiryDays: 1, customDiscountsEnabled: false, useRulePromotions: true };
    expect(
      await repo.update(store.id, (current) =>
        current.snapshotDate === changed.snapshotDate ? E.right(again) : E.left('stale'),
      ),
    ).to.deep.equal(E.right(again));
    expect(await repo.find(store.id)).to.deep.equal(again);
  });

  it('stores nothing when the change is refused', async () => {
    const { repo, store } = await setup();
    expect(await repo.update(store.id, () => E.left('refused'))).to.deep.equal(E.left('refused'));
    expect(await repo.find(store.id)).to.deep.equal(DEFAULT_CART_SETTINGS);
  });

  it('applies concurrent changes one after the other, the first ones included, so that none is lost', async () => {
    const { repo, store } = await setup();
    await Promise.all(
      Array.from({ length: 6 }, () =>
        repo.update(store.id, (s) => E.right({ ...s, cartExpiryDays: s.cartExpiryDays + 1 })),
      ),
    );
    expect((await repo.find(store.id))?.cartExpiryDays).to.equal(DEFAULT_CART_SETTINGS.cartExpiryDays + 6);
  });
});
