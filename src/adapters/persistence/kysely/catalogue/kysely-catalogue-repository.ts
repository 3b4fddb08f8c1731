import * as E from 'fp-ts/lib/Either.js';
import type { Selectable } from 'kysely';
import type { CatalogueRepository } from '../../../../application/ports/catalogue/catalogue-repository.js';
import type {
  ChangeEvent,
  ChangeEventsOf,
  ObservedSubject,
} from '../../../../application/ports/integrations/observed-payloads.js';
import type { InUse, Missing } from '../../../../application/ports/storage-outcomes.js';
import type { CatalogueFilterField, CatalogueQuery } from '../../../../domain/catalogue/catalogue-query.js';
import type { CatalogueKind, CatalogueRecord } from '../../../../domain/catalogue/catalogue-record.js';
import { type Page, pageOf } from '../../../../domain/query/page.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import { optionalLookupKey } from '../engine/lookup-key.js';
import type { DatabaseHandle } from '../engine/open-database.js';
import type { CatalogueTable } from '../engine/schema.js';
import type { KyselyOutbox } from '../integrations/kysely-outbox.js';
import { deleteReferableRow } from '../sql/delete-referable-row.js';
import { cappedCount, type FilterColumn, matching, pageNewestFirst } from '../sql/kysely-list.js';
import { decodeStored, parseJson, storedUuid } from '../sql/stored-json.js';

export type CatalogueTableName = 'subscription_products' | 'subscription_plans';

/** Products, plans and offerings keep their external reference in a column of its own, with its hash. */
export const CATALOGUE_COLUMNS: Readonly<Record<CatalogueFilterField, FilterColumn>> = {
  external_ref: { column: 'external_ref', key: 'external_ref_key' },
};

/** Products and plans are stored alike; the table and the attribute rules are what differ. */
export class KyselyCatalogueRepository<A extends { readonly external_ref?: string }> implements CatalogueRepository<A> {
  constructor(
    private readonly handle: DatabaseHandle,
    private readonly table: CatalogueTableName,
    private readonly kind: CatalogueKind<A, unknown, ObservedSubject>,
    private readonly outbox?: KyselyOutbox,
  ) {}

  private fromRow(row: Selectable<CatalogueTable>): CatalogueRecord<A> {
    return {
      id: storedUuid('catalogue id', row.id),
      storeId: storedUuid('catalogue store', row.store_id),
      attributes: decodeStored(this.table, this.kind.fromStorage(parseJson(this.table, row.attributes))),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  private toRow(item: CatalogueRecord<A>): Selectable<CatalogueTable> {
    return {
      id: item.id,
      store_id: item.storeId,
      external_ref: item.attributes.external_ref ?? null,
      external_ref_key: optionalLookupKey(item.attributes.external_ref),
      attributes: JSON.stringify(item.attributes),
      created_at: item.createdAt,
      updated_at: item.updatedAt,
    };
  }

  private ofStore(storeId: Uuid) {
    return this.handle.db.selectFrom(this.table).where('store_id', '=', storeId);
  }

  async insert(item: CatalogueRecord<A>, events: readonly ChangeEvent[]): Promise<void> {
    const write = (db: typeof this.handle.db) => db.insertInto(this.table).values(this.toRow(item)).execute();
    if (this.outbox === undefined) await write(this.handle.db);
    else await this.outbox.around(this.handle.db, item.storeId, events, write);
  }

  async findById(storeId: Uuid, id: Uuid): Promise<CatalogueRecord<A> | undefined> {
    const row = await this.ofStore(storeId).selectAll().where('id', '=', id).executeTakeFirst();
    return row === undefined ? undefined : this.fromRow(row);
  }

  async findByIds(storeId: Uuid, ids: readonly Uuid[]): Promise<readonly CatalogueRecord<A>[]> {
    if (ids.length === 0) return [];
    const rows = await this.ofStore(storeId)
      .selectAll()
      .where('id', 'in', [...ids])
      .execute();
    return rows.map((row) => this.fromRow(row));
  }

  update(
    storeId: Uuid,
    id: Uuid,
    change: (current: CatalogueRecord<A>) => CatalogueRecord<A>,
    eventsOf: ChangeEventsOf<CatalogueRecord<A>>,
  ): Promise<CatalogueRecord<A> | undefined> {
    return this.handle.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom(this.table)
        .selectAll()
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (row === undefined) return undefined;
      const updated = change(this.fromRow(row));
      const { id: _id, store_id: _store, created_at: _created, ...columns } = this.toRow(updated);
      await trx.updateTable(this.table).set(columns).where('id', '=', id).execute();
      await this.outbox?.record(trx, storeId, eventsOf(updated));
      return updated;
    });
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

  async list(storeId: Uuid, query: CatalogueQuery): Promise<Page<CatalogueRecord<A>>> {
    const filtered = this.ofStore(storeId).where(matching(query.filter, CATALOGUE_COLUMNS));
    const [rows, counted] = await Promise.all([
      pageNewestFirst(filtered.selectAll(), query.page).execute(),
      cappedCount(this.handle.db, filtered),
    ]);
    return pageOf(
      rows.map((row) => this.fromRow(row)),
      query.page,
      counted,
      'capped',
    );
  }
}
