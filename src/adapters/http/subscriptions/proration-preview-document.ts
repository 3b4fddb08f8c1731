import type { ProrationPreview } from '../../../domain/billing/proration/proration-preview.js';
import { AMOUNT_MAX } from '../../../domain/shared/money.js';
import {
  PRORATION_PREVIEW_TRIGGERS,
  PRORATION_PREVIEW_TYPE,
} from '../../../domain/subscriptions/subscription-input-2025.js';
import { currency } from '../catalogue/subscription-catalogue-schemas.js';
import type { Schema } from '../openapi/openapi-types.js';
import { closedObject, constant, integer, timestamp, uuid } from '../openapi/schema-builders.js';
import { formatTimestamp } from '../timestamps.js';

/**
 * EPCC 2026-10's preview answer, and our extension `meta.proration`: the figures of the proration the switch
 * would add, named as an invoice's `meta.proration_events` names them, so that a merchant (or the console)
 * weighs the credit and the charge before confirming without computing either. `net_amount` is what the next
 * invoice would add to its own period; below zero, the credit it carries.
 */
export const prorationPreviewResource = (outcome: ProrationPreview) => ({
  data: {
    type: PRORATION_PREVIEW_TYPE,
    attributes: {
      trigger: PRORATION_PREVIEW_TRIGGERS[0],
      would_prorate: outcome.wouldProrate,
      rejection_reason: outcome.rejection,
    },
    ...(outcome.proration === undefined
      ? {}
      : {
          meta: {
            proration: {
              currency: outcome.proration.currency,
              proration_policy_id: outcome.proration.event.prorationPolicyId,
              billing_cost_before_proration: outcome.proration.event.billingCostBeforeProration,
              refunded_amount_for_unused_plan: outcome.proration.event.refundedAmountForUnusedPlan,
              new_plan_cost: outcome.proration.event.newPlanCost,
              net_amount: outcome.proration.event.newPlanCost - outcome.proration.event.refundedAmountForUnusedPlan,
              days: outcome.proration.event.days,
              prorated_at: formatTimestamp(outcome.proration.event.proratedAt),
              prorated_until: formatTimestamp(outcome.proration.event.proratedUntil),
            },
          },
        }),
  },
});

const amount = (description: string): Schema => ({ ...integer(0, AMOUNT_MAX), description });

export const PRORATION_PREVIEW_SCHEMA: Schema = closedObject(
  {
    type: constant(PRORATION_PREVIEW_TYPE),
    attributes: closedObject({
      trigger: { type: 'string', enum: [...PRORATION_PREVIEW_TRIGGERS] },
      would_prorate: { type: 'boolean' },
      rejection_reason: { type: ['string', 'null'], enum: ['no_change', null] },
    }),
    meta: closedObject(
      {
        proration: closedObject(
          {
            currency,
            proration_policy_id: uuid,
            billing_cost_before_proration: amount("The current plan's price of the period being prorated."),
            refunded_amount_for_unused_plan: amount("The credit: the current plan's price of the days left."),
            new_plan_cost: amount("The charge: the new plan's price of the same days."),
            net_amount: {
              ...integer(-AMOUNT_MAX, AMOUNT_MAX),
              description: 'What the next invoice adds to its own period; below zero, the credit it carries.',
            },
            days: integer(0),
            prorated_at: timestamp,
            prorated_until: { ...timestamp, description: 'The end of the period prorated.' },
          },
          [],
          'Our extension: the proration the switch would add, given only when `would_prorate` is true.',
        ),
      },
      [],
    ),
  },
  ['meta'],
);
