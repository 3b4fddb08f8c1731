import type * as E from 'fp-ts/lib/Either.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { Missing, ReferenceMissing } from '../storage-outcomes.js';

/**
 * Which proration policy each offering uses. The reference lives beside the offering, outside its versions:
 * EPCC applies a policy, and every change to it, to all subscriptions of the offering.
 */
export interface OfferingProrationRepository {
  /**
   * The offering uses the policy from now on, or none (`undefined`). `Missing` when the store has no such
   * offering, `ReferenceMissing` when it has no such policy, also when the policy is deleted at the same time:
   * an offering never refers to a deleted policy.
   */
  use(storeId: Uuid, offeringId: Uuid, policyId: Uuid | undefined): Promise<E.Either<Missing | ReferenceMissing, void>>;
  /** The policy the store's offering uses now; undefined when it uses none or the store has no such offering. */
  policyIdOf(storeId: Uuid, offeringId: Uuid): Promise<Uuid | undefined>;
}
