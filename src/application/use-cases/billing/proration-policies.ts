import {
  PRORATION_POLICIES,
  type ProrationPolicyAttributes,
  type ProrationPolicyChanges,
} from '../../../domain/billing/proration/proration-policy.js';
import { TOKENS } from '../../tokens.js';
import { recordUseCases } from '../record-use-cases.js';
import { storeRecordBodies } from '../store-records.js';

/** A store's proration policies; an external_ref is held by one policy of the store at most. */
const PRORATION_POLICY_USE_CASES = recordUseCases(
  storeRecordBodies<ProrationPolicyAttributes, ProrationPolicyChanges>({
    kind: PRORATION_POLICIES,
    takenCode: 'external_ref_taken',
  }),
  TOKENS.ProrationPolicyRepository,
);

export const CreateProrationPolicy = PRORATION_POLICY_USE_CASES.Create;
export type CreateProrationPolicy = InstanceType<typeof CreateProrationPolicy>;
export const GetProrationPolicy = PRORATION_POLICY_USE_CASES.Get;
export type GetProrationPolicy = InstanceType<typeof GetProrationPolicy>;
export const ListProrationPolicies = PRORATION_POLICY_USE_CASES.List;
export type ListProrationPolicies = InstanceType<typeof ListProrationPolicies>;
export const UpdateProrationPolicy = PRORATION_POLICY_USE_CASES.Update;
export type UpdateProrationPolicy = InstanceType<typeof UpdateProrationPolicy>;
export const DeleteProrationPolicy = PRORATION_POLICY_USE_CASES.Delete;
export type DeleteProrationPolicy = InstanceType<typeof DeleteProrationPolicy>;
