import * as E from 'fp-ts/lib/Either.js';
import type { Offering, OfferingItem } from '../../../domain/catalogue/offering.js';
import { type Page, pageOfAll } from '../../../domain/query/page.js';
import type { QueryParams } from '../../../domain/query/query-params.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { OfferingRepository } from '../../ports/catalogue/offering-repository.js';
import type { StoreRepository } from '../../ports/stores/store-repository.js';
import { listPage } from '../list-page.js';
import { findOffering } from './offering-lookup.js';

/** A page of an offering's copies, with the offering they belong to (a plan's price depends on its products). */
export type OfferingCopies<A> = Page<A> & { readonly offering: Offering };

/** An offering holds few copies, so they are paged in memory, in the order they were attached, and counted exactly. */
export const listCopies = async <A>(
  ports: { readonly offerings: OfferingRepository; readonly stores: StoreRepository },
  copies: (o: Offering) => readonly OfferingItem<A>[],
  storeId: Uuid,
  id: string,
  params: QueryParams,
): Promise<E.Either<DomainError, OfferingCopies<OfferingItem<A>>>> => {
  const offering = await findOffering(ports.offerings, storeId, id);
  if (E.isLeft(offering)) return offering;
  const all = copies(offering.right);
  return listPage(ports.stores, storeId, params, {}, async ({ page }) => ({
    ...pageOfAll(all, page),
    offering: offering.right,
  }));
};
