import { randomIds } from '../../src/adapters/system/system-module.js';
import type { DunningRule, DunningRuleAttributes } from '../../src/domain/billing/dunning/dunning-rule.js';
import type {
  ProrationPolicy,
  ProrationPolicyAttributes,
} from '../../src/domain/billing/proration/proration-policy.js';
import type { Offering, OfferingItem } from '../../src/domain/catalogue/offering.js';
import type { PlanAttributes, SubscriptionPlan } from '../../src/domain/catalogue/plan.js';
import type { ProductAttributes, SubscriptionProduct } from '../../src/domain/catalogue/product.js';
import type { Feature, FeatureAttributes } from '../../src/domain/features/feature.js';
import type { Schedule, ScheduleAttributes } from '../../src/domain/schedules/schedule.js';
import type { Uuid } from '../../src/domain/shared/uuid.js';
import type { StoreRecord } from '../../src/domain/store-records/store-record.js';
import type { Subscriber, SubscriberAttributes } from '../../src/domain/subscriptions/subscriber.js';
import type { Subscription } from '../../src/domain/subscriptions/subscription.js';

const at = (iso: string) => new Date(iso);

export const aProduct = (
  storeId: Uuid,
  attributes: Partial<ProductAttributes> = {},
  createdAt = at('2026-01-01T00:00:00.000Z'),
): SubscriptionProduct => ({
  id: randomIds.uuid(),
  storeId,
  attributes: {
    name: 'Coffee beans',
    price: { USD: { amount: 1000, includes_tax: false }, EUR: { amount: 900 } },
    ...attributes,
  },
  createdAt,
  updatedAt: createdAt,
});

export const PLAN_ATTRIBUTES: PlanAttributes = {
  name: 'Monthly',
  billing_interval_type: 'month',
  billing_frequency: 1,
  plan_length: 12,
  end_behavior: 'roll',
  can_pause: true,
  can_resume: true,
  can_cancel: true,
};

export const aPlan = (
  storeId: Uuid,
  attributes: Partial<PlanAttributes> = {},
  createdAt = at('2026-01-01T00:00:00.000Z'),
): SubscriptionPlan => ({
  id: randomIds.uuid(),
  storeId,
  attributes: { ...PLAN_ATTRIBUTES, ...attributes },
  createdAt,
  updatedAt: createdAt,
});

const copy = <A>(original: { readonly id: Uuid; readonly attributes: A }, createdAt: Date): OfferingItem<A> => ({
  id: randomIds.uuid(),
  originId: original.id,
  attributes: original.attributes,
  createdAt,
  updatedAt: createdAt,
});

export const anOffering = (
  storeId: Uuid,
  products: readonly SubscriptionProduct[],
  plans: readonly SubscriptionPlan[],
  overrides: Partial<Offering> = {},
): Offering => {
  const createdAt = overrides.createdAt ?? at('2026-01-02T00:00:00.000Z');
  return {
    id: randomIds.uuid(),
    storeId,
    attributes: { name: 'Coffee club', description: 'Beans every month' },
    version: 1,
    products: products.map((p) => copy(p, createdAt)),
    plans: plans.map((p) => copy(p, createdAt)),
    features: [],
    createdAt,
    updatedAt: createdAt,
    ...overrides,
  };
};

export const aSubscription = (
  offering: Offering,
  versionId: Uuid,
  overrides: Partial<Subscription> = {},
): Subscription => {
  const createdAt = overrides.timestamps?.createdAt ?? at('2026-02-01T00:00:00.000Z');
  const plan = offering.plans[0];
  if (plan === undefined) throw new Error('the offering has no plan');
  return {
    id: randomIds.uuid(),
    storeId: offering.storeId,
    accountId: randomIds.uuid(),
    offeringId: offering.id,
    offeringVersionId: versionId,
    planId: plan.id,
    currency: 'USD',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    paymentAuthority: { type: 'platform_payments_processor', customer_id: 'cus_123' },
    manualPayments: false,
    flags: { canceled: false, paused: false, suspended: false, pending: false },
    timestamps: { createdAt, updatedAt: createdAt },
    billingAnchor: createdAt,
    invoiceAfter: createdAt,
    ...overrides,
  };
};

export const aSubscriber = (
  storeId: Uuid,
  attributes: Partial<SubscriberAttributes> = {},
  createdAt = at('2026-01-01T00:00:00.000Z'),
): Subscriber => ({
  id: randomIds.uuid(),
  storeId,
  attributes: { account_id: randomIds.uuid(), name: 'Ada Lovelace', email: 'ada@example.com', ...attributes },
  createdAt,
  updatedAt: createdAt,
});

const aStoreRecord = <A>(storeId: Uuid, attributes: A, createdAt: Date): StoreRecord<A> => ({
  id: randomIds.uuid(),
  storeId,
  attributes,
  createdAt,
  updatedAt: createdAt,
});

export const aProrationPolicy = (
  storeId: Uuid,
  attributes: Partial<ProrationPolicyAttributes> = {},
  createdAt = at('2026-01-01T00:00:00.000Z'),
): ProrationPolicy => aStoreRecord(storeId, { name: 'Main policy', rounding: 'up', ...attributes }, createdAt);

export const aDunningRule = (
  storeId: Uuid,
  attributes: Partial<DunningRuleAttributes> = {},
  createdAt = at('2026-01-01T00:00:00.000Z'),
): DunningRule =>
  aStoreRecord(
    storeId,
    { payment_retry_type: 'fixed', payment_retries_limit: 10, action: 'none', ...attributes },
    createdAt,
  );

export const aFeature = (
  storeId: Uuid,
  attributes: Partial<FeatureAttributes> = {},
  createdAt = at('2026-01-01T00:00:00.000Z'),
): Feature =>
  aStoreRecord(
    storeId,
    { name: 'Digital library', configuration: { type: 'access', tag: 'library' }, ...attributes },
    createdAt,
  );

export const aSchedule = (
  storeId: Uuid,
  attributes: Partial<ScheduleAttributes> = {},
  createdAt = at('2026-01-01T00:00:00.000Z'),
): Schedule =>
  aStoreRecord(
    storeId,
    { specification: '30 0 * * *', location: 'Europe/London', job: { job_type: 'billing-run' }, ...attributes },
    createdAt,
  );
