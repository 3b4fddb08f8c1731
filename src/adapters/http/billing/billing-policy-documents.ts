import { DUNNING_RULE_TYPE, type DunningRule } from '../../../domain/billing/dunning/dunning-rule.js';
import { PRORATION_POLICY_TYPE, type ProrationPolicy } from '../../../domain/billing/proration/proration-policy.js';
import { storeRecordResource } from '../routes/store-record-resource.js';

export const prorationPolicyResource = (policy: ProrationPolicy) =>
  storeRecordResource(PRORATION_POLICY_TYPE, policy, policy.attributes);

/** `default` is always written, `false` for a rule that was never made the default. */
export const dunningRuleResource = (rule: DunningRule) =>
  storeRecordResource(DUNNING_RULE_TYPE, rule, { ...rule.attributes, default: rule.attributes.default ?? false });
