import { priceChanges, priceUpdateHistoryEntry } from '../jobs/price-update-schemas.js';
import type { Schema } from '../openapi/openapi-types.js';
import { uuid } from '../openapi/schema-builders.js';
import { PRORATION_PREVIEW_SCHEMA } from './proration-preview-document.js';

/** Where an operation's behaviour is EPCC's 2025 generation's, its description starts by saying so. */
export const SUBSCRIPTIONS_2025_EPCC =
  "As EPCC's 2025 generation (`packages/sdks/specs/upstream/subscriptions/public_openapi.yaml` in elasticpath/composable-frontend, 2026-10).";

const object = (properties: Record<string, Schema>, required: string[] = []): Schema => ({
  type: 'object',
  properties,
  ...(required.length === 0 ? {} : { required }),
});
const resource = (type: string): Schema =>
  object(
    {
      id: uuid,
      type: { type: 'string', enum: [type] },
      attributes: { type: 'object' },
      relationships: { type: 'object' },
      meta: { type: 'object' },
    },
    ['id', 'type', 'attributes', 'meta'],
  );

/** The 2025 shapes of this concept's requests and answers, beside (never in place of) the 2024 ones. */
export const SUBSCRIPTION_2025_SCHEMAS: Readonly<Record<string, Schema>> = {
  Subscription2025: {
    ...resource('subscription'),
    properties: {
      ...resource('subscription').properties,
      meta: object({
        pending_price_change: {
          ...priceChanges,
          description: "A `subscription-update` job's prices, waiting for the subscription's next period.",
        },
        price_update_history: {
          type: 'array',
          items: priceUpdateHistoryEntry,
          description: 'The prices each applied change replaced, and until when they held.',
        },
      }),
    },
  },
  SubscriptionPlan2025: resource('subscription_offering_plan'),
  SubscriptionPricingOption2025: resource('subscription_offering_pricing_option'),
  BuildSubscription2025: object(
    {
      account_id: uuid,
      offering_id: uuid,
      plan_id: uuid,
      pricing_option_id: uuid,
      currency: { type: 'string' },
      name: { type: 'string', minLength: 3, maxLength: 1024 },
      email: { type: 'string', minLength: 3, maxLength: 1024 },
      payment_authority: object({ type: { type: 'string', enum: ['elastic_path_payments_stripe', 'authorize_net'] } }, [
        'type',
      ]),
      external_ref: { type: 'string', maxLength: 2048 },
      address_id: uuid,
      manual_payments: { type: 'boolean' },
      pending: { type: 'boolean' },
      go_live_after: { type: 'string', format: 'date-time' },
    },
    ['account_id', 'offering_id', 'plan_id', 'pricing_option_id', 'currency', 'name', 'email', 'payment_authority'],
  ),
  SubscriptionUpdate2025: object(
    {
      id: uuid,
      type: { type: 'string', enum: ['subscription'] },
      attributes: object({
        pricing_option_id: uuid,
        plan_id: uuid,
        address_id: { type: ['string', 'null'], format: 'uuid' },
        payment_authority: object(
          { type: { type: 'string', enum: ['elastic_path_payments_stripe', 'authorize_net'] } },
          ['type'],
        ),
        go_live_after: { type: ['string', 'null'], format: 'date-time' },
      }),
    },
    ['type', 'attributes'],
  ),
  ProrationPreviewRequest2025: object(
    {
      type: { type: 'string', enum: ['proration_preview_request'] },
      attributes: object(
        { trigger: { type: 'string', enum: ['plan_pricing_option_change'] }, pricing_option_id: uuid, plan_id: uuid },
        ['trigger', 'pricing_option_id', 'plan_id'],
      ),
    },
    ['type', 'attributes'],
  ),
  ProrationPreview2025: PRORATION_PREVIEW_SCHEMA,
  ManageSubscriptionPlans2025: object(
    { type: { type: 'string', enum: ['detach'] }, plans: { type: 'array', minItems: 1, items: uuid } },
    ['type', 'plans'],
  ),
};
