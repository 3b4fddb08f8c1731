import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { randomIds } from '../../../../../src/adapters/system/system-module.js';
import { DEFAULT_ACCOUNT_MEMBERSHIP_SETTINGS } from '../../../../../src/domain/settings/account-membership-settings.js';
import { DEFAULT_CART_SETTINGS } from '../../../../../src/domain/settings/cart-settings.js';
import { forEachBackend } from '../../../../support/backends.js';
import { aStore, storeRecords } from '../../../../support/builders.js';
import { portsOf } from '../../../../support/ports.js';

forEachBackend('Account-membership settings repository contract', (_backend, persistence) => {
  const setup = async () => {
    const ports = portsOf(persistence());
    const [store, other] = [aStore(), aStore()];
    await ports.stores.create(storeRecords(store));
    await ports.stores.create(storeRecords(other));
    return { repo: ports.accountMembershipSettings, cart: ports.cartSettings, store, other };
  };

  it('gives a store the default limit until it changes it, and nothing for a store that does not exist', async () => {
    const { repo, store } = await setup();
    expect(await repo.find(store.id)).to.deep.equal(DEFAULT_ACCOUNT_MEMBERSHIP_SETTINGS);
    expect(await repo.find(randomIds.uuid())).to.equal(undefined);
    expect(await repo.update(randomIds.uuid(), (s) => E.right(s))).to.equal(undefined);
  });

  it('stores the limit for the store alone, apart from its cart settings, and changes it again', async () => {
    const { repo, cart, store, other } = await setup();
    expect(await repo.update(store.id, () => E.right({ membershipLimit: 1 }))).to.deep.equal(
      E.right({ membershipLimit: 1 }),
    );
    expect(await repo.find(store.id)).to.deep.equal({ membershipLimit: 1 });
    expect(await repo.find(other.id)).to.deep.equal(DEFAULT_ACCOUNT_MEMBERSHIP_SETTINGS);
    expect(await cart.find(store.id)).to.deep.equal(DEFAULT_CART_SETTINGS);
    expect(
      await repo.update(store.id, (current) => E.right({ membershipLimit: current.membershipLimit + 9_999 })),
    ).to.deep.equal(E.right({ membershipLimit: 10_000 }));
    expect(await repo.find(store.id)).to.deep.equal({ membershipLimit: 10_000 });
  });

  it('stores nothing when the change is refused', async () => {
    const { repo, store } = await setup();
    expect(await repo.update(store.id, () => E.left('refused'))).to.deep.equal(E.left('refused'));
    expect(await repo.find(store.id)).to.deep.equal(DEFAULT_ACCOUNT_MEMBERSHIP_SETTINGS);
  });

  it('applies concurrent changes one after the other, the first ones included, so that none is lost', async () => {
    const { repo, store, other } = await setup();
    await repo.update(other.id, () => E.right({ membershipLimit: 1 }));
    const results = await Promise.all([
      // No row yet for the first store: every one of these may be the one that inserts it.
      ...Array.from({ length: 6 }, () =>
        repo.update(store.id, (s) => E.right({ membershipLimit: s.membershipLimit - 1 })),
      ),
      ...Array.from({ length: 6 }, () =>
        repo.update(other.id, (s) => E.right({ membershipLimit: s.membershipLimit + 1 })),
      ),
    ]);
    expect(results.every((r) => r !== undefined && E.isRight(r))).to.equal(true);
    expect(await repo.find(store.id)).to.deep.equal({
      membershipLimit: DEFAULT_ACCOUNT_MEMBERSHIP_SETTINGS.membershipLimit - 6,
    });
    expect(await repo.find(other.id)).to.deep.equal({ membershipLimit: 7 });
  });
});
