import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import {
  type CustomAttributeChanges,
  type CustomAttributes,
  changedCustomAttributes,
} from '../../../domain/catalogue/custom-attributes.js';
import { nextVersion, type Offering, type OfferingProduct } from '../../../domain/catalogue/offering.js';
import {
  OFFERING_PRODUCT_NOT_FOUND,
  parseOfferingProductChanges,
} from '../../../domain/catalogue/offering-copy-input.js';
import {
  parseOfferingPlanChanges2025,
  parsePlanCustomAttributeChanges2025,
} from '../../../domain/catalogue/offering-input-2025.js';
import {
  configurationProblems,
  type PlanFeatureConfigurationChanges,
  withConfigurationChanges,
} from '../../../domain/features/plan-feature-configuration.js';
import type { SubscriptionsGeneration } from '../../../domain/settings/subscriptions-generation.js';
import { type DomainError, notFound, validationFailed } from '../../../domain/shared/errors.js';
import { applyChanges } from '../../../domain/shared/record-parser.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { Parsed } from '../../../domain/shared/validation.js';
import type { OfferingRepository } from '../../ports/catalogue/offering-repository.js';
import type { Clock } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { changeOffering } from './change-offering.js';
import { type ChangedCopy, edit } from './edit-offering-copy.js';
import { PRODUCT_COPIES } from './offering-members.js';

const CONFIGURATIONS = 'data.attributes.feature_configurations';

/**
 * A 2025 plan's attributes after an update: its other fields as any partial update changes them, its
 * configurations feature by feature (`null` for the whole map clears them all), checked against the offering's
 * features as they are now.
 */
const changedPlan = (
  offering: Offering,
  product: OfferingProduct,
  changes: { readonly feature_configurations?: PlanFeatureConfigurationChanges | null },
): E.Either<DomainError, OfferingProduct['attributes']> => {
  const { feature_configurations: configurationChanges, ...rest } = changes;
  const applied = applyChanges(product.attributes, rest);
  const attributes =
    configurationChanges === undefined
      ? applied
      : configurationChanges === null
        ? applyChanges(applied, { feature_configurations: null })
        : {
            ...applied,
            feature_configurations: withConfigurationChanges(applied.feature_configurations, configurationChanges),
          };
  const [first, ...others] = configurationProblems(
    offering.features,
    attributes.feature_configurations,
    CONFIGURATIONS,
  );
  return first === undefined ? E.right(attributes) : E.left(validationFailed([first, ...others]));
};

/** The product with its custom attributes changed key by key (`null`: all removed; absent: left as they are). */
const withCustomAttributes = (
  product: OfferingProduct,
  changes: CustomAttributeChanges | null | undefined,
): Parsed<OfferingProduct> => {
  if (changes === undefined) return E.right(product);
  const { customAttributes: _held, ...rest } = product;
  if (changes === null) return E.right(rest);
  return E.map((customAttributes: CustomAttributes) =>
    Object.keys(customAttributes).length === 0 ? rest : { ...rest, customAttributes },
  )(changedCustomAttributes(product.customAttributes, changes, 'data.attributes.custom_attributes'));
};

@injectable()
export class UpdateOfferingProduct {
  constructor(
    @inject(TOKENS.OfferingRepository) private readonly offerings: OfferingRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
  ) {}

  /**
   * `productId` is the offering's product's id; `null` clears an optional attribute. In 2025 the product is a
   * plan (`subscription_offering_plan`), which configures the offering's features; 2024's update leaves its
   * configurations as they are.
   */
  async execute(
    storeId: Uuid,
    id: string,
    productId: string,
    data: unknown,
    generation: SubscriptionsGeneration = '2024',
  ): Promise<E.Either<DomainError, ChangedCopy<OfferingProduct['attributes']>>> {
    const ports = { offerings: this.offerings, clock: this.clock };
    if (generation === '2024')
      return edit(ports, PRODUCT_COPIES, parseOfferingProductChanges, storeId, id, productId, data);
    const changes = parseOfferingPlanChanges2025(data);
    const custom = parsePlanCustomAttributeChanges2025(data);
    const [first, ...rest] = [changes, custom].flatMap((p) => (E.isLeft(p) ? p.left : []));
    if (first !== undefined) return E.left(validationFailed([first, ...rest]));
    if (E.isLeft(changes) || E.isLeft(custom)) throw new Error('a refused part has its issues');
    const now = this.clock.now();
    const changed = await changeOffering(this.offerings, storeId, id, (o) => {
      const product = o.products.find((p) => p.id === productId);
      if (product === undefined) return E.left(notFound(OFFERING_PRODUCT_NOT_FOUND));
      return E.flatMap((attributes: OfferingProduct['attributes']) =>
        E.bimap(validationFailed, (held: OfferingProduct) => {
          const copy = { ...held, attributes, updatedAt: now };
          return nextVersion(o, { products: o.products.map((p) => (p.id === product.id ? copy : p)) }, now);
        })(withCustomAttributes(product, custom.right)),
      )(changedPlan(o, product, changes.right));
    });
    return E.flatMap((offering: Offering) => {
      const copy = offering.products.find((p) => p.id === productId);
      return copy === undefined ? E.left(notFound(OFFERING_PRODUCT_NOT_FOUND)) : E.right({ offering, copy });
    })(changed);
  }
}
