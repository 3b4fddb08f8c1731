import * as E from 'fp-ts/lib/Either.js';
import { nextVersion, OFFERING_NOT_FOUND, withoutCopy } from '../../../domain/catalogue/offering.js';
import { OFFERING_EVENTS } from '../../../domain/catalogue/offering-events.js';
import { type DomainError, notFound } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import type { OfferingRepository } from '../../ports/catalogue/offering-repository.js';
import type { Clock } from '../../ports/system.js';
import type { OfferingMember } from './offering-members.js';

/**
 * Removes one copy from the offering, making a new version: subscriptions keep the version they were made
 * from. Once no offering holds a copy of an original any more, the original can be deleted.
 */
export const detach = async <A>(
  ports: { readonly offerings: OfferingRepository; readonly clock: Clock },
  member: OfferingMember<A>,
  storeId: Uuid,
  id: string,
  copyId: string,
): Promise<E.Either<DomainError, void>> => {
  const offeringId = parseUuid(id);
  if (offeringId === undefined) return E.left(notFound(OFFERING_NOT_FOUND));
  const itemId = parseUuid(copyId);
  let held = itemId !== undefined;
  const now = ports.clock.now();
  const updated = await ports.offerings.update(
    storeId,
    offeringId,
    (o) => {
      const items = itemId === undefined ? undefined : withoutCopy(member.held(o), itemId);
      held = items !== undefined;
      return items === undefined ? o : nextVersion(o, member.hold(items), now);
    },
    (o) => [OFFERING_EVENTS.updated(o)],
  );
  if (E.isLeft(updated)) {
    if (updated.left._tag === 'Missing') return E.left(notFound(OFFERING_NOT_FOUND));
    throw new Error('removing a copy was refused for a missing original');
  }
  return held ? E.right(undefined) : E.left(notFound(member.notFound));
};
