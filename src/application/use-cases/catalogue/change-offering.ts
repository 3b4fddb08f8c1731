import * as E from 'fp-ts/lib/Either.js';
import { OFFERING_NOT_FOUND, type Offering } from '../../../domain/catalogue/offering.js';
import { OFFERING_EVENTS } from '../../../domain/catalogue/offering-events.js';
import { type DomainError, notFound } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import type { OfferingRepository } from '../../ports/catalogue/offering-repository.js';

/**
 * Changes the offering under its lock, where `change` may refuse, having seen the offering as it is (a plan's
 * configuration checked against the features the offering holds at that moment). A refusal stores nothing.
 */
export const changeOffering = async (
  offerings: OfferingRepository,
  storeId: Uuid,
  id: string,
  change: (current: Offering) => E.Either<DomainError, Offering>,
): Promise<E.Either<DomainError, Offering>> => {
  const offeringId = parseUuid(id);
  if (offeringId === undefined) return E.left(notFound(OFFERING_NOT_FOUND));
  let refused: DomainError | undefined;
  const updated = await offerings.update(
    storeId,
    offeringId,
    (current) => {
      const next = change(current);
      if (E.isRight(next)) return next.right;
      refused = next.left;
      return current;
    },
    (o) => (refused === undefined ? [OFFERING_EVENTS.updated(o)] : []),
  );
  if (refused !== undefined) return E.left(refused);
  if (E.isLeft(updated)) {
    if (updated.left._tag === 'Missing') return E.left(notFound(OFFERING_NOT_FOUND));
    throw new Error('an offering change was refused for a missing original');
  }
  return E.right(updated.right);
};
