import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { Selectable } from 'kysely';
import type { CatalogueQuery, CatalogueRepository } from '../../../application/ports/catalogue-repository.js';
import type { ListedPage } from '../../../application/ports/listed-page.js';
import type { Parsed } from '../../../domain/shared/validation.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { planAttributesFromStorage, type SubscriptionPlan } from '../../../domain/subscription/plan.js';
import { productAttributesFromStorage, type SubscriptionProduct } from '../../../domain/subscription/product.js';
import { cappedCount, listedPage, matching, newestFirst } from './kysely-list.js';
import { optionalLookupKey } from './lookup-key.js';
import { storedUuid } from './offering-json.js';
import type { DatabaseHandle } from './open-database.js';
import { PERSISTENCE } from './persistence-tokens.js';
import type { CatalogueTable } from './schema.js';
import { decodeStored, parseJson } from './stored-json.js';
import { isForeignKeyViolation } from './sql-flavor.js';

type CatalogueRecord = SubscriptionProduct | SubscriptionPlan;

/** Products and plans are stored alike; the table and the attribute rules are what differ. */
abstract class KyselyCatalogueRepository<A extends CatalogueRecord> implements CatalogueRepository<A> {
  protected abstract readonly table: 'subscription_products' | 'subscription_plans';
  protected abstract decodeAttributes(stored: unknown): Parsed<A['attributes']>;

  constructor(protected readonly handle: DatabaseHandle) {}

  private fromRow(row: Selectable<CatalogueTable>): A {
    return {
      id: storedUuid('catalogue id', row.id),
      storeId: storedUuid('catalogue store', row.store_id),
      attributes: decodeStored(this.table, this.decodeAttributes(parseJson(this.table, row.attributes))),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    } as A;
  }

  private toRow(item: A): Selectable<CatalogueTable> {
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

  async insert(item: A): Promise<void> {
    await this.handle.db.insertInto(this.table).values(this.toRow(item)).execute();
  }

  async findById(storeId: Uuid, id: Uuid): Promise<A | undefined> {
    const row = await this.ofStore(storeId).selectAll().where('id', '=', id).executeTakeFirst();
    return row === undefined ? undefined : this.fromRow(row);
  }

  async findByIds(storeId: Uuid, ids: readonly Uuid[]): Promise<readonly A[]> {
    if (ids.length === 0) return [];
    const rows = await this.ofStore(storeId).selectAll().where('id', 'in', [...ids]).execute();
    return rows.map((row) => this.fromRow(row));
  }

  update(storeId: Uuid, id: Uuid, change: (current: A) => A): Promise<A | undefined> {
    return this.handle.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom(this.table).selectAll().where('store_id', '=', storeId).where('id', '=', id).forUpdate().executeTakeFirst();
      if (row === undefined) return undefined;
      const updated = change(this.fromRow(row));
      const { id: _id, store_id: _store, created_at: _created, ...columns } = this.toRow(updated);
      await trx.updateTable(this.table).set(columns).where('id', '=', id).execute();
      return updated;
    });
  }

  async delete(storeId: Uuid, id: Uuid): Promise<E.Either<'not-found' | 'in-use', void>> {
    try {
      const result = await this.handle.db.deleteFrom(this.table).where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0 ? E.right(undefined) : E.left('not-found');
    } catch (error) {
      if (isForeignKeyViolation(error)) return E.left('in-use');
      throw error;
    }
  }

  async list(storeId: Uuid, query: CatalogueQuery): Promise<ListedPage<A>> {
    const filtered = this.ofStore(storeId).where(matching(query.filter, { external_ref: { column: 'external_ref', key: 'external_ref_key' } }));
    const [rows, counted] = await Promise.all([newestFirst(filtered.selectAll(), query.page).execute(), cappedCount(this.handle.db, filtered)]);
    return listedPage(rows.map((row) => this.fromRow(row)), counted);
  }
}

@injectable()
export class KyselyProductRepository extends KyselyCatalogueRepository<SubscriptionProduct> {
  protected readonly table = 'subscription_products';
  constructor(@inject(PERSISTENCE.Database) handle: DatabaseHandle) {
    super(handle);
  }
  protected decodeAttributes(stored: unknown) {
    return productAttributesFromStorage(stored);
  }
}

@injectable()
export class KyselyPlanRepository extends KyselyCatalogueRepository<SubscriptionPlan> {
  protected readonly table = 'subscription_plans';
  constructor(@inject(PERSISTENCE.Database) handle: DatabaseHandle) {
    super(handle);
  }
  protected decodeAttributes(stored: unknown) {
    return planAttributesFromStorage(stored);
  }
}
