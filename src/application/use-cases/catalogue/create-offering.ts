import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { type Offering, withCopies } from '../../../domain/catalogue/offering.js';
import { OFFERING_EVENTS } from '../../../domain/catalogue/offering-events.js';
import { type OfferingBuild, parseOfferingCreation } from '../../../domain/catalogue/offering-input.js';
import { type DomainError, notFound, validationFailed } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { Parsed } from '../../../domain/shared/validation.js';
import type { PlanRepository, ProductRepository } from '../../ports/catalogue/catalogue-repository.js';
import type { OfferingRepository } from '../../ports/catalogue/offering-repository.js';
import type { Clock, IdGenerator } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { findOriginals, PLANS_NOT_FOUND, PRODUCTS_NOT_FOUND } from './offering-lookup.js';

export interface OfferingPorts {
  readonly offerings: OfferingRepository;
  readonly products: ProductRepository;
  readonly plans: PlanRepository;
  readonly clock: Clock;
  readonly ids: IdGenerator;
}

/** A new offering holding copies of the products and plans named in `data`, which `parse` reads. */
export const storeNewOffering = async (
  ports: OfferingPorts,
  parse: (data: unknown) => Parsed<OfferingBuild>,
  storeId: Uuid,
  data: unknown,
): Promise<E.Either<DomainError, Offering>> => {
  const wanted = parse(data);
  if (E.isLeft(wanted)) return E.left(validationFailed(wanted.left));
  const [products, plans] = await Promise.all([
    findOriginals((ids) => ports.products.findByIds(storeId, ids), wanted.right.productIds, PRODUCTS_NOT_FOUND),
    findOriginals((ids) => ports.plans.findByIds(storeId, ids), wanted.right.planIds, PLANS_NOT_FOUND),
  ]);
  if (E.isLeft(products)) return products;
  if (E.isLeft(plans)) return plans;
  const now = ports.clock.now();
  const newId = () => ports.ids.uuid();
  const offering: Offering = {
    id: newId(),
    storeId,
    attributes: wanted.right.attributes,
    version: 1,
    products: withCopies([], products.right, newId, now),
    plans: withCopies([], plans.right, newId, now),
    createdAt: now,
    updatedAt: now,
  };
  const stored = await ports.offerings.insert(offering, [OFFERING_EVENTS.created(offering)]);
  return E.isLeft(stored)
    ? E.left(notFound('a product or plan was deleted while the offering was made'))
    : E.right(offering);
};

@injectable()
export class CreateOffering {
  constructor(
    @inject(TOKENS.OfferingRepository) private readonly offerings: OfferingRepository,
    @inject(TOKENS.ProductRepository) private readonly products: ProductRepository,
    @inject(TOKENS.PlanRepository) private readonly plans: PlanRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.IdGenerator) private readonly ids: IdGenerator,
  ) {}

  private ports(): OfferingPorts {
    return { offerings: this.offerings, products: this.products, plans: this.plans, clock: this.clock, ids: this.ids };
  }

  /** An offering with copies of the products and plans its `relationships` name, if any; attach more later. */
  execute(storeId: Uuid, data: unknown): Promise<E.Either<DomainError, Offering>> {
    return storeNewOffering(this.ports(), parseOfferingCreation, storeId, data);
  }
}
