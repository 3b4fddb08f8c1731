import type { ListQuery, ListRules } from '../query/list-query.js';

/** Application keys are listed whole: no filter, nothing to include. */
export const APPLICATION_KEY_LIST: ListRules = {};
export type ApplicationKeyQuery = ListQuery;
