import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { notFound, validationFailed, type DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { parseOfferingAttributes, parseOfferingBuild } from '../../../domain/subscription/offering-input.js';
import { withCopies, type Offering } from '../../../domain/subscription/offering.js';
import type { PlanRepository, ProductRepository } from '../../ports/catalogue-repository.js';
import type { OfferingRepository } from '../../ports/offering-repository.js';
import type { Clock, IdGenerator } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { findOriginals, PLANS_NOT_FOUND, PRODUCTS_NOT_FOUND } from './offering-lookup.js';

@injectable()
export class CreateOffering {
  constructor(
    @inject(TOKENS.OfferingRepository) private readonly offerings: OfferingRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.IdGenerator) private readonly ids: IdGenerator,
  ) {}

  /** An offering without products or plans yet; attach them next. */
  async execute(storeId: Uuid, data: unknown): Promise<E.Either<DomainError, Offering>> {
    const attributes = parseOfferingAttributes(data);
    if (E.isLeft(attributes)) return E.left(validationFailed(attributes.left));
    const now = this.clock.now();
    const offering: Offering = { id: this.ids.uuid(), storeId, attributes: attributes.right, version: 1, products: [], plans: [], createdAt: now, updatedAt: now };
    const stored = await this.offerings.insert(offering);
    if (E.isLeft(stored)) throw new Error('an offering without copies was refused for a missing original');
    return E.right(offering);
  }
}

@injectable()
export class BuildOffering {
  constructor(
    @inject(TOKENS.OfferingRepository) private readonly offerings: OfferingRepository,
    @inject(TOKENS.ProductRepository) private readonly products: ProductRepository,
    @inject(TOKENS.PlanRepository) private readonly plans: PlanRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.IdGenerator) private readonly ids: IdGenerator,
  ) {}

  /** An offering with copies of the given products and plans, in one call. */
  async execute(storeId: Uuid, data: unknown): Promise<E.Either<DomainError, Offering>> {
    const build = parseOfferingBuild(data);
    if (E.isLeft(build)) return E.left(validationFailed(build.left));
    const [products, plans] = await Promise.all([
      findOriginals((ids) => this.products.findByIds(storeId, ids), build.right.productIds, PRODUCTS_NOT_FOUND),
      findOriginals((ids) => this.plans.findByIds(storeId, ids), build.right.planIds, PLANS_NOT_FOUND),
    ]);
    if (E.isLeft(products)) return products;
    if (E.isLeft(plans)) return plans;
    const now = this.clock.now();
    const newId = () => this.ids.uuid();
    const offering: Offering = {
      id: newId(),
      storeId,
      attributes: build.right.attributes,
      version: 1,
      products: withCopies([], products.right, newId, now),
      plans: withCopies([], plans.right, newId, now),
      createdAt: now,
      updatedAt: now,
    };
    const stored = await this.offerings.insert(offering);
    return E.isLeft(stored) ? E.left(notFound('a product or plan was deleted while the offering was built')) : E.right(offering);
  }
}
