import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { missing, taken } from '../../../../../src/application/ports/storage-outcomes.js';
import { firesNothing, NO_EVENTS } from '../../../../../src/domain/events/domain-event.js';
import { FEATURES } from '../../../../../src/domain/features/feature.js';
import { forEachBackend } from '../../../../support/backends.js';
import { aStore, storeRecords } from '../../../../support/builders.js';
import { listQuery } from '../../../../support/list-queries.js';
import { portsOf } from '../../../../support/ports.js';
import { aFeature } from '../../../../support/subscription-builders.js';

forEachBackend('Feature repository contract', (_backend, persistence) => {
  const setup = async () => {
    const ports = portsOf(persistence());
    const [store, other] = [aStore(), aStore()];
    await ports.stores.create(storeRecords(store));
    await ports.stores.create(storeRecords(other));
    return { features: ports.features, store, other };
  };

  it('stores each kind of configuration at its limits and reads it back, never from another store', async () => {
    const { features, store, other } = await setup();
    const stored = [
      aFeature(store.id, {
        name: `Café ☕ ${'n'.repeat(1017)}`,
        description: `😀${'d'.repeat(1022)}`,
        external_ref: `😀${'r'.repeat(2047)}`,
        configuration: { type: 'access', tag: 'a'.repeat(64) },
      }),
      aFeature(store.id, {
        configuration: {
          type: 'promotion',
          promotions: [
            { name: 'Ten off', tag: 'ten_off', promotion_id: '0f4c1d9e-8a7b-4c3d-9e2f-1a2b3c4d5e6f' as never },
            { name: 'Free shipping', tag: 'free-shipping' },
          ],
        },
      }),
      aFeature(store.id, {
        configuration: { type: 'usage', tag: 'downloads', label: 'Digital downloads', default_value: 2_147_483_647 },
      }),
    ];
    for (const feature of stored) expect(await features.insert(feature, NO_EVENTS)).to.deep.equal(E.right(undefined));
    for (const feature of stored) expect(await features.findById(store.id, feature.id)).to.deep.equal(feature);
    expect(await features.findById(other.id, stored[0]!.id)).to.equal(undefined);
    expect((await features.list(store.id, listQuery(FEATURES.list))).total).to.equal(3);
    expect((await features.list(other.id, listQuery(FEATURES.list))).total).to.equal(0);
  });

  it('lets one feature of a store hold an external_ref, finds it by it, and lists by eq and in on it', async () => {
    const { features, store, other } = await setup();
    const library = aFeature(store.id, { external_ref: 'library' });
    const games = aFeature(store.id, { external_ref: 'games' });
    expect(await features.insert(library, NO_EVENTS)).to.deep.equal(E.right(undefined));
    expect(await features.insert(games, NO_EVENTS)).to.deep.equal(E.right(undefined));
    expect(await features.insert(aFeature(store.id, { external_ref: 'library' }), NO_EVENTS)).to.deep.equal(
      E.left(taken),
    );
    expect(await features.insert(aFeature(other.id, { external_ref: 'library' }), NO_EVENTS)).to.deep.equal(
      E.right(undefined),
    );
    expect(await features.insert(aFeature(store.id), NO_EVENTS)).to.deep.equal(E.right(undefined));
    expect(await features.findByExclusiveValue(store.id, 'library')).to.deep.equal(library);
    const eq = await features.list(
      store.id,
      listQuery(FEATURES.list, {
        filter: [{ op: 'eq', field: 'external_ref', value: 'library' }],
      }),
    );
    expect(eq.items.map((f) => f.id)).to.deep.equal([library.id]);
    const within = await features.list(
      store.id,
      listQuery(FEATURES.list, {
        filter: [{ op: 'in', field: 'external_ref', values: ['library', 'games', 'none'] }],
      }),
    );
    expect(within.items.map((f) => f.id).sort()).to.deep.equal([library.id, games.id].sort());
  });

  it('changes a feature whole or not at all, and deletes it', async () => {
    const { features, store } = await setup();
    const feature = aFeature(store.id, { external_ref: 'one' });
    await features.insert(feature, NO_EVENTS);
    await features.insert(aFeature(store.id, { external_ref: 'two' }), NO_EVENTS);
    const usage = { type: 'usage', tag: 'seats', label: 'Seats', default_value: 5 } as const;
    const changed = await features.update(
      store.id,
      feature.id,
      (current) => E.right({ ...current, attributes: { ...current.attributes, configuration: usage } }),
      firesNothing,
    );
    expect(E.isRight(changed) && changed.right.attributes.configuration).to.deep.equal(usage);
    const clash = await features.update(
      store.id,
      feature.id,
      (current) => E.right({ ...current, attributes: { ...current.attributes, external_ref: 'two' } }),
      firesNothing,
    );
    expect(clash).to.deep.equal(E.left(taken));
    expect((await features.findById(store.id, feature.id))?.attributes.external_ref).to.equal('one');
    expect(await features.delete(store.id, feature.id, NO_EVENTS)).to.deep.equal(E.right(undefined));
    expect(await features.delete(store.id, feature.id, NO_EVENTS)).to.deep.equal(E.left(missing));
    expect(await features.findById(store.id, feature.id)).to.equal(undefined);
  });
});
