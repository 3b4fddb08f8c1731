import * as E from 'fp-ts/lib/Either.js';
import { nextVersion, OFFERING_NOT_FOUND, type OfferingItem } from '../../../domain/catalogue/offering.js';
import { OFFERING_EVENTS } from '../../../domain/catalogue/offering-events.js';
import type { MadeItem } from '../../../domain/catalogue/offering-input.js';
import { type DomainError, notFound, validationFailed } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import type { Parsed } from '../../../domain/shared/validation.js';
import type { OfferingRepository } from '../../ports/catalogue/offering-repository.js';
import type { Clock, IdGenerator } from '../../ports/system.js';
import type { ChangedCopy } from './edit-offering-copy.js';
import type { OfferingMember } from './offering-members.js';

/** What a request makes inside an offering: the item's content, or why it is refused (invalid, or not stored yet). */
export type ItemReader<A> = (data: unknown) => E.Either<DomainError, MadeItem<A>>;

/**
 * Makes a product or plan inside the offering, with no original to copy (EPCC's 2025 generation creates
 * plans and pricing options this way), in a new version of the offering; existing subscriptions keep theirs.
 */
export const makeInOffering = async <A>(
  ports: { readonly offerings: OfferingRepository; readonly clock: Clock; readonly ids: IdGenerator },
  member: OfferingMember<A>,
  read: ItemReader<A>,
  storeId: Uuid,
  id: string,
  data: unknown,
): Promise<E.Either<DomainError, ChangedCopy<A>>> => {
  const offeringId = parseUuid(id);
  if (offeringId === undefined) return E.left(notFound(OFFERING_NOT_FOUND));
  const attributes = read(data);
  if (E.isLeft(attributes)) return attributes;
  const now = ports.clock.now();
  const item: OfferingItem<A> = { ...attributes.right, id: ports.ids.uuid(), createdAt: now, updatedAt: now };
  const updated = await ports.offerings.update(
    storeId,
    offeringId,
    (o) => nextVersion(o, member.hold([...member.held(o), item]), now),
    (o) => [OFFERING_EVENTS.updated(o)],
  );
  if (E.isLeft(updated)) {
    if (updated.left._tag === 'Missing') return E.left(notFound(OFFERING_NOT_FOUND));
    throw new Error('an item without an original was refused for a missing original');
  }
  return E.right({ offering: updated.right, copy: item });
};

/** A domain parser of an item's content as an `ItemReader`: what it finds wrong is a validation failure. */
export const parsed =
  <A>(parse: (data: unknown) => Parsed<MadeItem<A>>): ItemReader<A> =>
  (data) =>
    E.mapLeft(validationFailed)(parse(data));

/** A domain parser of attributes alone as an `ItemReader`. */
export const parsedAttributes = <A>(parse: (data: unknown) => Parsed<A>): ItemReader<A> =>
  parsed((data) => E.map((attributes: A) => ({ attributes }))(parse(data)));
