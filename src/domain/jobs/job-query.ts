import type { FilterRules } from '../query/filter.js';
import type { ListQuery, ListRules } from '../query/list-query.js';

/** EPCC filters jobs on `eq(external_ref, ...)` only. */
const JOB_FILTERS = { external_ref: ['eq'] } as const satisfies FilterRules<string>;
export type JobFilterField = keyof typeof JOB_FILTERS;

export const JOB_LIST: ListRules<JobFilterField> = { filter: JOB_FILTERS, include: [] };
export type JobQuery = ListQuery<JobFilterField>;
