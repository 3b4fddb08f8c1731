import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { randomIds } from '../../../../../src/adapters/system/system-module.js';
import { type CorsSettings, DEFAULT_CORS_SETTINGS } from '../../../../../src/domain/settings/cors-settings.js';
import type { Origin } from '../../../../../src/domain/settings/origin.js';
import { forEachBackend } from '../../../../support/backends.js';
import { aStore, storeRecords } from '../../../../support/builders.js';
import { portsOf } from '../../../../support/ports.js';

const narrowed = (...origins: string[]): CorsSettings => ({ allowedOrigins: origins as Origin[] });

forEachBackend('CORS settings repository contract', (_backend, persistence) => {
  const setup = async () => {
    const ports = portsOf(persistence());
    const [store, other] = [aStore(), aStore()];
    await ports.stores.create(storeRecords(store));
    await ports.stores.create(storeRecords(other));
    return { repo: ports.corsSettings, store, other };
  };

  it('gives a store any origin until it names its own, and nothing for a store that does not exist', async () => {
    const { repo, store } = await setup();
    expect(await repo.find(store.id)).to.deep.equal(DEFAULT_CORS_SETTINGS);
    expect(await repo.find(randomIds.uuid())).to.equal(undefined);
    expect(await repo.update(randomIds.uuid(), (s) => E.right(s))).to.equal(undefined);
  });

  it('keeps the store’s list, in its order, for the store alone; an empty list and any origin again', async () => {
    const { repo, store, other } = await setup();
    const list = narrowed('https://shop.example', 'http://localhost:5173', 'https://xn--bcher-kva.example');
    expect(await repo.update(store.id, () => E.right(list))).to.deep.equal(E.right(list));
    expect(await repo.find(store.id)).to.deep.equal(list);
    expect(await repo.find(other.id)).to.deep.equal(DEFAULT_CORS_SETTINGS);
    await repo.update(store.id, () => E.right(narrowed()));
    expect(await repo.find(store.id)).to.deep.equal(narrowed());
    await repo.update(store.id, () => E.right(DEFAULT_CORS_SETTINGS));
    expect(await repo.find(store.id)).to.deep.equal(DEFAULT_CORS_SETTINGS);
  });

  it('stores nothing when the change is refused', async () => {
    const { repo, store } = await setup();
    expect(await repo.update(store.id, () => E.left('refused'))).to.deep.equal(E.left('refused'));
    expect(await repo.find(store.id)).to.deep.equal(DEFAULT_CORS_SETTINGS);
  });
});
