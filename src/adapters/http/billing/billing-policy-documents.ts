import { DUNNING_RULE_TYPE, type DunningRule } from '../../../domain/billing/dunning/dunning-rule.js';
import { PRORATION_POLICY_TYPE, type ProrationPolicy } from '../../../domain/billing/proration/proration-policy.js';
import type { StoreRecord } from '../../../domain/store-records/store-record.js';
import { formatTimestamp } from '../timestamps.js';

/** EPCC's shape for both: the attributes alone (no timestamps among them), and `meta` with the owner and the timestamps. */
const billingPolicyResource = <A extends object>(type: string, record: StoreRecord<A>, attributes: object) => ({
  id: record.id,
  type,
  attributes,
  meta: {
    owner: 'store',
    timestamps: { created_at: formatTimestamp(record.createdAt), updated_at: formatTimestamp(record.updatedAt) },
  },
});

export const prorationPolicyResource = (policy: ProrationPolicy) =>
  billingPolicyResource(PRORATION_POLICY_TYPE, policy, policy.attributes);

/** `default` is always written, `false` for a rule that was never made the default. */
export const dunningRuleResource = (rule: DunningRule) =>
  billingPolicyResource(DUNNING_RULE_TYPE, rule, { ...rule.attributes, default: rule.attributes.default ?? false });
