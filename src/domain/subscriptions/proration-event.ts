import type { Uuid } from '../shared/uuid.js';

/**
 * EPCC's `ProrationEvent`: what one plan switch in the middle of an invoiced period comes to, kept on the
 * subscription until the next invoice charges it. `billingCostBeforeProration` is the old plan's price of
 * the prorated period, so that the period cost `billing_cost_before_proration − refunded + new_plan_cost`
 * once prorated; the next invoice adds `newPlanCost − refundedAmountForUnusedPlan` to its own period.
 */
export interface ProrationEvent {
  readonly prorationPolicyId: Uuid;
  readonly billingCostBeforeProration: number;
  readonly refundedAmountForUnusedPlan: number;
  readonly newPlanCost: number;
  readonly proratedAt: Date;
  /** The end of the period it prorated. */
  readonly proratedUntil: Date;
  /**
   * The days left of the period, rounded as the policy says: the days refunded and the days charged. A
   * later switch in the same period refunds `newPlanCost` pro rata over them.
   */
  readonly days: number;
  /** The plans' names and whether their prices include tax, for the invoice's lines. */
  readonly from: ProratedPlan;
  readonly to: ProratedPlan;
}

export interface ProratedPlan {
  /** Absent on switches stored before it was kept: the plan is then known by name only. */
  readonly planId?: Uuid;
  readonly name: string;
  readonly includesTax: boolean;
}
