import * as E from 'fp-ts/lib/Either.js';
import type { QueryParams } from '../../../domain/query/query-params.js';
import { conflict, notFound, validationFailed, type DomainError } from '../../../domain/shared/errors.js';
import { applyChanges } from '../../../domain/shared/record-parser.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import type { Parsed } from '../../../domain/shared/validation.js';
import type { SubscriptionPlan } from '../../../domain/subscription/plan.js';
import type { SubscriptionProduct } from '../../../domain/subscription/product.js';
import type { CatalogueRepository } from '../../ports/catalogue-repository.js';
import type { ListedPage } from '../../ports/listed-page.js';
import type { StoreRepository } from '../../ports/store-repository.js';
import type { Clock, IdGenerator } from '../../ports/system.js';
import { listCatalogue } from './catalogue-rules.js';
import type { PageRequest } from '../../../domain/query/page.js';

export interface CatalogueRules<A extends SubscriptionProduct | SubscriptionPlan> {
  readonly parseNew: (data: unknown) => Parsed<A['attributes']>;
  readonly parseChanges: (data: unknown) => Parsed<object>;
  readonly notFound: string;
  readonly inUse: string;
}

export type CataloguePage<A> = ListedPage<A> & { readonly page: PageRequest };

/** Create, read, list, update and delete of subscription products or plans: the originals offerings copy. */
export abstract class CatalogueService<A extends SubscriptionProduct | SubscriptionPlan> {
  protected abstract readonly rules: CatalogueRules<A>;

  protected constructor(
    private readonly records: CatalogueRepository<A>,
    private readonly stores: StoreRepository,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  async create(storeId: Uuid, data: unknown): Promise<E.Either<DomainError, A>> {
    const attributes = this.rules.parseNew(data);
    if (E.isLeft(attributes)) return E.left(validationFailed(attributes.left));
    const now = this.clock.now();
    const record = { id: this.ids.uuid(), storeId, attributes: attributes.right, createdAt: now, updatedAt: now } as A;
    await this.records.insert(record);
    return E.right(record);
  }

  async get(storeId: Uuid, id: string): Promise<E.Either<DomainError, A>> {
    const recordId = parseUuid(id);
    const found = recordId === undefined ? undefined : await this.records.findById(storeId, recordId);
    return found === undefined ? E.left(notFound(this.rules.notFound)) : E.right(found);
  }

  list(storeId: Uuid, params: QueryParams): Promise<E.Either<DomainError, CataloguePage<A>>> {
    return listCatalogue(this.stores, storeId, params, (query) => this.records.list(storeId, query));
  }

  /** A partial update: fields left out keep their values; `null` clears an optional field. */
  async update(storeId: Uuid, id: string, data: unknown): Promise<E.Either<DomainError, A>> {
    const recordId = parseUuid(id);
    if (recordId === undefined) return E.left(notFound(this.rules.notFound));
    const changes = this.rules.parseChanges(data);
    if (E.isLeft(changes)) return E.left(validationFailed(changes.left));
    const now = this.clock.now();
    const updated = await this.records.update(storeId, recordId, (current) => ({ ...current, attributes: applyChanges(current.attributes, changes.right), updatedAt: now }));
    return updated === undefined ? E.left(notFound(this.rules.notFound)) : E.right(updated);
  }

  /** Refused while an offering holds a copy, as in EPCC: detach it first. */
  async delete(storeId: Uuid, id: string): Promise<E.Either<DomainError, void>> {
    const recordId = parseUuid(id);
    if (recordId === undefined) return E.left(notFound(this.rules.notFound));
    const deleted = await this.records.delete(storeId, recordId);
    if (E.isRight(deleted)) return deleted;
    return E.left(deleted.left === 'not-found' ? notFound(this.rules.notFound) : conflict(this.rules.inUse));
  }
}
