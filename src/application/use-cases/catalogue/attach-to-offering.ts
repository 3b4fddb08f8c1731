import * as E from 'fp-ts/lib/Either.js';
import { lostOn2024Wire } from '../../../domain/catalogue/eligibility.js';
import {
  nextVersion,
  OFFERING_NOT_FOUND,
  type Offering,
  type OfferingItem,
  withCopies,
} from '../../../domain/catalogue/offering.js';
import { OFFERING_EVENTS } from '../../../domain/catalogue/offering-events.js';
import { parseAttachment } from '../../../domain/catalogue/offering-input.js';
import { conflict, type DomainError, notFound, validationFailed } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import type { OfferingRepository } from '../../ports/catalogue/offering-repository.js';
import type { Clock, IdGenerator } from '../../ports/system.js';
import { findOriginals } from './offering-lookup.js';

/** Which member of an offering an attach fills, and where its originals come from. */
interface Member<A> {
  readonly name: 'products' | 'plans';
  readonly find: (ids: readonly Uuid[]) => Promise<readonly { readonly id: Uuid; readonly attributes: A }[]>;
  readonly missing: string;
  readonly held: (o: Offering) => readonly OfferingItem<A>[];
  readonly hold: (o: Offering, items: readonly OfferingItem<A>[]) => Offering;
}

/**
 * Copies originals into the offering and returns the offering as stored. An original it already holds a
 * copy of is not copied again, and a new version is made only when something was copied.
 */
export const attach = async <A>(
  ports: { readonly offerings: OfferingRepository; readonly clock: Clock; readonly ids: IdGenerator },
  member: Member<A>,
  storeId: Uuid,
  id: string,
  data: unknown,
): Promise<E.Either<DomainError, Offering>> => {
  const offeringId = parseUuid(id);
  if (offeringId === undefined) return E.left(notFound(OFFERING_NOT_FOUND));
  const ids = parseAttachment(data, member.name);
  if (E.isLeft(ids)) return E.left(validationFailed(ids.left));
  const offering = await ports.offerings.findById(storeId, offeringId);
  if (offering === undefined) return E.left(notFound(OFFERING_NOT_FOUND));
  const lost = lostOn2024Wire(offering, 'attach');
  if (lost !== undefined) return E.left(conflict(lost, 'generation_mismatch'));
  const found = await findOriginals(member.find, ids.right, member.missing);
  if (E.isLeft(found)) return found;
  const now = ports.clock.now();
  const updated = await ports.offerings.update(
    storeId,
    offeringId,
    (o) => {
      const items = withCopies(member.held(o), found.right, () => ports.ids.uuid(), now);
      return items.length === member.held(o).length ? o : nextVersion(member.hold(o, items), {}, now);
    },
    (o) => [OFFERING_EVENTS.updated(o)],
  );
  if (E.isRight(updated)) return updated;
  return E.left(
    notFound(
      updated.left._tag === 'Missing'
        ? OFFERING_NOT_FOUND
        : 'a product or plan was deleted while it was being attached',
    ),
  );
};
