import * as E from 'fp-ts/lib/Either.js';
import type { CatalogueRepository } from '../../../../application/ports/catalogue/catalogue-repository.js';
import type { ChangeEvent, ChangeEventsOf } from '../../../../application/ports/integrations/observed-payloads.js';
import { type InUse, inUse, type Missing, missing } from '../../../../application/ports/storage-outcomes.js';
import type { CatalogueFilterField, CatalogueQuery } from '../../../../domain/catalogue/catalogue-query.js';
import type { CatalogueRecord } from '../../../../domain/catalogue/catalogue-record.js';
import type { Offering } from '../../../../domain/catalogue/offering.js';
import type { Page } from '../../../../domain/query/page.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import { type ListedFields, listOf } from '../in-memory-list.js';
import type { InMemoryOutbox } from '../integrations/in-memory-outbox.js';

/** The list fields of every catalogue record: products, plans and offerings alike. */
export const catalogueFields = <
  A extends { readonly attributes: { readonly external_ref?: string }; readonly createdAt: Date; readonly id: string },
>(): ListedFields<A, CatalogueFilterField> => ({
  fields: { external_ref: (r) => r.attributes.external_ref },
  ordered: (r) => r,
  keepsRunningCount: false,
});

/** Products or plans: `records` is their table, `copiesOf` the offering member that holds copies of them. */
export class InMemoryCatalogueRepository<A extends { readonly external_ref?: string }>
  implements CatalogueRepository<A>
{
  constructor(
    private readonly records: Map<string, CatalogueRecord<A>>,
    private readonly offerings: ReadonlyMap<string, Offering>,
    private readonly copiesOf: (offering: Offering) => readonly { readonly originId?: Uuid }[],
    private readonly outbox?: InMemoryOutbox,
  ) {}

  async insert(item: CatalogueRecord<A>, events: readonly ChangeEvent[]): Promise<void> {
    if (this.records.has(item.id)) throw new Error(`duplicate id ${item.id}`);
    this.records.set(item.id, item);
    this.outbox?.record(item.storeId, events);
  }

  async findById(storeId: Uuid, id: Uuid): Promise<CatalogueRecord<A> | undefined> {
    const item = this.records.get(id);
    return item?.storeId === storeId ? item : undefined;
  }

  async findByIds(storeId: Uuid, ids: readonly Uuid[]): Promise<readonly CatalogueRecord<A>[]> {
    return ids.flatMap((id) => {
      const item = this.records.get(id);
      return item?.storeId === storeId ? [item] : [];
    });
  }

  async update(
    storeId: Uuid,
    id: Uuid,
    change: (current: CatalogueRecord<A>) => CatalogueRecord<A>,
    eventsOf: ChangeEventsOf<CatalogueRecord<A>>,
  ): Promise<CatalogueRecord<A> | undefined> {
    const current = this.records.get(id);
    if (current?.storeId !== storeId) return undefined;
    const updated = change(current);
    this.records.set(id, updated);
    this.outbox?.record(storeId, eventsOf(updated));
    return updated;
  }

  async delete(storeId: Uuid, id: Uuid, events: readonly ChangeEvent[]): Promise<E.Either<Missing | InUse, void>> {
    if (this.records.get(id)?.storeId !== storeId) return E.left(missing);
    if ([...this.offerings.values()].some((o) => this.copiesOf(o).some((copy) => copy.originId === id)))
      return E.left(inUse);
    this.records.delete(id);
    this.outbox?.record(storeId, events);
    return E.right(undefined);
  }

  async list(storeId: Uuid, query: CatalogueQuery): Promise<Page<CatalogueRecord<A>>> {
    const ofStore = [...this.records.values()].filter((r) => r.storeId === storeId);
    return listOf(ofStore, query, catalogueFields());
  }
}
