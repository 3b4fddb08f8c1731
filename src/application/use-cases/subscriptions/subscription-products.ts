import { inject, injectable } from 'inversify';
import { PRODUCT_IN_USE, PRODUCT_NOT_FOUND, parseProductAttributes, parseProductChanges, type SubscriptionProduct } from '../../../domain/subscription/product.js';
import type { ProductRepository } from '../../ports/catalogue-repository.js';
import type { StoreRepository } from '../../ports/store-repository.js';
import type { Clock, IdGenerator } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { CatalogueService } from './catalogue-service.js';

@injectable()
export class SubscriptionProducts extends CatalogueService<SubscriptionProduct> {
  constructor(
    @inject(TOKENS.ProductRepository) products: ProductRepository,
    @inject(TOKENS.StoreRepository) stores: StoreRepository,
    @inject(TOKENS.Clock) clock: Clock,
    @inject(TOKENS.IdGenerator) ids: IdGenerator,
  ) {
    super(products, stores, clock, ids);
  }

  protected readonly rules = { parseNew: parseProductAttributes, parseChanges: parseProductChanges, notFound: PRODUCT_NOT_FOUND, inUse: PRODUCT_IN_USE };
}
