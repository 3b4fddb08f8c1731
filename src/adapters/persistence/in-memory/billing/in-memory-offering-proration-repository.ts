import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { OfferingProrationRepository } from '../../../../application/ports/billing/offering-proration-repository.js';
import {
  type Missing,
  missing,
  type ReferenceMissing,
  referenceMissing,
} from '../../../../application/ports/storage-outcomes.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { InMemoryState } from '../in-memory-state.js';
import { IN_MEMORY } from '../in-memory-tokens.js';
import { prorationPolicyOf } from './offering-proration-policies.js';

@injectable()
export class InMemoryOfferingProrationRepository implements OfferingProrationRepository {
  constructor(@inject(IN_MEMORY.State) private readonly state: InMemoryState) {}

  async use(
    storeId: Uuid,
    offeringId: Uuid,
    policyId: Uuid | undefined,
  ): Promise<E.Either<Missing | ReferenceMissing, void>> {
    if (this.state.offerings.get(offeringId)?.storeId !== storeId) return E.left(missing);
    if (policyId === undefined) {
      this.state.offeringProrationPolicies.delete(offeringId);
      return E.right(undefined);
    }
    if (this.state.prorationPolicies.get(policyId)?.storeId !== storeId) return E.left(referenceMissing);
    this.state.offeringProrationPolicies.set(offeringId, policyId);
    return E.right(undefined);
  }

  async policyIdOf(storeId: Uuid, offeringId: Uuid): Promise<Uuid | undefined> {
    return this.state.offerings.get(offeringId)?.storeId === storeId
      ? prorationPolicyOf(this.state, offeringId)
      : undefined;
  }
}
