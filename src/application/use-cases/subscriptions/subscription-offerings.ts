import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { parsePageRequest, type PageRequest } from '../../../domain/query/page.js';
import type { QueryParams } from '../../../domain/query/query-params.js';
import { notFound, validationFailed, type DomainError } from '../../../domain/shared/errors.js';
import { applyChanges } from '../../../domain/shared/record-parser.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import {
  OFFERING_NOT_FOUND,
  parseAttachment,
  parseOfferingAttributes,
  parseOfferingBuild,
  parseOfferingChanges,
  withCopies,
  type Offering,
  type OfferingItem,
  type OfferingPlan,
  type OfferingProduct,
} from '../../../domain/subscription/offering.js';
import type { PlanRepository, ProductRepository } from '../../ports/catalogue-repository.js';
import type { ListedPage } from '../../ports/listed-page.js';
import type { OfferingRepository } from '../../ports/offering-repository.js';
import type { StoreRepository } from '../../ports/store-repository.js';
import type { Clock, IdGenerator } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { requireStore } from '../store-lookup.js';
import { listCatalogue } from './catalogue-rules.js';

export type OfferingPage = ListedPage<Offering> & { readonly page: PageRequest };
export type OfferingItemPage<A> = ListedPage<OfferingItem<A>> & { readonly page: PageRequest };

/** The originals among `ids`, or a not-found naming every id the store does not have. */
const originals = async <A extends { readonly id: Uuid }>(
  find: (ids: readonly Uuid[]) => Promise<readonly A[]>,
  ids: readonly Uuid[],
  what: string,
): Promise<E.Either<DomainError, readonly A[]>> => {
  const found = await find(ids);
  const missing = ids.filter((id) => !found.some((f) => f.id === id));
  if (missing.length > 0) return E.left(notFound(`${what}: ${missing.join(', ')}`));
  return E.right(ids.flatMap((id) => found.filter((f) => f.id === id)));
};

@injectable()
export class SubscriptionOfferings {
  constructor(
    @inject(TOKENS.OfferingRepository) private readonly offerings: OfferingRepository,
    @inject(TOKENS.ProductRepository) private readonly products: ProductRepository,
    @inject(TOKENS.PlanRepository) private readonly plans: PlanRepository,
    @inject(TOKENS.StoreRepository) private readonly stores: StoreRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.IdGenerator) private readonly ids: IdGenerator,
  ) {}

  private newId = () => this.ids.uuid();

  /** An offering without products or plans yet; attach them next. */
  async create(storeId: Uuid, data: unknown): Promise<E.Either<DomainError, Offering>> {
    const attributes = parseOfferingAttributes(data);
    if (E.isLeft(attributes)) return E.left(validationFailed(attributes.left));
    const now = this.clock.now();
    const offering: Offering = { id: this.newId(), storeId, attributes: attributes.right, version: 1, products: [], plans: [], createdAt: now, updatedAt: now };
    await this.offerings.insert(offering);
    return E.right(offering);
  }

  /** An offering with copies of the given products and plans, in one call. */
  async build(storeId: Uuid, data: unknown): Promise<E.Either<DomainError, Offering>> {
    const build = parseOfferingBuild(data);
    if (E.isLeft(build)) return E.left(validationFailed(build.left));
    const [products, plans] = await Promise.all([
      originals((ids) => this.products.findByIds(storeId, ids), build.right.productIds, 'subscription products not found'),
      originals((ids) => this.plans.findByIds(storeId, ids), build.right.planIds, 'subscription plans not found'),
    ]);
    if (E.isLeft(products)) return products;
    if (E.isLeft(plans)) return plans;
    const now = this.clock.now();
    const offering: Offering = {
      id: this.newId(),
      storeId,
      attributes: build.right.attributes,
      version: 1,
      products: withCopies([], products.right, this.newId, now),
      plans: withCopies([], plans.right, this.newId, now),
      createdAt: now,
      updatedAt: now,
    };
    if (!(await this.offerings.insert(offering))) return E.left(notFound('a product or plan was deleted while the offering was built'));
    return E.right(offering);
  }

  async get(storeId: Uuid, id: string): Promise<E.Either<DomainError, Offering>> {
    const offeringId = parseUuid(id);
    const found = offeringId === undefined ? undefined : await this.offerings.findById(storeId, offeringId);
    return found === undefined ? E.left(notFound(OFFERING_NOT_FOUND)) : E.right(found);
  }

  list(storeId: Uuid, params: QueryParams): Promise<E.Either<DomainError, OfferingPage>> {
    return listCatalogue(this.stores, storeId, params, (query) => this.offerings.list(storeId, query));
  }

  /** Changes the offering's own attributes; new subscriptions see a new version, existing ones keep theirs. */
  async update(storeId: Uuid, id: string, data: unknown): Promise<E.Either<DomainError, Offering>> {
    const offeringId = parseUuid(id);
    if (offeringId === undefined) return E.left(notFound(OFFERING_NOT_FOUND));
    const changes = parseOfferingChanges(data);
    if (E.isLeft(changes)) return E.left(validationFailed(changes.left));
    const now = this.clock.now();
    const updated = await this.offerings.update(storeId, offeringId, (o) => ({ ...o, attributes: applyChanges(o.attributes, changes.right), version: o.version + 1, updatedAt: now }));
    return updated === undefined || updated === false ? E.left(notFound(OFFERING_NOT_FOUND)) : E.right(updated);
  }

  attachProducts(storeId: Uuid, id: string, data: unknown): Promise<E.Either<DomainError, readonly OfferingProduct[]>> {
    return this.attach(storeId, id, data, {
      member: 'products',
      find: (ids) => this.products.findByIds(storeId, ids),
      missing: 'subscription products not found',
      held: (o) => o.products,
      hold: (o, products) => ({ ...o, products }),
    });
  }

  attachPlans(storeId: Uuid, id: string, data: unknown): Promise<E.Either<DomainError, readonly OfferingPlan[]>> {
    return this.attach(storeId, id, data, {
      member: 'plans',
      find: (ids) => this.plans.findByIds(storeId, ids),
      missing: 'subscription plans not found',
      held: (o) => o.plans,
      hold: (o, plans) => ({ ...o, plans }),
    });
  }

  /** Copies originals into the offering; an original it already holds a copy of is not copied again. */
  private async attach<A>(
    storeId: Uuid,
    id: string,
    data: unknown,
    how: {
      readonly member: 'products' | 'plans';
      readonly find: (ids: readonly Uuid[]) => Promise<readonly { readonly id: Uuid; readonly attributes: A }[]>;
      readonly missing: string;
      readonly held: (o: Offering) => readonly OfferingItem<A>[];
      readonly hold: (o: Offering, items: readonly OfferingItem<A>[]) => Offering;
    },
  ): Promise<E.Either<DomainError, readonly OfferingItem<A>[]>> {
    const offeringId = parseUuid(id);
    if (offeringId === undefined) return E.left(notFound(OFFERING_NOT_FOUND));
    const ids = parseAttachment(data, how.member);
    if (E.isLeft(ids)) return E.left(validationFailed(ids.left));
    if ((await this.offerings.findById(storeId, offeringId)) === undefined) return E.left(notFound(OFFERING_NOT_FOUND));
    const found = await originals(how.find, ids.right, how.missing);
    if (E.isLeft(found)) return found;
    const now = this.clock.now();
    const updated = await this.offerings.update(storeId, offeringId, (o) => {
      const items = withCopies(how.held(o), found.right, this.newId, now);
      return items.length === how.held(o).length ? o : { ...how.hold(o, items), version: o.version + 1, updatedAt: now };
    });
    if (updated === undefined) return E.left(notFound(OFFERING_NOT_FOUND));
    if (updated === false) return E.left(notFound('a product or plan was deleted while it was being attached'));
    return E.right(how.held(updated));
  }

  async listProducts(storeId: Uuid, id: string, params: QueryParams): Promise<E.Either<DomainError, OfferingItemPage<OfferingProduct['attributes']>>> {
    return this.listCopies(storeId, id, params, (o) => o.products);
  }

  async listPlans(storeId: Uuid, id: string, params: QueryParams): Promise<E.Either<DomainError, OfferingItemPage<OfferingPlan['attributes']>>> {
    return this.listCopies(storeId, id, params, (o) => o.plans);
  }

  /** An offering holds few copies, so they are paged in memory, in the order they were attached. */
  private async listCopies<A>(storeId: Uuid, id: string, params: QueryParams, copies: (o: Offering) => readonly OfferingItem<A>[]) {
    const offering = await this.get(storeId, id);
    if (E.isLeft(offering)) return offering;
    const store = await requireStore(this.stores, storeId);
    if (E.isLeft(store)) return store;
    const page = parsePageRequest(params, store.right.pageLength);
    if (E.isLeft(page)) return E.left(validationFailed(page.left));
    const all = copies(offering.right);
    return E.right({ items: all.slice(page.right.offset, page.right.offset + page.right.limit), total: all.length, totalMethod: 'exact' as const, page: page.right });
  }

  /** Existing subscriptions keep their snapshot of the offering. */
  async delete(storeId: Uuid, id: string): Promise<E.Either<DomainError, void>> {
    const offeringId = parseUuid(id);
    const deleted = offeringId !== undefined && (await this.offerings.delete(storeId, offeringId));
    return deleted ? E.right(undefined) : E.left(notFound(OFFERING_NOT_FOUND));
  }
}
