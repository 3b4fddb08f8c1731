import * as E from 'fp-ts/lib/Either.js';
import { parseListQuery } from '../../../domain/query/list-query.js';
import { PAGE_LIMIT_MAX, PAGE_OFFSET_MAX } from '../../../domain/query/page.js';
import { queryParams } from '../../../domain/query/query-params.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { retryPolicyOf, type RetryPolicy } from '../../../domain/billing/payment-retry.js';
import type { DunningRuleRepository } from '../../ports/billing-policy-repository.js';

/** The store's retry policy: its default dunning rule (a store keeps few rules, read a page at a time), else EPCC's default. */
export const retryPolicyOfStore = async (rules: DunningRuleRepository, storeId: Uuid): Promise<RetryPolicy> => {
  for (let offset = 0; offset <= PAGE_OFFSET_MAX; offset += PAGE_LIMIT_MAX) {
    const query = parseListQuery(queryParams([['page[offset]', String(offset)], ['page[limit]', String(PAGE_LIMIT_MAX)]]), { defaultLimit: PAGE_LIMIT_MAX });
    if (E.isLeft(query)) throw new Error('the dunning rule page query is out of range');
    const page = await rules.list(storeId, query.right);
    const found = page.items.find((rule) => rule.attributes.default === true);
    if (found !== undefined) return retryPolicyOf(found.attributes);
    if (page.items.length < PAGE_LIMIT_MAX) break;
  }
  return retryPolicyOf(undefined);
};
