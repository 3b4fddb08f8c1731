import type { FilterRules } from '../query/filter.js';
import type { ListQuery, ListRules } from '../query/list-query.js';

/** Products, plans and offerings are filtered on their external reference, and embed nothing. */
const CATALOGUE_FILTERS = { external_ref: ['eq', 'in'] } as const satisfies FilterRules<string>;
export type CatalogueFilterField = keyof typeof CATALOGUE_FILTERS;

export const CATALOGUE_LIST: ListRules<CatalogueFilterField> = { filter: CATALOGUE_FILTERS, include: [] };
export type CatalogueQuery = ListQuery<CatalogueFilterField>;
