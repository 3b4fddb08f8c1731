import { PLANS } from '../../../domain/catalogue/plan.js';
import { TOKENS } from '../../tokens.js';
import { recordUseCases } from '../record-use-cases.js';
import { catalogueRecordBodies } from './catalogue-records.js';

/** A store's subscription plans: EPCC's catalogue records that offerings copy. */
const PLANS_USE_CASES = recordUseCases(catalogueRecordBodies(PLANS), TOKENS.PlanRepository);

export const CreateSubscriptionPlan = PLANS_USE_CASES.Create;
export type CreateSubscriptionPlan = InstanceType<typeof CreateSubscriptionPlan>;
export const GetSubscriptionPlan = PLANS_USE_CASES.Get;
export type GetSubscriptionPlan = InstanceType<typeof GetSubscriptionPlan>;
export const ListSubscriptionPlans = PLANS_USE_CASES.List;
export type ListSubscriptionPlans = InstanceType<typeof ListSubscriptionPlans>;
export const UpdateSubscriptionPlan = PLANS_USE_CASES.Update;
export type UpdateSubscriptionPlan = InstanceType<typeof UpdateSubscriptionPlan>;
export const DeleteSubscriptionPlan = PLANS_USE_CASES.Delete;
export type DeleteSubscriptionPlan = InstanceType<typeof DeleteSubscriptionPlan>;
