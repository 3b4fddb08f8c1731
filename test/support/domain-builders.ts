import type { PlanAttributes } from '../../src/domain/catalogue/plan.js';
import { parseUuid, type Uuid } from '../../src/domain/shared/uuid.js';
import type {
  Subscription,
  SubscriptionFlags,
  SubscriptionTimestamps,
} from '../../src/domain/subscriptions/subscription.js';
import { PLAN_ATTRIBUTES } from './subscription-builders.js';

export const uuid = (n: number): Uuid => {
  const id = parseUuid(`00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`);
  if (id === undefined) throw new Error(`not a UUID: ${n}`);
  return id;
};
export const uuids = (count: number, from = 1): Uuid[] => Array.from({ length: count }, (_, i) => uuid(from + i));

export const CREATED = new Date('2024-01-31T09:00:00.000Z');

export const planWith = (extra: Partial<PlanAttributes> = {}): PlanAttributes => ({ ...PLAN_ATTRIBUTES, ...extra });

export const subscriptionWith = (
  flags: Partial<SubscriptionFlags> = {},
  timestamps: Partial<SubscriptionTimestamps> = {},
): Subscription => ({
  id: uuid(10),
  storeId: uuid(11),
  accountId: uuid(12),
  offeringId: uuid(13),
  offeringVersionId: uuid(14),
  planId: uuid(15),
  currency: 'USD',
  name: 'Jane Doe',
  email: 'jane@example.com',
  paymentAuthority: { type: 'platform_payments_processor' },
  manualPayments: false,
  flags: { canceled: false, paused: false, suspended: false, pending: false, ...flags },
  timestamps: { createdAt: CREATED, updatedAt: CREATED, ...timestamps },
  billingAnchor: new Date('2024-02-14T09:00:00.000Z'),
  invoiceAfter: new Date('2024-02-14T09:00:00.000Z'),
});

export const running = () => subscriptionWith();
export const paused = () => subscriptionWith({ paused: true }, { pausedAt: new Date('2024-02-01T00:00:00.000Z') });
export const canceled = (endDate = new Date('2024-02-29T09:00:00.000Z')) =>
  subscriptionWith({ canceled: true }, { canceledAt: new Date('2024-02-01T00:00:00.000Z'), endDate });
