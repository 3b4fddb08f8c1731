import * as E from 'fp-ts/lib/Either.js';
import { parseInclude } from '../../../domain/query/include.js';
import { type QueryParams, singleParam } from '../../../domain/query/query-params.js';
import type { Parsed } from '../../../domain/shared/validation.js';
import { SUBSCRIPTION_INCLUDES_2025 } from './subscription-2025-documents.js';

const NAMES_2025 = Object.keys(SUBSCRIPTION_INCLUDES_2025) as (keyof typeof SUBSCRIPTION_INCLUDES_2025)[];

/**
 * A 2025 subscription query as the domain's list reads it: its `include` names (`plans`, `pricing_options`)
 * become the domain's (`products`, `plans`); an unknown one is refused with the 2025 names it may take.
 */
export const domainQueryOf2025 = (params: QueryParams): Parsed<QueryParams> =>
  E.map((names: ReadonlySet<keyof typeof SUBSCRIPTION_INCLUDES_2025>) => {
    const query = new Map(params);
    if (names.size === 0) query.delete('include');
    else query.set('include', [[...names].map((name) => SUBSCRIPTION_INCLUDES_2025[name]).join(',')]);
    return query as QueryParams;
  })(E.flatMap(singleParam(params, 'include'), (raw) => parseInclude(raw, NAMES_2025)));
