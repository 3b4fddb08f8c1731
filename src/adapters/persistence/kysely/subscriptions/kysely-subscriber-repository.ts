import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { Selectable } from 'kysely';
import type { ChangeEvent, ChangeEventsOf } from '../../../../application/ports/integrations/observed-payloads.js';
import { type Missing, missing } from '../../../../application/ports/storage-outcomes.js';
import type { SubscriberRepository } from '../../../../application/ports/subscriptions/subscriber-repository.js';
import { type Page, pageOf } from '../../../../domain/query/page.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import { type Subscriber, subscriberAttributesFromStorage } from '../../../../domain/subscriptions/subscriber.js';
import type { SubscriberFilterField, SubscriberQuery } from '../../../../domain/subscriptions/subscriber-query.js';
import { lookupKey } from '../engine/lookup-key.js';
import type { DatabaseHandle } from '../engine/open-database.js';
import type { SubscribersTable } from '../engine/schema.js';
import type { KyselyOutbox } from '../integrations/kysely-outbox.js';
import { PERSISTENCE } from '../persistence-tokens.js';
import { cappedCount, type FilterColumn, matching, pageNewestFirst } from '../sql/kysely-list.js';
import { decodeStored, storedUuid } from '../sql/stored-json.js';

const FILTER_COLUMNS: Readonly<Record<SubscriberFilterField, FilterColumn>> = {
  account_id: { column: 'account_id' },
  name: { column: 'name', key: 'name_key' },
  email: { column: 'email', key: 'email_key' },
};

const fromRow = (row: Selectable<SubscribersTable>): Subscriber => ({
  id: storedUuid('subscriber id', row.id),
  storeId: storedUuid('subscriber store', row.store_id),
  attributes: decodeStored(
    'subscriber',
    subscriberAttributesFromStorage({ account_id: row.account_id, name: row.name, email: row.email }),
  ),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const toRow = (subscriber: Subscriber): Selectable<SubscribersTable> => ({
  id: subscriber.id,
  store_id: subscriber.storeId,
  account_id: subscriber.attributes.account_id,
  name: subscriber.attributes.name,
  name_key: lookupKey(subscriber.attributes.name),
  email: subscriber.attributes.email,
  email_key: lookupKey(subscriber.attributes.email),
  created_at: subscriber.createdAt,
  updated_at: subscriber.updatedAt,
});

@injectable()
export class KyselySubscriberRepository implements SubscriberRepository {
  constructor(
    @inject(PERSISTENCE.Database) private readonly handle: DatabaseHandle,
    @inject(PERSISTENCE.Outbox) private readonly outbox: KyselyOutbox,
  ) {}

  private ofStore(storeId: Uuid) {
    return this.handle.db.selectFrom('subscription_subscribers').where('store_id', '=', storeId);
  }

  async insert(subscriber: Subscriber, events: readonly ChangeEvent[]): Promise<void> {
    await this.outbox.around(this.handle.db, subscriber.storeId, events, (db) =>
      db.insertInto('subscription_subscribers').values(toRow(subscriber)).execute(),
    );
  }

  async findById(storeId: Uuid, id: Uuid): Promise<Subscriber | undefined> {
    const row = await this.ofStore(storeId).selectAll().where('id', '=', id).executeTakeFirst();
    return row === undefined ? undefined : fromRow(row);
  }

  update(
    storeId: Uuid,
    id: Uuid,
    change: (current: Subscriber) => Subscriber,
    eventsOf: ChangeEventsOf<Subscriber>,
  ): Promise<Subscriber | undefined> {
    return this.handle.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('subscription_subscribers')
        .selectAll()
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (row === undefined) return undefined;
      const updated = change(fromRow(row));
      const { id: _id, store_id: _store, created_at: _created, ...columns } = toRow(updated);
      await trx.updateTable('subscription_subscribers').set(columns).where('id', '=', id).execute();
      await this.outbox.record(trx, storeId, eventsOf(updated));
      return updated;
    });
  }

  async delete(storeId: Uuid, id: Uuid, events: readonly ChangeEvent[]): Promise<E.Either<Missing, void>> {
    const deleted = await this.outbox.around(
      this.handle.db,
      storeId,
      events,
      async (db) =>
        Number(
          (
            await db
              .deleteFrom('subscription_subscribers')
              .where('store_id', '=', storeId)
              .where('id', '=', id)
              .executeTakeFirst()
          ).numDeletedRows,
        ) > 0,
      (found) => found,
    );
    return deleted ? E.right(undefined) : E.left(missing);
  }

  async list(storeId: Uuid, query: SubscriberQuery): Promise<Page<Subscriber>> {
    const filtered = this.ofStore(storeId).where(matching(query.filter, FILTER_COLUMNS));
    const [rows, counted] = await Promise.all([
      pageNewestFirst(filtered.selectAll(), query.page).execute(),
      cappedCount(this.handle.db, filtered),
    ]);
    return pageOf(rows.map(fromRow), query.page, counted, 'capped');
  }
}
