import * as E from 'fp-ts/lib/Either.js';
import {
  nextVersion,
  OFFERING_NOT_FOUND,
  type Offering,
  type OfferingItem,
  withCopyChanged,
} from '../../../domain/catalogue/offering.js';
import { OFFERING_EVENTS } from '../../../domain/catalogue/offering-events.js';
import { type DomainError, notFound, validationFailed } from '../../../domain/shared/errors.js';
import { applyChanges } from '../../../domain/shared/record-parser.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import type { Parsed } from '../../../domain/shared/validation.js';
import type { OfferingRepository } from '../../ports/catalogue/offering-repository.js';
import type { Clock } from '../../ports/system.js';
import type { OfferingMember } from './offering-members.js';

/** The changed copy, and the offering's new version it belongs to (a plan's price depends on its products). */
export interface ChangedCopy<A> {
  readonly offering: Offering;
  readonly copy: OfferingItem<A>;
}

/**
 * A partial update of one copy inside the offering, making a new version: the original and the subscriptions
 * made from earlier versions are left as they are.
 */
export const edit = async <A extends object, C extends object>(
  ports: { readonly offerings: OfferingRepository; readonly clock: Clock },
  member: OfferingMember<A>,
  parseChanges: (data: unknown) => Parsed<C>,
  storeId: Uuid,
  id: string,
  copyId: string,
  data: unknown,
  /** A change of the item beyond its attributes (a 2025 plan's custom attributes), decided on the item as stored. */
  alsoChange: (item: OfferingItem<A>) => Parsed<OfferingItem<A>> = E.right,
): Promise<E.Either<DomainError, ChangedCopy<A>>> => {
  const offeringId = parseUuid(id);
  if (offeringId === undefined) return E.left(notFound(OFFERING_NOT_FOUND));
  const changes = parseChanges(data);
  if (E.isLeft(changes)) return E.left(validationFailed(changes.left));
  const itemId = parseUuid(copyId);
  if (itemId === undefined) return E.left(notFound(member.notFound));
  const now = ports.clock.now();
  let refused: DomainError | undefined;
  const updated = await ports.offerings.update(
    storeId,
    offeringId,
    (o) => {
      const items = withCopyChanged(
        member.held(o),
        itemId,
        (attributes) => applyChanges(attributes, changes.right),
        now,
      );
      const item = items?.find((i) => i.id === itemId);
      const changed = item === undefined ? undefined : alsoChange(item);
      if (items === undefined || changed === undefined) return o;
      if (E.isLeft(changed)) {
        refused = validationFailed(changed.left);
        return o;
      }
      return nextVersion(o, member.hold(items.map((i) => (i.id === itemId ? changed.right : i))), now);
    },
    (o) => (refused === undefined ? [OFFERING_EVENTS.updated(o)] : []),
  );
  if (E.isLeft(updated)) {
    if (updated.left._tag === 'Missing') return E.left(notFound(OFFERING_NOT_FOUND));
    throw new Error('changing a copy was refused for a missing original');
  }
  if (refused !== undefined) return E.left(refused);
  const copy = member.held(updated.right).find((item) => item.id === itemId);
  return copy === undefined ? E.left(notFound(member.notFound)) : E.right({ offering: updated.right, copy });
};
