import { DEFAULT_MARK } from '../../../domain/billing/dunning/dunning-rule.js';
import { type RetryPolicy, retryPolicyOf } from '../../../domain/billing/dunning/payment-retry.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { DunningRuleRepository } from '../../ports/store-record-repository.js';

/** The store's retry policy: its default dunning rule, else EPCC's default. */
export const retryPolicyOfStore = async (rules: DunningRuleRepository, storeId: Uuid): Promise<RetryPolicy> =>
  retryPolicyOf((await rules.findByExclusiveValue(storeId, DEFAULT_MARK))?.attributes);
