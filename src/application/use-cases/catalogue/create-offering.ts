import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable, optional } from 'inversify';
import { PRORATION_POLICIES } from '../../../domain/billing/proration/proration-policy.js';
import { type Eligibility, keptEligibility } from '../../../domain/catalogue/eligibility.js';
import {
  type Offering,
  type OfferingFeature,
  type OfferingItem,
  withCopies,
} from '../../../domain/catalogue/offering.js';
import { OFFERING_EVENTS } from '../../../domain/catalogue/offering-events.js';
import { type MadeItem, type OfferingBuild, parseOfferingCreation } from '../../../domain/catalogue/offering-input.js';
import { parseOfferingCreation2025 } from '../../../domain/catalogue/offering-input-2025.js';
import type { ProductAttributes } from '../../../domain/catalogue/product.js';
import { resolveConfigurations } from '../../../domain/features/build-features.js';
import { externalRefHeld } from '../../../domain/features/offering-feature.js';
import type { SubscriptionsGeneration } from '../../../domain/settings/subscriptions-generation.js';
import {
  conflict,
  type DomainError,
  notFound,
  type ValidationIssue,
  validationFailed,
} from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { Parsed } from '../../../domain/shared/validation.js';
import type { OfferingProrationRepository } from '../../ports/billing/offering-proration-repository.js';
import type { PlanRepository, ProductRepository } from '../../ports/catalogue/catalogue-repository.js';
import type { OfferingRepository } from '../../ports/catalogue/offering-repository.js';
import type { FeatureRepository, ProrationPolicyRepository } from '../../ports/store-record-repository.js';
import type { Clock, IdGenerator } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { findFeatures, withFeatureCopies } from './attach-offering-features.js';
import { FEATURE_REF_HELD } from './make-offering-feature.js';
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
  /** Only a build that names store features (EPCC's 2025 generation) needs this. */
  readonly features?: FeatureRepository | undefined;
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

/**
 * The features a build names or makes, in its order: copies of the store's features named by id or
 * external_ref (each once), and features made inside the offering; two of them with one external_ref are a 409.
 */
const buildFeatures = async (
  ports: OfferingPorts,
  storeId: Uuid,
  build: OfferingBuild,
  newId: () => Uuid,
  now: Date,
): Promise<E.Either<DomainError, readonly OfferingFeature[]>> => {
  const wanted = build.features ?? [];
  if (wanted.length === 0) return E.right([]);
  const references = wanted.flatMap((f) => ('reference' in f ? [f.reference] : []));
  if (references.length > 0 && ports.features === undefined)
    throw new Error('a build naming features needs their repository');
  const originals =
    references.length === 0 || ports.features === undefined
      ? E.right([])
      : await findFeatures(ports.features, storeId, references);
  if (E.isLeft(originals)) return originals;
  let features: readonly OfferingFeature[] = [];
  let copied = 0;
  for (const feature of wanted) {
    const next: E.Either<DomainError, Pick<Offering, 'features'>> = 'made' in feature
      ? externalRefHeld(features, feature.made.external_ref)
        ? E.left(conflict(`${FEATURE_REF_HELD}: ${feature.made.external_ref}`, 'external_ref_taken'))
        : E.right({
            features: [...features, { id: newId(), attributes: feature.made, createdAt: now, updatedAt: now }],
          })
      : withFeatureCopies(features, originals.right.slice(copied, ++copied), newId, now);
    if (E.isLeft(next)) return next;
    features = next.right.features;
  }
  return E.right(features);
};

/** The products a build makes, each with its configurations keyed by the offering's features once they exist. */
const configuredProducts = (
  build: OfferingBuild,
  features: readonly OfferingFeature[],
): E.Either<DomainError, readonly MadeItem<ProductAttributes>[]> => {
  const problems: ValidationIssue[] = [];
  const products = (build.madeProducts ?? []).map((product, index) => {
    const configurations = build.madeProductConfigurations?.[index] ?? {};
    if (Object.keys(configurations).length === 0) return product;
    const resolved = resolveConfigurations(features, configurations, `data.plans.${index}.feature_configurations`);
    if (E.isLeft(resolved)) {
      problems.push(...resolved.left);
      return product;
    }
    return { ...product, attributes: { ...product.attributes, feature_configurations: resolved.right } };
  });
  const [first, ...rest] = problems;
  return first === undefined ? E.right(products) : E.left(validationFailed([first, ...rest]));
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
  const features = await buildFeatures(ports, storeId, wanted.right, newId, now);
  if (E.isLeft(features)) return features;
  const configured = configuredProducts(wanted.right, features.right);
  if (E.isLeft(configured)) return configured;
  const madeProducts = made(configured.right, newId, now);
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
    features: features.right,
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
