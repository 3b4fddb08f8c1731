import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { InMemoryState } from '../in-memory-state.js';

/** The policy of each offering that uses one; an entry of a deleted offering refers to nothing. */
export const prorationPolicyOf = (state: InMemoryState, offeringId: Uuid): Uuid | undefined =>
  state.offerings.has(offeringId) ? state.offeringProrationPolicies.get(offeringId) : undefined;

/** Whether an offering uses the policy: such a policy is not deleted. */
export const usedByAnOffering = (state: InMemoryState, policyId: Uuid): boolean =>
  [...state.offeringProrationPolicies].some(
    ([offeringId, used]) => used === policyId && state.offerings.has(offeringId),
  );
