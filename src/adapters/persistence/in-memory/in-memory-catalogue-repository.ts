import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { CatalogueQuery, CatalogueRepository } from '../../../application/ports/catalogue-repository.js';
import type { ListedPage } from '../../../application/ports/listed-page.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { SubscriptionPlan } from '../../../domain/subscription/plan.js';
import type { SubscriptionProduct } from '../../../domain/subscription/product.js';
import { pageOf } from './in-memory-list.js';
import type { InMemoryState } from './in-memory-state.js';
import { IN_MEMORY } from './in-memory-tokens.js';

/** Products and plans behave alike; only their table and the offering member that copies them differ. */
abstract class InMemoryCatalogueRepository<A extends SubscriptionProduct | SubscriptionPlan> implements CatalogueRepository<A> {
  protected abstract readonly records: Map<string, A>;
  protected abstract isCopied(id: Uuid): boolean;

  async insert(item: A): Promise<void> {
    if (this.records.has(item.id)) throw new Error(`duplicate id ${item.id}`);
    this.records.set(item.id, item);
  }

  async findById(storeId: Uuid, id: Uuid): Promise<A | undefined> {
    const item = this.records.get(id);
    return item?.storeId === storeId ? item : undefined;
  }

  async findByIds(storeId: Uuid, ids: readonly Uuid[]): Promise<readonly A[]> {
    return ids.flatMap((id) => {
      const item = this.records.get(id);
      return item?.storeId === storeId ? [item] : [];
    });
  }

  async update(storeId: Uuid, id: Uuid, change: (current: A) => A): Promise<A | undefined> {
    const current = this.records.get(id);
    if (current?.storeId !== storeId) return undefined;
    const updated = change(current);
    this.records.set(id, updated);
    return updated;
  }

  async delete(storeId: Uuid, id: Uuid): Promise<E.Either<'not-found' | 'in-use', void>> {
    if (this.records.get(id)?.storeId !== storeId) return E.left('not-found');
    if (this.isCopied(id)) return E.left('in-use');
    this.records.delete(id);
    return E.right(undefined);
  }

  async list(storeId: Uuid, query: CatalogueQuery): Promise<ListedPage<A>> {
    const ofStore = [...this.records.values()].filter((r) => r.storeId === storeId);
    return pageOf(ofStore, query, (r) => r.attributes.external_ref, (r) => r.createdAt);
  }
}

@injectable()
export class InMemoryProductRepository extends InMemoryCatalogueRepository<SubscriptionProduct> {
  protected readonly records: Map<string, SubscriptionProduct>;
  constructor(@inject(IN_MEMORY.State) private readonly state: InMemoryState) {
    super();
    this.records = state.products;
  }
  protected isCopied(id: Uuid): boolean {
    return [...this.state.offerings.values()].some((o) => o.products.some((p) => p.originId === id));
  }
}

@injectable()
export class InMemoryPlanRepository extends InMemoryCatalogueRepository<SubscriptionPlan> {
  protected readonly records: Map<string, SubscriptionPlan>;
  constructor(@inject(IN_MEMORY.State) private readonly state: InMemoryState) {
    super();
    this.records = state.plans;
  }
  protected isCopied(id: Uuid): boolean {
    return [...this.state.offerings.values()].some((o) => o.plans.some((p) => p.originId === id));
  }
}
