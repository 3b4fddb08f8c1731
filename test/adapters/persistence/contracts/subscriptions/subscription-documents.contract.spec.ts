import { expect } from 'chai';
import { sql } from 'kysely';
import { JsonBytes } from '../../../../../src/adapters/http/documents/json-bytes.js';
import { subscriptionResource } from '../../../../../src/adapters/http/subscriptions/subscription-documents.js';
import {
  storedSubscriptionDocuments,
  writeStoredSubscription,
} from '../../../../../src/adapters/http/subscriptions/subscription-stored-document.js';
import { DOCUMENTED_BODY } from '../../../../../src/adapters/persistence/kysely/subscriptions/subscription-json.js';
import type { ListedSubscription } from '../../../../../src/application/ports/subscriptions/subscription-repository.js';
import { KeepSubscriptionDocuments } from '../../../../../src/application/use-cases/subscriptions/keep-subscription-documents.js';
import { subscriptionsStored } from '../../../../../src/domain/billing/invoices/first-invoice-events.js';
import type { Offering } from '../../../../../src/domain/catalogue/offering.js';
import type { Subscription } from '../../../../../src/domain/subscriptions/subscription.js';
import { forEachBackend } from '../../../../support/backends.js';
import { everyRow } from '../../../../support/list-queries.js';
import { portsOf } from '../../../../support/ports.js';
import { aStoreWithAnOffering } from '../../../../support/store-with-offering.js';
import { aSubscription } from '../../../../support/subscription-builders.js';

const NOW = new Date('2026-06-01T00:00:00.000Z');

const written = (listed: ListedSubscription, offering: Offering): string => {
  const out = new JsonBytes();
  writeStoredSubscription(out, listed, offering, NOW, '2024');
  return out.toBuffer().toString();
};

const storedWith = (persistence: Parameters<Parameters<typeof forEachBackend>[1]>[1]) => async () => {
  const p = persistence();
  const ports = portsOf(p);
  const { store, offering, versionId } = await aStoreWithAnOffering(ports);
  const subscriptions = [0, 1, 2, 3].map((n) =>
    aSubscription(offering, versionId, {
      name: `Subscriber ${n}`,
      timestamps: { createdAt: new Date(1_767_225_600_000 + n * 1000), updatedAt: new Date(0) },
    }),
  );
  for (const s of subscriptions) await ports.subscriptions.insert(s, undefined, subscriptionsStored);
  const listed = async () => {
    const page = await ports.subscriptions.listDocuments(store.id, everyRow());
    return new Map(page.items.map((item) => [item.id, item]));
  };
  const fresh = (s: Subscription) => JSON.stringify(subscriptionResource(s, offering, NOW));
  return { p, store, offering, subscriptions, listed, fresh };
};

forEachBackend('subscription documents as a list reads them', (_backend, persistence) => {
  const stored = storedWith(persistence);

  it('are the documents written with the subscriptions, byte for byte their resources', async () => {
    const { offering, subscriptions, listed, fresh } = await stored();
    const found = await listed();
    for (const s of subscriptions) {
      const item = found.get(s.id);
      expect(item, s.id).to.not.equal(undefined);
      expect(written(item!, offering)).to.equal(fresh(s));
    }
  });
});

forEachBackend(
  'subscription documents in rows an older version wrote',
  (_backend, persistence) => {
    const stored = storedWith(persistence);
    it('are served as stored, and made afresh where a row has none, has one of an older format, or an older writer changed its body since', async () => {
      const { p, offering, subscriptions, listed, fresh } = await stored();
      if (p.kind !== 'database') throw new Error('runs on SQL backends only');
      const db = p.handle.db;
      const [kept, missing, older, rewritten] = subscriptions as [
        Subscription,
        Subscription,
        Subscription,
        Subscription,
      ];
      // A document the list serves without making it afresh: its name differs from the row's.
      const planted = storedSubscriptionDocuments.render({ ...kept, name: 'Planted' }, offering);
      await db.updateTable('subscriptions').set({ document: planted }).where('id', '=', kept.id).execute();
      await db.updateTable('subscriptions').set({ document: null }).where('id', '=', missing.id).execute();
      const current = storedSubscriptionDocuments.render({ ...older, name: 'Stale' }, offering);
      await db
        .updateTable('subscriptions')
        .set({ document: `v1${current.slice(2)}` })
        .where('id', '=', older.id)
        .execute();
      // An older version changes the name and writes its body as it did, without the mark, leaving the document.
      const { rows } = await sql<{ body: string }>`select body from subscriptions where id = ${rewritten.id}`.execute(
        db,
      );
      const unmarked = `{${rows[0]!.body.slice(rows[0]!.body.indexOf(',') + 1)}`;
      expect(JSON.parse(unmarked)).to.not.have.property('documented');
      await db
        .updateTable('subscriptions')
        .set({ body: unmarked, name: 'Renamed by an older version' })
        .where('id', '=', rewritten.id)
        .execute();

      const found = await listed();
      expect(written(found.get(kept.id)!, offering)).to.equal(fresh({ ...kept, name: 'Planted' }));
      expect(written(found.get(missing.id)!, offering)).to.equal(fresh(missing));
      expect(written(found.get(older.id)!, offering)).to.equal(fresh(older));
      expect(written(found.get(rewritten.id)!, offering)).to.equal(
        fresh({ ...rewritten, name: 'Renamed by an older version' }),
      );
    });

    it('are made afresh once by the walk a service runs at its start, which then finds none to make', async () => {
      const { p, offering, subscriptions, listed, fresh } = await stored();
      if (p.kind !== 'database') throw new Error('runs on SQL backends only');
      const db = p.handle.db;
      const [, missing, older, rewritten] = subscriptions as [Subscription, Subscription, Subscription, Subscription];
      await db.updateTable('subscriptions').set({ document: null }).where('id', '=', missing.id).execute();
      await db
        .updateTable('subscriptions')
        .set({ document: `v1${storedSubscriptionDocuments.render(older, offering).slice(2)}` })
        .where('id', '=', older.id)
        .execute();
      const { rows } = await sql<{ body: string }>`select body from subscriptions where id = ${rewritten.id}`.execute(
        db,
      );
      await db
        .updateTable('subscriptions')
        .set({ body: `{${rows[0]!.body.slice(rows[0]!.body.indexOf(',') + 1)}`, name: 'Renamed' })
        .where('id', '=', rewritten.id)
        .execute();

      // Walked in steps of one stale row, so that the walk's going on from where it stopped is tested too.
      const repository = portsOf(p).subscriptions;
      let made = 0;
      let after: Subscription['id'] | undefined;
      let steps = 0;
      do {
        const step = await repository.keepDocuments(after, 1);
        made += step.made;
        after = step.next;
        steps += 1;
      } while (after !== undefined);
      expect(made).to.equal(3);
      expect(steps, 'one step a stale row, and the one that finds no more').to.equal(made + 1);
      expect(await new KeepSubscriptionDocuments(repository).execute()).to.deep.equal({ made: 0, finished: true });

      const kept = await db.selectFrom('subscriptions').select(['id', 'body', 'document']).execute();
      for (const row of kept.filter((r) => subscriptions.some((s) => s.id === r.id))) {
        expect(row.body.startsWith(DOCUMENTED_BODY), row.id).to.equal(true);
        expect(storedSubscriptionDocuments.isCurrent(row.document ?? ''), row.id).to.equal(true);
      }
      const found = await listed();
      expect(written(found.get(missing.id)!, offering)).to.equal(fresh(missing));
      expect(written(found.get(older.id)!, offering)).to.equal(fresh(older));
      expect(written(found.get(rewritten.id)!, offering)).to.equal(fresh({ ...rewritten, name: 'Renamed' }));
    });
  },
  { sqlOnly: true },
);
