import * as E from 'fp-ts/lib/Either.js';
import type { FilterRules } from '../../../domain/query/filter.js';
import { parseListQuery } from '../../../domain/query/list-query.js';
import type { PageRequest } from '../../../domain/query/page.js';
import type { QueryParams } from '../../../domain/query/query-params.js';
import { validationFailed, type DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { Parsed } from '../../../domain/shared/validation.js';
import type { CatalogueFilterField, CatalogueQuery } from '../../ports/catalogue-repository.js';
import type { ListedPage } from '../../ports/listed-page.js';
import type { StoreRepository } from '../../ports/store-repository.js';
import { requireStore } from '../store-lookup.js';

/** Products, plans and offerings are filtered on their external reference. */
export const CATALOGUE_FILTERS: FilterRules<CatalogueFilterField> = { external_ref: ['eq', 'in'] };

export const parseCatalogueQuery = (params: QueryParams, defaultLimit: number): Parsed<CatalogueQuery> =>
  parseListQuery(params, { filter: CATALOGUE_FILTERS, include: [], defaultLimit });

/** A catalogue list: the query read with the store's page length, then one page of `list`. */
export const listCatalogue = async <A>(
  stores: StoreRepository,
  storeId: Uuid,
  params: QueryParams,
  list: (query: CatalogueQuery) => Promise<ListedPage<A>>,
): Promise<E.Either<DomainError, ListedPage<A> & { readonly page: PageRequest }>> => {
  const store = await requireStore(stores, storeId);
  if (E.isLeft(store)) return store;
  const query = parseCatalogueQuery(params, store.right.pageLength);
  if (E.isLeft(query)) return E.left(validationFailed(query.left));
  return E.right({ ...(await list(query.right)), page: query.right.page });
};
