import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { Kysely, Selectable } from 'kysely';
import type { OfferingRepository } from '../../../../application/ports/catalogue/offering-repository.js';
import type { ChangeEvent, ChangeEventsOf } from '../../../../application/ports/integrations/observed-payloads.js';
import {
  type Missing,
  missing,
  type OriginalGone,
  originalGone,
} from '../../../../application/ports/storage-outcomes.js';
import type { Offering, OfferingItem, OfferingProduct } from '../../../../domain/catalogue/offering.js';
import { offeringAttributesFromStorage } from '../../../../domain/catalogue/offering-input.js';
import {
  HELD_PRODUCT_REF_FILTERS,
  type OfferingFilterField,
  type OfferingQuery,
} from '../../../../domain/catalogue/offering-query.js';
import { type PlanAttributes, planAttributesFromStorage } from '../../../../domain/catalogue/plan.js';
import { type ProductAttributes, productAttributesFromStorage } from '../../../../domain/catalogue/product.js';
import { FEATURES, type FeatureAttributes } from '../../../../domain/features/feature.js';
import type { FilterCondition } from '../../../../domain/query/filter.js';
import { type Page, pageOf } from '../../../../domain/query/page.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import { lookupKey, optionalLookupKey } from '../engine/lookup-key.js';
import type { DatabaseHandle } from '../engine/open-database.js';
import type { OfferingItemsTable, OfferingProductsTable, OfferingsTable, Tables } from '../engine/schema.js';
import { isForeignKeyViolation, toNumber } from '../engine/sql-flavor.js';
import type { KyselyOutbox } from '../integrations/kysely-outbox.js';
import { PERSISTENCE } from '../persistence-tokens.js';
import { cappedCount, exactValues, type FilterColumn, matching, pageNewestFirst } from '../sql/kysely-list.js';
import { decodeStored, parseJson, storedUuid } from '../sql/stored-json.js';
import { CATALOGUE_COLUMNS } from './kysely-catalogue-repository.js';
import { eligibilityFromJson, eligible, withCustomAttributes } from './offering-json.js';

/** The offering's own columns a list filters on; `proration_policy_id` is the one migration 0008 adds. */
const OFFERING_COLUMNS: Readonly<
  Record<Exclude<OfferingFilterField, 'external_product_refs' | 'plans.external_ref'>, FilterColumn>
> = {
  ...CATALOGUE_COLUMNS,
  proration_policy_id: { column: 'proration_policy_id' },
};

type ItemTable = 'subscription_offering_products' | 'subscription_offering_plans' | 'subscription_offering_features';

const itemFromRow = <A>(row: Selectable<OfferingItemsTable>, decode: (stored: unknown) => A): OfferingItem<A> => ({
  id: storedUuid('offering item id', row.id),
  ...(row.origin_id === null ? {} : { originId: storedUuid('offering item origin', row.origin_id) }),
  attributes: decode(parseJson('offering item', row.attributes)),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const decodeProduct = (stored: unknown) => decodeStored('offering product', productAttributesFromStorage(stored));
const decodePlan = (stored: unknown) => decodeStored('offering plan', planAttributesFromStorage(stored));
const decodeFeature = (stored: unknown) => decodeStored('offering feature', FEATURES.fromStorage(stored));

const offeringRow = (offering: Offering): Selectable<OfferingsTable> => ({
  id: offering.id,
  store_id: offering.storeId,
  external_ref: offering.attributes.external_ref ?? null,
  external_ref_key: optionalLookupKey(offering.attributes.external_ref),
  attributes: JSON.stringify(offering.attributes),
  version: offering.version,
  pricing_option_associations: offering.eligibility === undefined ? null : JSON.stringify(offering.eligibility),
  created_at: offering.createdAt,
  updated_at: offering.updatedAt,
});

/** Loads the copies of several offerings at once: three queries whatever the number of offerings. */
const loadCopies = async (db: Kysely<Tables>, rows: readonly Selectable<OfferingsTable>[]): Promise<Offering[]> => {
  const ids = rows.map((r) => r.id);
  const copies = (table: ItemTable) =>
    ids.length === 0
      ? Promise.resolve([])
      : db.selectFrom(table).selectAll().where('offering_id', 'in', ids).orderBy('position').orderBy('id').execute();
  const [products, plans, features] = await Promise.all([
    copies('subscription_offering_products'),
    copies('subscription_offering_plans'),
    copies('subscription_offering_features'),
  ]);
  return rows.map((row) => ({
    id: storedUuid('offering id', row.id),
    storeId: storedUuid('offering store', row.store_id),
    attributes: decodeStored('offering', offeringAttributesFromStorage(parseJson('offering', row.attributes))),
    version: Number(row.version),
    products: products
      .filter((p) => p.offering_id === row.id)
      .map((p) =>
        withCustomAttributes(itemFromRow(p, decodeProduct), parseJson('custom attributes', p.custom_attributes)),
      ),
    plans: plans.filter((p) => p.offering_id === row.id).map((p) => itemFromRow(p, decodePlan)),
    features: features.filter((f) => f.offering_id === row.id).map((f) => itemFromRow(f, decodeFeature)),
    ...eligible(eligibilityFromJson(parseJson('offering eligibility', row.pricing_option_associations))),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }));
};

/**
 * The columns a copy keeps beside its attributes: a product copy's external reference, because lists filter
 * on it, and its custom attributes, which 2024's product attributes do not have.
 */
type ProductColumns = Partial<
  Pick<Selectable<OfferingProductsTable>, 'external_ref' | 'external_ref_key' | 'custom_attributes'>
>;

interface CopyTable<A> {
  readonly name: ItemTable;
  readonly columns: (item: OfferingItem<A>) => ProductColumns;
}

const PRODUCT_COPY_TABLE: CopyTable<ProductAttributes> = {
  name: 'subscription_offering_products',
  columns: (item: OfferingProduct) => ({
    external_ref: item.attributes.external_ref ?? null,
    external_ref_key: optionalLookupKey(item.attributes.external_ref),
    custom_attributes: item.customAttributes === undefined ? null : JSON.stringify(item.customAttributes),
  }),
};
const PLAN_COPY_TABLE: CopyTable<PlanAttributes> = { name: 'subscription_offering_plans', columns: () => ({}) };
const FEATURE_COPY_TABLE: CopyTable<FeatureAttributes> = {
  name: 'subscription_offering_features',
  columns: () => ({}),
};

const copyRow = <A>(table: CopyTable<A>, offeringId: string, item: OfferingItem<A>, position: number) => ({
  id: item.id,
  offering_id: offeringId,
  origin_id: item.originId ?? null,
  position,
  attributes: JSON.stringify(item.attributes),
  ...table.columns(item),
  created_at: item.createdAt,
  updated_at: item.updatedAt,
});

const edited = <A>(table: CopyTable<A>, item: OfferingItem<A>, before: OfferingItem<A>): boolean =>
  item.updatedAt.getTime() !== before.updatedAt.getTime() ||
  JSON.stringify(item.attributes) !== JSON.stringify(before.attributes) ||
  JSON.stringify(table.columns(item)) !== JSON.stringify(table.columns(before));

/**
 * Brings the stored copies of one member in line with `items`: removes those it no longer holds, rewrites
 * those changed and adds the new ones after the last stored position, so that the order of attachment stays.
 */
const storeCopies = async <A>(
  db: Kysely<Tables>,
  table: CopyTable<A>,
  offeringId: string,
  items: readonly OfferingItem<A>[],
  held: readonly OfferingItem<A>[] | undefined,
): Promise<void> => {
  const before = new Map((held ?? []).map((h) => [h.id, h]));
  const removed = [...before.keys()].filter((id) => !items.some((item) => item.id === id));
  if (removed.length > 0) await db.deleteFrom(table.name).where('id', 'in', removed).execute();
  for (const item of items) {
    const stored = before.get(item.id);
    if (stored !== undefined && edited(table, item, stored)) {
      await db
        .updateTable(table.name)
        .set({
          attributes: JSON.stringify(item.attributes),
          ...table.columns(item),
          updated_at: item.updatedAt,
        })
        .where('id', '=', item.id)
        .execute();
    }
  }
  const added = items.filter((item) => !before.has(item.id));
  if (added.length === 0) return;
  const last =
    held === undefined
      ? undefined
      : await db
          .selectFrom(table.name)
          .select((eb) => eb.fn.max('position').as('last'))
          .where('offering_id', '=', offeringId)
          .executeTakeFirst();
  const first = last?.last === null || last?.last === undefined ? 0 : toNumber(last.last) + 1;
  await db
    .insertInto(table.name)
    .values(added.map((item, index) => copyRow(table, offeringId, item, first + index)))
    .execute();
};

/** Writes the copies of `offering` that differ from `stored`, the offering as it was (none for a new one). */
const syncCopies = async (db: Kysely<Tables>, offering: Offering, stored: Offering | undefined): Promise<void> => {
  await storeCopies(db, PRODUCT_COPY_TABLE, offering.id, offering.products, stored?.products);
  await storeCopies(db, PLAN_COPY_TABLE, offering.id, offering.plans, stored?.plans);
  await storeCopies(db, FEATURE_COPY_TABLE, offering.id, offering.features, stored?.features);
};

const valuesOf = (condition: FilterCondition<string>): readonly string[] => [...new Set(exactValues(condition))];

/** The offerings holding a product copy with one of these external references: found on the copies' hash index, then compared exactly. */
const holdingProductRefs = (db: Kysely<Tables>, refs: readonly string[]) =>
  db
    .selectFrom('subscription_offering_products')
    .select('offering_id')
    .where('external_ref_key', 'in', refs.map(lookupKey))
    .where('external_ref', 'in', [...refs]);

@injectable()
export class KyselyOfferingRepository implements OfferingRepository {
  constructor(
    @inject(PERSISTENCE.Database) private readonly handle: DatabaseHandle,
    @inject(PERSISTENCE.Outbox) private readonly outbox: KyselyOutbox,
  ) {}

  async insert(offering: Offering, events: readonly ChangeEvent[]): Promise<E.Either<OriginalGone, void>> {
    try {
      await this.handle.db.transaction().execute(async (trx) => {
        await trx.insertInto('subscription_offerings').values(offeringRow(offering)).execute();
        await syncCopies(trx, offering, undefined);
        await this.outbox.record(trx, offering.storeId, events);
      });
      return E.right(undefined);
    } catch (error) {
      if (isForeignKeyViolation(error)) return E.left(originalGone);
      throw error;
    }
  }

  /** The offering and its copies read from one snapshot, so that a version is never read with another version's copies. */
  findById(storeId: Uuid, id: Uuid): Promise<Offering | undefined> {
    return this.handle.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const row = await trx
          .selectFrom('subscription_offerings')
          .selectAll()
          .where('store_id', '=', storeId)
          .where('id', '=', id)
          .executeTakeFirst();
        return row === undefined ? undefined : (await loadCopies(trx, [row]))[0];
      });
  }

  async update(
    storeId: Uuid,
    id: Uuid,
    change: (current: Offering) => Offering,
    eventsOf: ChangeEventsOf<Offering>,
  ): Promise<E.Either<Missing | OriginalGone, Offering>> {
    try {
      return await this.handle.db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('subscription_offerings')
          .selectAll()
          .where('store_id', '=', storeId)
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        const [current] = row === undefined ? [] : await loadCopies(trx, [row]);
        if (current === undefined) return E.left(missing);
        const updated = change(current);
        const { id: _id, store_id: _store, created_at: _created, ...columns } = offeringRow(updated);
        await trx.updateTable('subscription_offerings').set(columns).where('id', '=', id).execute();
        await syncCopies(trx, updated, current);
        await this.outbox.record(trx, storeId, eventsOf(updated));
        return E.right(updated);
      });
    } catch (error) {
      if (isForeignKeyViolation(error)) return E.left(originalGone);
      throw error;
    }
  }

  async delete(storeId: Uuid, id: Uuid, events: readonly ChangeEvent[]): Promise<boolean> {
    return this.outbox.around(
      this.handle.db,
      storeId,
      events,
      async (db) =>
        Number(
          (
            await db
              .deleteFrom('subscription_offerings')
              .where('store_id', '=', storeId)
              .where('id', '=', id)
              .executeTakeFirst()
          ).numDeletedRows,
        ) > 0,
      (deleted) => deleted,
    );
  }

  /** A page of offerings with their copies read from one snapshot, as `findById` reads one. */
  list(storeId: Uuid, query: OfferingQuery): Promise<Page<Offering>> {
    const own = query.filter.filter(
      (c): c is FilterCondition<'external_ref' | 'proration_policy_id'> =>
        c.field === 'external_ref' || c.field === 'proration_policy_id',
    );
    return this.handle.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const filtered = trx
          .selectFrom('subscription_offerings')
          .where('store_id', '=', storeId)
          .where(matching(own, OFFERING_COLUMNS))
          .where((eb) =>
            eb.and(
              query.filter
                .filter((c) => HELD_PRODUCT_REF_FILTERS.includes(c.field))
                .map((c) => eb('id', 'in', holdingProductRefs(trx, valuesOf(c)))),
            ),
          );
        const rows = await pageNewestFirst(filtered.selectAll(), query.page).execute();
        const counted = await cappedCount(trx, filtered);
        return pageOf(await loadCopies(trx, rows), query.page, counted, 'capped');
      });
  }
}
