import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable, optional } from 'inversify';
import { PRORATION_POLICIES } from '../../../domain/billing/proration/proration-policy.js';
import { type Eligibility, keptEligibility } from '../../../domain/catalogue/eligibility.js';
import { type Offering, type OfferingItem, withCopies } from '../../../domain/catalogue/offering.js';
import { OFFERING_EVENTS } from '../../../domain/catalogue/offering-events.js';
import { type MadeItem, type OfferingBuild, parseOfferingCreation } from '../../../domain/catalogue/offering-input.js';
import { parseOfferingCreation2025 } from '../../../domain/catalogue/offering-input-2025.js';
import type { SubscriptionsGeneration } from '../../../domain/settings/subscriptions-generation.js';
import { type DomainError, notFound, validationFailed } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { Parsed } from '../../../domain/shared/validation.js';
import type { OfferingProrationRepository } from '../../ports/billing/offering-proration-repository.js';
import type { PlanRepository, ProductRepository } from '../../ports/catalogue/catalogue-repository.js';
import type { OfferingRepository } from '../../ports/catalogue/offering-repository.js';
import type { ProrationPolicyRepository } from '../../ports/store-record-repository.js';
import type { Clock, IdGenerator } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { findOriginals, PLANS_NOT_FOUND, PRODUCTS_NOT_FOUND } from './offering-lookup.js';

export interface OfferingPorts {
  readonly offerings: OfferingRepository;
  readonly products: ProductRepository;
  readonly plans: PlanRepository;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  /** Only a build that names a proration policy (EPCC's 2025 generation) needs these. */
  readonly policies?: ProrationPolicyRepository | undefined;
  readonly prorations?: OfferingProrationRepository | undefined;
}

/** A request's `data` read as an offering to make: 2024's parsers only find it invalid, 2025's may refuse it. */
export type OfferingReader = (data: unknown) => E.Either<DomainError, OfferingBuild>;

/** A 2024 parser as an `OfferingReader`. */
export const reading =
  (parse: (data: unknown) => Parsed<OfferingBuild>): OfferingReader =>
  (data) =>
    E.mapLeft(validationFailed)(parse(data));

const made = <A>(items: readonly MadeItem<A>[] | undefined, newId: () => Uuid, now: Date): OfferingItem<A>[] =>
  (items ?? []).map((item) => ({ ...item, id: newId(), createdAt: now, updatedAt: now }));

/** A build's associations (made products to made plans, by position) as the offering's eligibility. */
const eligibilityOf = (
  associations: OfferingBuild['associations'],
  products: readonly OfferingItem<unknown>[],
  plans: readonly OfferingItem<unknown>[],
): { readonly eligibility?: Eligibility } => {
  if (associations === undefined) return {};
  const eligibility = keptEligibility(
    products,
    plans,
    Object.fromEntries(
      products.map((product, index) => [product.id, (associations[index] ?? []).flatMap((at) => plans[at]?.id ?? [])]),
    ),
  );
  return eligibility === undefined ? {} : { eligibility };
};

/** The policy a new offering is to use, once it is stored: the policy must be the store's. */
const usePolicy = async (
  ports: OfferingPorts,
  offering: Offering,
  policyId: Uuid | undefined,
): Promise<E.Either<DomainError, void>> => {
  if (policyId === undefined) return E.right(undefined);
  if (ports.prorations === undefined || ports.policies === undefined)
    throw new Error('an offering with a proration policy needs the proration ports');
  const used = await ports.prorations.use(offering.storeId, offering.id, policyId);
  if (E.isRight(used)) return used;
  // The policy was deleted between the check and now: the offering goes again, as if never made.
  await ports.offerings.delete(offering.storeId, offering.id, [OFFERING_EVENTS.deleted(offering.id)]);
  return E.left(notFound(PRORATION_POLICIES.notFound));
};

/** A new offering holding copies of the products and plans named in `data`, which `parse` reads. */
export const storeNewOffering = async (
  ports: OfferingPorts,
  parse: OfferingReader,
  storeId: Uuid,
  data: unknown,
): Promise<E.Either<DomainError, Offering>> => {
  const wanted = parse(data);
  if (E.isLeft(wanted)) return wanted;
  const policyId = wanted.right.prorationPolicyId;
  if (policyId !== undefined && (await ports.policies?.findById(storeId, policyId)) === undefined)
    return E.left(notFound(PRORATION_POLICIES.notFound));
  const [products, plans] = await Promise.all([
    findOriginals((ids) => ports.products.findByIds(storeId, ids), wanted.right.productIds, PRODUCTS_NOT_FOUND),
    findOriginals((ids) => ports.plans.findByIds(storeId, ids), wanted.right.planIds, PLANS_NOT_FOUND),
  ]);
  if (E.isLeft(products)) return products;
  if (E.isLeft(plans)) return plans;
  const now = ports.clock.now();
  const newId = () => ports.ids.uuid();
  const madeProducts = made(wanted.right.madeProducts, newId, now);
  const madePlans = made(
    wanted.right.madePlans?.map((attributes) => ({ attributes })),
    newId,
    now,
  );
  const offering: Offering = {
    id: newId(),
    storeId,
    attributes: wanted.right.attributes,
    version: 1,
    products: [...withCopies([], products.right, newId, now), ...madeProducts],
    plans: [...withCopies([], plans.right, newId, now), ...madePlans],
    ...eligibilityOf(wanted.right.associations, madeProducts, madePlans),
    createdAt: now,
    updatedAt: now,
  };
  const stored = await ports.offerings.insert(offering, [OFFERING_EVENTS.created(offering)]);
  if (E.isLeft(stored)) return E.left(notFound('a product or plan was deleted while the offering was made'));
  return E.map(() => offering)(await usePolicy(ports, offering, policyId));
};

/** How each generation's `POST /offerings` reads its body. */
const CREATION: Readonly<Record<SubscriptionsGeneration, OfferingReader>> = {
  '2024': reading(parseOfferingCreation),
  '2025': parseOfferingCreation2025,
};

@injectable()
export class CreateOffering {
  constructor(
    @inject(TOKENS.OfferingRepository) private readonly offerings: OfferingRepository,
    @inject(TOKENS.ProductRepository) private readonly products: ProductRepository,
    @inject(TOKENS.PlanRepository) private readonly plans: PlanRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(TOKENS.ProrationPolicyRepository) @optional() private readonly policies?: ProrationPolicyRepository,
    @inject(TOKENS.OfferingProrationRepository) @optional() private readonly prorations?: OfferingProrationRepository,
  ) {}

  private ports(): OfferingPorts {
    const { offerings, products, plans, clock, ids, policies, prorations } = this;
    return { offerings, products, plans, clock, ids, policies, prorations };
  }

  /**
   * An offering with copies of the products and plans its `relationships` name, if any (2024); or an empty
   * one with the proration policy its `relationships` name, if any (2025). Attach or make more later.
   */
  execute(
    storeId: Uuid,
    data: unknown,
    generation: SubscriptionsGeneration = '2024',
  ): Promise<E.Either<DomainError, Offering>> {
    return storeNewOffering(this.ports(), CREATION[generation], storeId, data);
  }
}
