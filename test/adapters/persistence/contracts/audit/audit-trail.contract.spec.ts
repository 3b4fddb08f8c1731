import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { applicationKeyToRow } from '../../../../../src/adapters/persistence/kysely/keys/application-key-rows.js';
import { PERSISTENCE } from '../../../../../src/adapters/persistence/kysely/persistence-tokens.js';
import { AUDIT_TOKENS } from '../../../../../src/application/audit-tokens.js';
import type { AuditContext } from '../../../../../src/domain/audit/audit-event.js';
import { AUDIT_EVENT_LIST, type AuditEventFilterField } from '../../../../../src/domain/audit/audit-event-query.js';
import { REDACTED } from '../../../../../src/domain/audit/audit-snapshot.js';
import { APPLICATION_KEY_AUDIT } from '../../../../../src/domain/audit/audited-records.js';
import { PRODUCTS } from '../../../../../src/domain/catalogue/product.js';
import type { FilterCondition } from '../../../../../src/domain/query/filter.js';
import type { Uuid } from '../../../../../src/domain/shared/uuid.js';
import { forEachBackend } from '../../../../support/backends.js';
import { aKey, aStore, storeRecords } from '../../../../support/builders.js';
import { listQuery } from '../../../../support/list-queries.js';
import { portsOf } from '../../../../support/ports.js';
import { aProduct } from '../../../../support/subscription-builders.js';

const A_KEY = '6f1c2f0e-4d7b-4c5e-9b1a-2a3b4c5d6e7f' as Uuid;
const BY_KEY: AuditContext = { actor: { kind: 'key', id: A_KEY }, address: '192.0.2.7', requestId: 'req-1' };

forEachBackend('Audit trail contract', (_backend, persistence) => {
  const setup = async () => {
    const ports = portsOf(persistence());
    const [store, other] = [aStore(), aStore()];
    await ports.stores.create(storeRecords(store));
    await ports.stores.create(storeRecords(other));
    const trail = ports.container.get(AUDIT_TOKENS.AuditTrail);
    const scope = ports.container.get(AUDIT_TOKENS.AuditScope);
    const events = async (
      storeId: Uuid,
      request: { readonly filter?: readonly FilterCondition<AuditEventFilterField>[] } = {},
    ) => (await trail.list(storeId, listQuery(AUDIT_EVENT_LIST, { limit: 100, ...request }))).items;
    return { ...ports, store, other, trail, scope, events };
  };

  it('records a resource’s changes with who, from where and which request, its chain numbered, before and after as its GET shows it', async () => {
    const { store, other, products, scope, events, trail } = await setup();
    const product = aProduct(store.id, { name: 'Beans' });
    await scope.run(BY_KEY, async () => {
      await products.insert(product, [PRODUCTS.events.created(product)]);
      await products.update(
        store.id,
        product.id,
        (p) => ({ ...p, attributes: { ...p.attributes, name: 'Ground beans' } }),
        (p) => [PRODUCTS.events.updated(p)],
      );
      await products.delete(store.id, product.id, [PRODUCTS.events.deleted(product.id)]);
    });
    const found = await events(store.id);
    expect(found.map((e) => [e.action, e.sequence])).to.deep.equal([
      ['subscription-product.deleted', 3],
      ['subscription-product.updated', 2],
      ['subscription-product.created', 1],
    ]);
    const [deleted, updated, created] = found;
    for (const e of found) {
      expect(e.actor).to.deep.equal({ kind: 'key', id: A_KEY });
      expect(e.address).to.equal('192.0.2.7');
      expect(e.requestId).to.equal('req-1');
      expect(e.resource).to.deep.equal({ type: 'subscription_product', id: product.id });
    }
    expect(created!.before).to.equal(null);
    expect((created!.after as { attributes: { name: string } }).attributes.name).to.equal('Beans');
    expect(updated!.before).to.deep.equal(created!.after);
    expect((updated!.after as { attributes: { name: string } }).attributes.name).to.equal('Ground beans');
    expect(deleted!.before).to.deep.equal(updated!.after);
    expect(deleted!.after).to.equal(null);
    expect(await trail.findById(store.id, created!.id)).to.deep.equal(created);
    expect(await trail.findById(other.id, created!.id), 'another store’s event').to.equal(undefined);
    expect(await events(other.id)).to.deep.equal([]);
  });

  it('records a change outside any scope as the service’s own, and a key’s changes with every secret redacted', async () => {
    const { store, keys, events } = await setup();
    const key = aKey(store.id, { name: 'Back office' });
    await keys.insert(key, () => true);
    await keys.update(
      store.id,
      key.id,
      (k) => ({ ...k, name: 'Renamed' }),
      () => true,
    );
    const [renamed, created] = await events(store.id, {
      filter: [{ op: 'eq', field: 'resource_type', value: 'application_key' }],
    });
    expect(created!.actor).to.deep.equal({ kind: 'system', id: 'service' });
    expect(created!.address).to.equal(null);
    expect(created!.after).to.deep.include({ name: 'Back office', secretHash: REDACTED, previousSecret: REDACTED });
    expect(renamed!.before).to.deep.include({ name: 'Back office', secretHash: REDACTED });
    expect(renamed!.after).to.deep.include({ name: 'Renamed' });
    expect(JSON.stringify([created, renamed])).not.to.include(key.secretHash);
  });

  it('records nothing for a change that is refused', async () => {
    const { store, keys, events, cartSettings } = await setup();
    const key = aKey(store.id);
    expect(E.isLeft(await keys.insert(key, () => false))).to.equal(true);
    expect(await cartSettings.update(store.id, () => E.left('refused'))).to.deep.equal(E.left('refused'));
    expect(await events(store.id)).to.deep.equal([]);
  });

  it('filters on actor, action, resource and time, newest first, and purges what is older than the retention', async () => {
    const { store, keys, scope, events, trail } = await setup();
    const first = aKey(store.id);
    await keys.insert(first, () => true);
    const pause = () => new Promise((resolve) => setTimeout(resolve, 5));
    await pause();
    const between = new Date();
    await pause();
    const second = aKey(store.id);
    await scope.run(BY_KEY, () => keys.insert(second, () => true));
    await scope.run(BY_KEY, () => keys.delete(store.id, second.id));
    const ids = (found: Awaited<ReturnType<typeof events>>) => found.map((e) => [e.action, e.resource.id]);
    expect(ids(await events(store.id, { filter: [{ op: 'eq', field: 'actor_kind', value: 'key' }] }))).to.deep.equal([
      ['application-key.deleted', second.id],
      ['application-key.created', second.id],
    ]);
    expect(ids(await events(store.id, { filter: [{ op: 'eq', field: 'actor_id', value: 'service' }] }))).to.deep.equal([
      ['application-key.created', first.id],
    ]);
    expect(
      ids(await events(store.id, { filter: [{ op: 'in', field: 'action', values: ['application-key.deleted'] }] })),
    ).to.deep.equal([['application-key.deleted', second.id]]);
    expect(
      ids(await events(store.id, { filter: [{ op: 'eq', field: 'resource_id', value: first.id }] })),
    ).to.deep.equal([['application-key.created', first.id]]);
    const at = between.toISOString();
    expect(ids(await events(store.id, { filter: [{ op: 'lt', field: 'occurred_at', value: at }] }))).to.deep.equal([
      ['application-key.created', first.id],
    ]);
    expect(await events(store.id, { filter: [{ op: 'gt', field: 'occurred_at', value: at }] })).to.have.length(2);
    expect(await trail.purgeBefore(between)).to.equal(1);
    expect(ids(await events(store.id))).to.deep.equal([
      ['application-key.deleted', second.id],
      ['application-key.created', second.id],
    ]);
  });
});

forEachBackend(
  'Audit trail contract: the change’s transaction',
  (_backend, persistence) => {
    it('leaves no audit event of a change whose transaction rolls back after its audit event was written', async () => {
      const ports = portsOf(persistence());
      const store = aStore();
      await ports.stores.create(storeRecords(store));
      const { db } = ports.container.get(PERSISTENCE.Database);
      const recorder = ports.container.get(PERSISTENCE.AuditRecorder);
      const key = aKey(store.id);
      const failure = new Error('the change fails after its audit event');
      const outcome = await db
        .transaction()
        .execute(async (trx) => {
          await trx.insertInto('application_keys').values(applicationKeyToRow(key)).execute();
          await recorder.record(trx, store.id, [APPLICATION_KEY_AUDIT.created(key.id, key)]);
          const written = await trx.selectFrom('audit_events').select('action').execute();
          expect(written, 'written in the transaction').to.deep.equal([{ action: 'application-key.created' }]);
          throw failure;
        })
        .catch((error: unknown) => error);
      expect(outcome).to.equal(failure);
      const trail = ports.container.get(AUDIT_TOKENS.AuditTrail);
      expect((await trail.list(store.id, listQuery(AUDIT_EVENT_LIST))).items).to.deep.equal([]);
      expect(await ports.keys.findById(store.id, key.id)).to.equal(undefined);
    });
  },
  { sqlOnly: true },
);
