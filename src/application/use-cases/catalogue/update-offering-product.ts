import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import {
  type CustomAttributeChanges,
  type CustomAttributes,
  changedCustomAttributes,
} from '../../../domain/catalogue/custom-attributes.js';
import type { OfferingProduct } from '../../../domain/catalogue/offering.js';
import { parseOfferingProductChanges } from '../../../domain/catalogue/offering-copy-input.js';
import {
  parseOfferingPlanChanges2025,
  parsePlanCustomAttributeChanges2025,
  unstoredInPlanData,
} from '../../../domain/catalogue/offering-input-2025.js';
import type { SubscriptionsGeneration } from '../../../domain/settings/subscriptions-generation.js';
import { type DomainError, validationFailed } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { Parsed } from '../../../domain/shared/validation.js';
import type { OfferingRepository } from '../../ports/catalogue/offering-repository.js';
import type { Clock } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { type ChangedCopy, edit } from './edit-offering-copy.js';
import { PRODUCT_COPIES } from './offering-members.js';

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
   * `productId` is the offering's product's id; `null` clears an optional attribute. In 2025 the product is
   * a plan (`subscription_offering_plan`), whose feature configurations are refused: they are not stored yet.
   */
  async execute(
    storeId: Uuid,
    id: string,
    productId: string,
    data: unknown,
    generation: SubscriptionsGeneration = '2024',
  ): Promise<E.Either<DomainError, ChangedCopy<OfferingProduct['attributes']>>> {
    const refused = generation === '2025' ? unstoredInPlanData(data) : undefined;
    if (refused !== undefined) return E.left(refused);
    const custom = generation === '2025' ? parsePlanCustomAttributeChanges2025(data) : E.right(undefined);
    if (E.isLeft(custom)) return E.left(validationFailed(custom.left));
    return edit(
      { offerings: this.offerings, clock: this.clock },
      PRODUCT_COPIES,
      generation === '2025' ? parseOfferingPlanChanges2025 : parseOfferingProductChanges,
      storeId,
      id,
      productId,
      data,
      (product: OfferingProduct) => withCustomAttributes(product, custom.right),
    );
  }
}
