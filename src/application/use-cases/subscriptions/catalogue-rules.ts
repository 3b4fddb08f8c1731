import type { FilterRules } from '../../../domain/query/filter.js';
import { parseListQuery } from '../../../domain/query/list-query.js';
import type { QueryParams } from '../../../domain/query/query-params.js';
import type { CatalogueFilterField, CatalogueQuery } from '../../ports/catalogue-repository.js';
import type { Parsed } from '../../../domain/shared/validation.js';

/** Products, plans and offerings are filtered on their external reference. */
export const CATALOGUE_FILTERS: FilterRules<CatalogueFilterField> = { external_ref: ['eq', 'in'] };

export const parseCatalogueQuery = (params: QueryParams, defaultLimit: number): Parsed<CatalogueQuery> =>
  parseListQuery(params, { filter: CATALOGUE_FILTERS, include: [], defaultLimit });
