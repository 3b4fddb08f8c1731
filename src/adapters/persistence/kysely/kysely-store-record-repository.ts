import * as E from 'fp-ts/lib/Either.js';
import type { Selectable } from 'kysely';
import type {
  ChangeEvent,
  ChangeEventsOf,
  ObservedSubject,
} from '../../../application/ports/integrations/observed-payloads.js';
import { type InUse, type Missing, missing, type Taken, taken } from '../../../application/ports/storage-outcomes.js';
import type { StoreRecordRepository } from '../../../application/ports/store-record-repository.js';
import { type Page, pageOf } from '../../../domain/query/page.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { StoreRecord, StoreRecordKind, StoreRecordQuery } from '../../../domain/store-records/store-record.js';
import { lookupKey, optionalLookupKey } from './engine/lookup-key.js';
import type { DatabaseHandle } from './engine/open-database.js';
import type { StoreRecordsTable } from './engine/schema.js';
import { isUniqueViolation } from './engine/sql-flavor.js';
import type { KyselyOutbox } from './integrations/kysely-outbox.js';
import { deleteReferableRow } from './sql/delete-referable-row.js';
import { cappedCount, exactValues, pageNewestFirst } from './sql/kysely-list.js';
import { decodeStored, parseJson, storedUuid } from './sql/stored-json.js';

export type StoreRecordTableName =
  | 'subscription_proration_policies'
  | 'subscription_dunning_rules'
  | 'subscription_schedules'
  | 'subscription_features';

/** Refused by the table's unique index on (store_id, exclusive_key): another record holds the value. */
class ExclusiveValueTaken extends Error {}

/** Proration policies, dunning rules, schedules and features are stored alike; the table and the kind are what differ. */
export class KyselyStoreRecordRepository<A> implements StoreRecordRepository<A> {
  constructor(
    protected readonly handle: DatabaseHandle,
    protected readonly table: StoreRecordTableName,
    private readonly kind: StoreRecordKind<A, unknown, ObservedSubject>,
    private readonly outbox?: KyselyOutbox,
  ) {}

  protected fromRow(row: Selectable<StoreRecordsTable>): StoreRecord<A> {
    return {
      id: storedUuid(`${this.table} id`, row.id),
      storeId: storedUuid(`${this.table} store`, row.store_id),
      attributes: decodeStored(this.table, this.kind.fromStorage(parseJson(this.table, row.attributes))),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  private toRow(record: StoreRecord<A>): Selectable<StoreRecordsTable> {
    return {
      id: record.id,
      store_id: record.storeId,
      // Hashed: an external reference of 2048 characters is too long for a unique key on MySQL.
      exclusive_key: optionalLookupKey(this.kind.exclusiveValue(record.attributes)),
      attributes: JSON.stringify(record.attributes),
      created_at: record.createdAt,
      updated_at: record.updatedAt,
    };
  }

  private ofStore(storeId: Uuid) {
    return this.handle.db.selectFrom(this.table).where('store_id', '=', storeId);
  }

  async insert(record: StoreRecord<A>, events: readonly ChangeEvent[]): Promise<E.Either<Taken, void>> {
    try {
      const write = (db: typeof this.handle.db) => db.insertInto(this.table).values(this.toRow(record)).execute();
      if (this.outbox === undefined) await write(this.handle.db);
      else await this.outbox.around(this.handle.db, record.storeId, events, write);
      return E.right(undefined);
    } catch (error) {
      if (isUniqueViolation(error)) return E.left(taken);
      throw error;
    }
  }

  async findById(storeId: Uuid, id: Uuid): Promise<StoreRecord<A> | undefined> {
    const row = await this.ofStore(storeId).selectAll().where('id', '=', id).executeTakeFirst();
    return row === undefined ? undefined : this.fromRow(row);
  }

  async findByExclusiveValue(storeId: Uuid, value: string): Promise<StoreRecord<A> | undefined> {
    // Served by the unique (store_id, exclusive_key) index.
    const row = await this.ofStore(storeId)
      .selectAll()
      .where('exclusive_key', '=', lookupKey(value))
      .executeTakeFirst();
    return row === undefined ? undefined : this.fromRow(row);
  }

  async update<R>(
    storeId: Uuid,
    id: Uuid,
    change: (current: StoreRecord<A>) => E.Either<R, StoreRecord<A>>,
    eventsOf: ChangeEventsOf<StoreRecord<A>>,
  ): Promise<E.Either<Missing | Taken | R, StoreRecord<A>>> {
    try {
      return await this.handle.db.transaction().execute(async (trx): Promise<E.Either<Missing | R, StoreRecord<A>>> => {
        const row = await trx
          .selectFrom(this.table)
          .selectAll()
          .where('store_id', '=', storeId)
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        if (row === undefined) return E.left(missing);
        const changed = change(this.fromRow(row));
        if (E.isLeft(changed)) return changed;
        const { id: _id, store_id: _store, created_at: _created, ...columns } = this.toRow(changed.right);
        try {
          await trx.updateTable(this.table).set(columns).where('id', '=', id).execute();
        } catch (error) {
          // PostgreSQL has aborted the transaction: it is rolled back, and the refusal reported after.
          throw isUniqueViolation(error) ? new ExclusiveValueTaken() : error;
        }
        await this.outbox?.record(trx, storeId, eventsOf(changed.right));
        return changed;
      });
    } catch (error) {
      if (error instanceof ExclusiveValueTaken) return E.left(taken);
      throw error;
    }
  }

  delete(storeId: Uuid, id: Uuid, events: readonly ChangeEvent[]): Promise<E.Either<Missing | InUse, void>> {
    if (this.outbox === undefined) return deleteReferableRow(this.handle.db, this.table, storeId, id);
    return this.outbox.around(
      this.handle.db,
      storeId,
      events,
      (db) => deleteReferableRow(db, this.table, storeId, id),
      E.isRight,
    );
  }

  async list(storeId: Uuid, query: StoreRecordQuery): Promise<Page<StoreRecord<A>>> {
    const all = query.filter.reduce(
      (rows, condition) => rows.where('exclusive_key', 'in', exactValues(condition).map(lookupKey)),
      this.ofStore(storeId),
    );
    const [rows, counted] = await Promise.all([
      pageNewestFirst(all.selectAll(), query.page).execute(),
      cappedCount(this.handle.db, all),
    ]);
    return pageOf(
      rows.map((row) => this.fromRow(row)),
      query.page,
      counted,
      'capped',
    );
  }
}
