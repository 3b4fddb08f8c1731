import type { Uuid } from '../../../domain/shared/uuid.js';
import { retryPolicyOf, type RetryPolicy } from '../../../domain/billing/payment-retry.js';
import { DEFAULT_MARK } from '../../../domain/billing/dunning-rule.js';
import type { DunningRuleRepository } from '../../ports/store-record-repository.js';

/** The store's retry policy: its default dunning rule, else EPCC's default. */
export const retryPolicyOfStore = async (rules: DunningRuleRepository, storeId: Uuid): Promise<RetryPolicy> =>
  retryPolicyOf((await rules.findByExclusiveValue(storeId, DEFAULT_MARK))?.attributes);
