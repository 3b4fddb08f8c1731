import type * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { Page } from '../../../domain/query/page.js';
import type { QueryParams } from '../../../domain/query/query-params.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { PRODUCTS, type SubscriptionProduct } from '../../../domain/catalogue/product.js';
import type { ProductRepository } from '../../ports/catalogue/catalogue-repository.js';
import type { StoreRepository } from '../../ports/stores/store-repository.js';
import type { Clock, IdGenerator } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { createRecord, deleteRecord, getRecord, listRecords, updateRecord } from './catalogue-records.js';

@injectable()
export class CreateSubscriptionProduct {
  constructor(
    @inject(TOKENS.ProductRepository) private readonly products: ProductRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.IdGenerator) private readonly ids: IdGenerator,
  ) {}

  execute(storeId: Uuid, data: unknown): Promise<E.Either<DomainError, SubscriptionProduct>> {
    return createRecord(PRODUCTS, this.products, { clock: this.clock, ids: this.ids }, storeId, data);
  }
}

@injectable()
export class GetSubscriptionProduct {
  constructor(@inject(TOKENS.ProductRepository) private readonly products: ProductRepository) {}

  execute(storeId: Uuid, id: string): Promise<E.Either<DomainError, SubscriptionProduct>> {
    return getRecord(PRODUCTS, this.products, storeId, id);
  }
}

@injectable()
export class ListSubscriptionProducts {
  constructor(
    @inject(TOKENS.ProductRepository) private readonly products: ProductRepository,
    @inject(TOKENS.StoreRepository) private readonly stores: StoreRepository,
  ) {}

  execute(storeId: Uuid, params: QueryParams): Promise<E.Either<DomainError, Page<SubscriptionProduct>>> {
    return listRecords(this.products, this.stores, storeId, params);
  }
}

@injectable()
export class UpdateSubscriptionProduct {
  constructor(
    @inject(TOKENS.ProductRepository) private readonly products: ProductRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
  ) {}

  execute(storeId: Uuid, id: string, data: unknown): Promise<E.Either<DomainError, SubscriptionProduct>> {
    return updateRecord(PRODUCTS, this.products, this.clock, storeId, id, data);
  }
}

@injectable()
export class DeleteSubscriptionProduct {
  constructor(@inject(TOKENS.ProductRepository) private readonly products: ProductRepository) {}

  execute(storeId: Uuid, id: string): Promise<E.Either<DomainError, void>> {
    return deleteRecord(PRODUCTS, this.products, storeId, id);
  }
}
