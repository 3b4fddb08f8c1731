import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { ListApplicationKeys } from '../../../src/application/use-cases/keys/list-application-keys.js';
import { GetMerchantRealmMapping } from '../../../src/application/use-cases/realm-mappings/get-merchant-realm-mapping.js';
import { ResolveMerchantRealm } from '../../../src/application/use-cases/realm-mappings/resolve-merchant-realm.js';
import { UpdateMerchantRealmPrefix } from '../../../src/application/use-cases/realm-mappings/update-merchant-realm-prefix.js';
import { GetStoreSettings } from '../../../src/application/use-cases/settings/get-store-settings.js';
import { ResetStoreSettings } from '../../../src/application/use-cases/settings/reset-store-settings.js';
import { UpdateStoreSettings } from '../../../src/application/use-cases/settings/update-store-settings.js';
import { CreateStore } from '../../../src/application/use-cases/stores/create-store.js';
import { queryParams } from '../../../src/domain/query/query-params.js';
import { inMemoryCore } from '../../support/in-memory-core.js';

const setup = async () => {
  const core = inMemoryCore();
  const createStore = new CreateStore(core.stores, core.clock, core.ids, core.secrets);
  const made = async (name: string) => {
    const created = await createStore.execute(name);
    if (E.isLeft(created)) throw new Error('store not created');
    return created.right;
  };
  return {
    ...core,
    a: await made('A'),
    b: await made('B'),
    get: new GetMerchantRealmMapping(core.mappings),
    update: new UpdateMerchantRealmPrefix(core.mappings),
    resolve: new ResolveMerchantRealm(core.mappings),
  };
};

const PREFIX_BODY = (prefix: unknown) => ({ type: 'merchant-realm-mappings', prefix });

describe('merchant realm mapping use cases', () => {
  it('gives every new store one mapping with its own realm and no prefix', async () => {
    const { get, a, b } = await setup();
    const mapping = await get.execute(a.store.id);
    expect(mapping).to.deep.equal(E.right(a.realmMapping));
    expect(a.realmMapping).to.include({ storeId: a.store.id, prefix: null });
    expect(a.realmMapping.realmId).not.to.equal(b.realmMapping.realmId);
  });

  it("finds by id only the store's own mapping; a malformed id is not found", async () => {
    const { get, a, b } = await setup();
    const notFound = E.left({ _tag: 'NotFound', detail: 'merchant realm mapping not found' });
    expect(await get.execute(a.store.id, a.realmMapping.id)).to.deep.equal(E.right(a.realmMapping));
    expect(await get.execute(a.store.id, b.realmMapping.id)).to.deep.equal(notFound);
    expect(await get.execute(a.store.id, 'x')).to.deep.equal(notFound);
  });

  it('sets a prefix and resolves it, in any case, to the store and realm', async () => {
    const { update, resolve, a } = await setup();
    expect(await update.execute(a.store.id, a.realmMapping.id, PREFIX_BODY('AcmeEU'))).to.deep.equal(
      E.right({ ...a.realmMapping, prefix: 'AcmeEU' }),
    );
    expect(await resolve.execute('acmeeu')).to.deep.equal(E.right({ ...a.realmMapping, prefix: 'AcmeEU' }));
    expect(E.isLeft(await resolve.execute('nobody'))).to.equal(true);
    expect(E.isLeft(await resolve.execute('not a prefix!'))).to.equal(true);
  });

  it("answers a conflict for another store's prefix", async () => {
    const { update, a, b } = await setup();
    await update.execute(a.store.id, a.realmMapping.id, PREFIX_BODY('acme'));
    expect(await update.execute(b.store.id, b.realmMapping.id, PREFIX_BODY('ACME'))).to.deep.equal(
      E.left({ _tag: 'Conflict', detail: 'the prefix is already in use', code: 'prefix_taken' }),
    );
  });

  it('reports a bad body before looking anything up, and a foreign id as not found', async () => {
    const { update, a, b } = await setup();
    const bad = await update.execute(a.store.id, a.realmMapping.id, { prefix: 'a' });
    expect(E.isLeft(bad) && bad.left._tag === 'ValidationFailed' ? bad.left.issues.length : 0).to.equal(2);
    expect(await update.execute(a.store.id, b.realmMapping.id, PREFIX_BODY('fine'))).to.deep.equal(
      E.left({ _tag: 'NotFound', detail: 'merchant realm mapping not found' }),
    );
  });
});

describe('store settings use cases', () => {
  it('reads, changes and resets the page length that lists use by default, and the subscriptions generation', async () => {
    const { stores, keys, a } = await setup();
    const list = new ListApplicationKeys(keys, stores);
    const settings = (pageLength: number, subscriptionsGeneration: '2024' | '2025' = '2024') =>
      E.right({ pageLength, subscriptionsGeneration });
    expect(await new GetStoreSettings(stores).execute(a.store.id)).to.deep.equal(settings(25));
    expect(
      await new UpdateStoreSettings(stores).execute(a.store.id, { type: 'settings', page_length: 1 }),
    ).to.deep.equal(settings(1));
    const listed = await list.execute(a.store.id, queryParams([]));
    expect(E.isRight(listed) && listed.right.page.limit).to.equal(1);
    expect(await new UpdateStoreSettings(stores).execute(a.store.id, { type: 'settings' })).to.deep.equal(settings(1));
    expect(
      await new UpdateStoreSettings(stores).execute(a.store.id, { type: 'settings', subscriptions_generation: '2025' }),
    ).to.deep.equal(settings(1, '2025'));
    expect(await new ResetStoreSettings(stores).execute(a.store.id)).to.deep.equal(settings(25));
  });
});
