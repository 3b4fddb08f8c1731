import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { parseProrationPolicyReference } from '../../../domain/billing/proration/offering-proration.js';
import { PRORATION_POLICIES } from '../../../domain/billing/proration/proration-policy.js';
import { OFFERING_NOT_FOUND } from '../../../domain/catalogue/offering.js';
import { type DomainError, notFound, validationFailed } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import type { OfferingProrationRepository } from '../../ports/billing/offering-proration-repository.js';
import { TOKENS } from '../../tokens.js';

/** The policy an offering uses after the change: its id, or undefined when it uses none. */
export type OfferingProration = Uuid | undefined;

/**
 * EPCC's "Manage prorations on an offering": attaching a policy enables proration for the offering's
 * subscriptions, `null` removes it. A policy of another store is not found, as every other store's record.
 */
@injectable()
export class SetOfferingProrationPolicy {
  constructor(@inject(TOKENS.OfferingProrationRepository) private readonly offerings: OfferingProrationRepository) {}

  async execute(storeId: Uuid, offeringId: string, data: unknown): Promise<E.Either<DomainError, OfferingProration>> {
    const id = parseUuid(offeringId);
    if (id === undefined) return E.left(notFound(OFFERING_NOT_FOUND));
    const policy = parseProrationPolicyReference(data);
    if (E.isLeft(policy)) return E.left(validationFailed(policy.left));
    const used = await this.offerings.use(storeId, id, policy.right ?? undefined);
    if (E.isRight(used)) return E.right(policy.right ?? undefined);
    return E.left(notFound(used.left._tag === 'Missing' ? OFFERING_NOT_FOUND : PRORATION_POLICIES.notFound));
  }
}
