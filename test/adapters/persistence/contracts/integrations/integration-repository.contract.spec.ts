import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { INTEGRATION_TOKENS } from '../../../../../src/application/integration-tokens.js';
import { missing } from '../../../../../src/application/ports/storage-outcomes.js';
import { DELIVERY_LIST, INTEGRATION_LIST, LOG_LIST } from '../../../../../src/domain/integrations/integration-query.js';
import { forEachBackend } from '../../../../support/backends.js';
import { aStore, storeRecords } from '../../../../support/builders.js';
import { anIntegration } from '../../../../support/integration-builders.js';
import { listQuery } from '../../../../support/list-queries.js';
import { portsOf } from '../../../../support/ports.js';

forEachBackend('Integration repository contract', (_backend, persistence) => {
  const setup = async () => {
    const ports = portsOf(persistence());
    const [store, other] = [aStore(), aStore()];
    await ports.stores.create(storeRecords(store));
    await ports.stores.create(storeRecords(other));
    return { ...ports, repo: ports.container.get(INTEGRATION_TOKENS.IntegrationRepository), store, other };
  };

  it('stores every field at its limits and reads it back, never from another store', async () => {
    const { repo, store, other } = await setup();
    const integration = anIntegration(store.id, {
      name: `Café ☕ ${'n'.repeat(240)}`,
      description: 'd'.repeat(1024),
      observes: ['subscription.created', 'order.paid', 'subscription-invoice.created'],
      configuration: { url: `https://hooks.example.com/${'p'.repeat(2000)}`, secret_key: 's'.repeat(255) },
    });
    await repo.insert(integration);
    expect(await repo.findById(store.id, integration.id)).to.deep.equal(integration);
    expect(await repo.findById(other.id, integration.id)).to.equal(undefined);
    const bare = anIntegration(store.id, {
      enabled: false,
      observes: [],
      configuration: { url: 'http://93.184.215.14/' },
    });
    await repo.insert(bare);
    expect(await repo.findById(store.id, bare.id)).to.deep.equal(bare);
  });

  it('updates through a change function within the store only, and applies concurrent updates one after the other', async () => {
    const { repo, store, other } = await setup();
    const integration = anIntegration(store.id);
    await repo.insert(integration);
    expect(
      await repo.update(other.id, integration.id, (i) => ({
        ...i,
        attributes: { ...i.attributes, name: 'Taken over' },
      })),
    ).to.equal(undefined);
    await Promise.all([
      repo.update(store.id, integration.id, (i) => ({ ...i, attributes: { ...i.attributes, name: 'Renamed' } })),
      repo.update(store.id, integration.id, (i) => ({ ...i, attributes: { ...i.attributes, enabled: false } })),
    ]);
    expect((await repo.findById(store.id, integration.id))?.attributes).to.deep.include({
      name: 'Renamed',
      enabled: false,
    });
  });

  it('deletes within the store only, once', async () => {
    const { repo, store, other } = await setup();
    const integration = anIntegration(store.id);
    await repo.insert(integration);
    expect(await repo.delete(other.id, integration.id)).to.deep.equal(E.left(missing));
    const both = await Promise.all([repo.delete(store.id, integration.id), repo.delete(store.id, integration.id)]);
    expect(both.filter(E.isRight)).to.have.length(1);
    expect(await repo.findById(store.id, integration.id)).to.equal(undefined);
  });

  it('lists newest first, then by id, filtered on name, type and enabled, and pages', async () => {
    const { repo, store, other } = await setup();
    const made = [];
    for (let n = 0; n < 4; n += 1) {
      const integration = anIntegration(
        store.id,
        { name: `n${n % 2}`, enabled: n % 2 === 0 },
        new Date(Date.UTC(2026, 0, 1 + n)),
      );
      made.push(integration);
      await repo.insert(integration);
    }
    await repo.insert(anIntegration(other.id));
    const ids = (page: { items: readonly { id: string }[] }) => page.items.map((i) => i.id);
    expect(ids(await repo.list(store.id, listQuery(INTEGRATION_LIST)))).to.deep.equal(
      [...made].reverse().map((i) => i.id),
    );
    expect(
      ids(
        await repo.list(
          store.id,
          listQuery(INTEGRATION_LIST, { filter: [{ op: 'eq', field: 'enabled', value: 'false' }] }),
        ),
      ),
    ).to.deep.equal([made[3]!.id, made[1]!.id]);
    expect(
      ids(
        await repo.list(
          store.id,
          listQuery(INTEGRATION_LIST, { filter: [{ op: 'in', field: 'name', values: ['n0'] }] }),
        ),
      ),
    ).to.deep.equal([made[2]!.id, made[0]!.id]);
    expect(
      ids(
        await repo.list(
          store.id,
          listQuery(INTEGRATION_LIST, {
            filter: [
              { op: 'eq', field: 'integration_type', value: 'webhook' },
              { op: 'eq', field: 'enabled', value: 'true' },
            ],
          }),
        ),
      ),
    ).to.deep.equal([made[2]!.id, made[0]!.id]);
    const page = await repo.list(store.id, listQuery(INTEGRATION_LIST, { offset: 1, limit: 2 }));
    expect(ids(page)).to.deep.equal([made[2]!.id, made[1]!.id]);
    expect(page.total).to.equal(4);
  });

  it('has no jobs or logs for a new integration, and none of another store', async () => {
    const { repo, store, other } = await setup();
    const integration = anIntegration(store.id);
    await repo.insert(integration);
    expect((await repo.listDeliveries(store.id, integration.id, listQuery(DELIVERY_LIST))).items).to.deep.equal([]);
    expect((await repo.listLogs(store.id, {}, listQuery(LOG_LIST))).items).to.deep.equal([]);
    expect((await repo.listLogs(other.id, { integrationId: integration.id }, listQuery(LOG_LIST))).total).to.equal(0);
    expect(await repo.findDelivery(store.id, integration.id, integration.id)).to.equal(undefined);
  });
});
