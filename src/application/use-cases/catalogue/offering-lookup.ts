import * as E from 'fp-ts/lib/Either.js';
import { OFFERING_NOT_FOUND, type Offering } from '../../../domain/catalogue/offering.js';
import { type DomainError, notFound } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import type { OfferingRepository } from '../../ports/catalogue/offering-repository.js';

/** The store's offering with this untrusted id; any other id is not found. */
export const findOffering = async (
  offerings: OfferingRepository,
  storeId: Uuid,
  id: string,
): Promise<E.Either<DomainError, Offering>> => {
  const offeringId = parseUuid(id);
  const found = offeringId === undefined ? undefined : await offerings.findById(storeId, offeringId);
  return found === undefined ? E.left(notFound(OFFERING_NOT_FOUND)) : E.right(found);
};

/** The originals among `ids`, in the order asked for, or a not-found naming every id the store does not have. */
export const findOriginals = async <A extends { readonly id: Uuid }>(
  find: (ids: readonly Uuid[]) => Promise<readonly A[]>,
  ids: readonly Uuid[],
  what: string,
): Promise<E.Either<DomainError, readonly A[]>> => {
  const found = await find(ids);
  const missing = ids.filter((id) => !found.some((f) => f.id === id));
  if (missing.length > 0) return E.left(notFound(`${what}: ${missing.join(', ')}`));
  return E.right(ids.flatMap((id) => found.filter((f) => f.id === id)));
};

export const PRODUCTS_NOT_FOUND = 'subscription products not found';
export const PLANS_NOT_FOUND = 'subscription plans not found';
