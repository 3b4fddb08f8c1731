import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { plansOfProduct, withAssociations } from '../../../domain/catalogue/eligibility.js';
import { nextVersion, OFFERING_NOT_FOUND, type OfferingPlan } from '../../../domain/catalogue/offering.js';
import { OFFERING_PLAN_NOT_FOUND } from '../../../domain/catalogue/offering-copy-input.js';
import { OFFERING_EVENTS } from '../../../domain/catalogue/offering-events.js';
import { parsePricingOptionRelationships } from '../../../domain/catalogue/offering-input-2025.js';
import { type DomainError, notFound, validationFailed } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import type { OfferingRepository } from '../../ports/catalogue/offering-repository.js';
import type { Clock } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';

/**
 * EPCC 2025's `AddOfferingPlanPricingOptions` and `RemoveOfferingPlanPricingOptions`: which of the offering's
 * plans (2025: pricing options) one of its products (2025: a plan) may be bought under, in a new version of
 * the offering; subscriptions keep the version they were made from. Answers the plans it may be bought under now.
 */
@injectable()
export class AssociateOfferingPlans {
  constructor(
    @inject(TOKENS.OfferingRepository) private readonly offerings: OfferingRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
  ) {}

  async execute(
    storeId: Uuid,
    id: string,
    productId: string,
    data: readonly unknown[],
    change: 'add' | 'remove',
  ): Promise<E.Either<DomainError, readonly OfferingPlan[]>> {
    const offeringId = parseUuid(id);
    if (offeringId === undefined) return E.left(notFound(OFFERING_NOT_FOUND));
    const product = parseUuid(productId);
    let refusal: DomainError | undefined = product === undefined ? notFound(OFFERING_PLAN_NOT_FOUND) : undefined;
    let before: number | undefined;
    const now = this.clock.now();
    const updated = await this.offerings.update(
      storeId,
      offeringId,
      (o) => {
        before = o.version;
        if (product === undefined || !o.products.some((p) => p.id === product)) {
          refusal = notFound(OFFERING_PLAN_NOT_FOUND);
          return o;
        }
        const plans = parsePricingOptionRelationships(
          data,
          o.plans.map((p) => p.id),
        );
        if (E.isLeft(plans)) {
          refusal = validationFailed(plans.left);
          return o;
        }
        const eligibility = withAssociations(o, product, plans.right, change);
        // Asking for what is already so makes no new version.
        return JSON.stringify(eligibility) === JSON.stringify(o.eligibility) ? o : nextVersion(o, { eligibility }, now);
      },
      // Only a new version is news: a refusal or a change to what already was stores none.
      (o) => (o.version === before ? [] : [OFFERING_EVENTS.updated(o)]),
    );
    if (E.isLeft(updated)) {
      if (updated.left._tag === 'Missing') return E.left(notFound(OFFERING_NOT_FOUND));
      throw new Error('an association was refused for a missing original');
    }
    if (refusal !== undefined || product === undefined) return E.left(refusal ?? notFound(OFFERING_PLAN_NOT_FOUND));
    return E.right(plansOfProduct(updated.right, product));
  }
}
