import {
  DUNNING_RULES,
  type DunningRuleAttributes,
  type DunningRuleChanges,
} from '../../../domain/billing/dunning/dunning-rule.js';
import { TOKENS } from '../../tokens.js';
import { recordUseCases } from '../record-use-cases.js';
import { storeRecordBodies } from '../store-records.js';

/** A store's dunning rules; one of them at most is the store's default. */
const DUNNING_RULE_USE_CASES = recordUseCases(
  storeRecordBodies<DunningRuleAttributes, DunningRuleChanges>({ kind: DUNNING_RULES, takenCode: 'default_taken' }),
  TOKENS.DunningRuleRepository,
);

export const CreateDunningRule = DUNNING_RULE_USE_CASES.Create;
export type CreateDunningRule = InstanceType<typeof CreateDunningRule>;
export const GetDunningRule = DUNNING_RULE_USE_CASES.Get;
export type GetDunningRule = InstanceType<typeof GetDunningRule>;
export const ListDunningRules = DUNNING_RULE_USE_CASES.List;
export type ListDunningRules = InstanceType<typeof ListDunningRules>;
export const UpdateDunningRule = DUNNING_RULE_USE_CASES.Update;
export type UpdateDunningRule = InstanceType<typeof UpdateDunningRule>;
export const DeleteDunningRule = DUNNING_RULE_USE_CASES.Delete;
export type DeleteDunningRule = InstanceType<typeof DeleteDunningRule>;
