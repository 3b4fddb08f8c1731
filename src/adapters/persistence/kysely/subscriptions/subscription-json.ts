import * as E from 'fp-ts/lib/Either.js';
import { parsePriceChanges, priceChangesWire } from '../../../../domain/jobs/price-update.js';
import type { ValidationIssue } from '../../../../domain/shared/errors.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import { type PaymentAuthority, parsePaymentAuthority } from '../../../../domain/subscriptions/payment-authority.js';
import type { PriceChanges, ScheduledPriceChange } from '../../../../domain/subscriptions/price-change.js';
import type { ProratedPlan, ProrationEvent } from '../../../../domain/subscriptions/proration-event.js';
import {
  PAUSERS,
  type PausedBy,
  STATE_ACTIONS,
  type StateAction,
  type Subscription,
  type SubscriptionFlags,
  type SubscriptionStateRecord,
  type SubscriptionTimestamps,
} from '../../../../domain/subscriptions/subscription.js';
import { record, storedDate, storedUuid } from '../sql/stored-json.js';

/** What a subscription row keeps as JSON: everything that is never filtered or ordered on. */
export interface SubscriptionBody {
  readonly paymentAuthority: PaymentAuthority;
  readonly addressId?: Uuid;
  readonly productIds?: readonly Uuid[];
  readonly manualPayments: boolean;
  readonly flags: SubscriptionFlags;
  readonly pausedBy?: PausedBy;
  readonly canceledBy?: PausedBy;
  readonly timestamps: Omit<SubscriptionTimestamps, 'createdAt'>;
  readonly goLiveAfter?: Date;
  /**
   * Where paid periods count from. Bodies written before migration 0024 have none: their `invoiceAfter`
   * was that anchor (it never moved then), and is read as it; `invoice_after` is a column since.
   */
  readonly billingAnchor: Date;
  readonly state?: SubscriptionStateRecord;
  readonly planStartedAt?: Date;
  readonly prorations?: readonly ProrationEvent[];
  readonly priceChanges?: readonly ScheduledPriceChange[];
}

/** Price changes are kept in EPCC's names, so that reading them back goes through the rules of a request. */
function priceChangesInWireNames(this: unknown, key: string, value: unknown): unknown {
  return (key === 'changes' || key === 'previous') && isPriceChanges(value) ? priceChangesWire(value) : value;
}

const isPriceChanges = (value: unknown): value is PriceChanges =>
  typeof value === 'object' && value !== null && 'products' in value && 'plans' in value;

const storedPriceChanges = (what: string, value: unknown): PriceChanges => {
  const problems: ValidationIssue[] = [];
  const changes = parsePriceChanges(what, value, problems);
  if (problems.length > 0) throw new Error(problems.map((i) => `${i.source} ${i.detail}`).join('; '));
  return changes;
};

const priceChangesFromJson = (value: unknown): readonly ScheduledPriceChange[] => {
  if (!Array.isArray(value)) throw new Error('stored subscription price changes are not a list');
  return value.map((entry: unknown) => {
    const change = record('subscription price change', entry);
    return {
      changes: storedPriceChanges('stored price change', change['changes']),
      previous: storedPriceChanges('stored previous prices', change['previous']),
      from: storedDate('subscription price change from', change['from']),
      ...(change['until'] === undefined
        ? {}
        : { until: storedDate('subscription price change until', change['until']) }),
    };
  });
};

/**
 * How every body written with its row's document begins. A writer that knows nothing of documents (an
 * instance of an older version still running during a rolling upgrade) writes the body without it and
 * leaves the document as it was: a list then finds the body's beginning changed, in the database, and
 * makes the document afresh from the row instead of serving the old one.
 */
export const DOCUMENTED_BODY = '{"documented":true,';

/** The row's body, marked as written with its document: every writer of it writes the document too. */
export const subscriptionBody = (s: Subscription): string => {
  const { createdAt: _createdAt, ...timestamps } = s.timestamps;
  const body: SubscriptionBody = {
    paymentAuthority: s.paymentAuthority,
    ...(s.addressId === undefined ? {} : { addressId: s.addressId }),
    ...(s.productIds === undefined ? {} : { productIds: s.productIds }),
    manualPayments: s.manualPayments,
    flags: s.flags,
    ...(s.pausedBy === undefined ? {} : { pausedBy: s.pausedBy }),
    ...(s.canceledBy === undefined ? {} : { canceledBy: s.canceledBy }),
    timestamps,
    ...(s.goLiveAfter === undefined ? {} : { goLiveAfter: s.goLiveAfter }),
    billingAnchor: s.billingAnchor,
    ...(s.state === undefined ? {} : { state: s.state }),
    ...(s.planStartedAt === undefined ? {} : { planStartedAt: s.planStartedAt }),
    ...(s.prorations === undefined ? {} : { prorations: s.prorations }),
    ...(s.priceChanges === undefined ? {} : { priceChanges: s.priceChanges }),
  };
  return `${DOCUMENTED_BODY}${JSON.stringify(body, priceChangesInWireNames).slice(1)}`;
};

const pauser = (value: unknown, field = 'pausedBy'): PausedBy => {
  const found = PAUSERS.find((p) => p === value);
  if (found === undefined) throw new Error(`stored subscription ${field} is not a pauser`);
  return found;
};

const flag = (flags: Readonly<Record<string, unknown>>, name: string): boolean => {
  const value = flags[name];
  if (typeof value !== 'boolean') throw new Error(`stored subscription flag ${name} is not a boolean`);
  return value;
};

const optionalDate = (timestamps: Readonly<Record<string, unknown>>, name: string): { [key: string]: Date } =>
  timestamps[name] === undefined ? {} : { [name]: storedDate(`subscription ${name}`, timestamps[name]) };

const uuidList = (what: string, value: unknown): readonly Uuid[] => {
  if (!Array.isArray(value)) throw new Error(`stored ${what} is not a list`);
  return value.map((id) => storedUuid(what, id));
};

/** Through the rules that read requests, so that a stored authority that drifted fails loudly. */
const authority = (value: unknown): PaymentAuthority => {
  const parsed = parsePaymentAuthority('stored payment authority')(value);
  if (E.isLeft(parsed)) throw new Error(parsed.left.map((i) => `${i.source} ${i.detail}`).join('; '));
  return parsed.right;
};

export const bodyFromJson = (value: unknown): SubscriptionBody => {
  const body = record('subscription', value);
  const flags = record('subscription flags', body['flags']);
  const timestamps = record('subscription timestamps', body['timestamps']);
  return {
    paymentAuthority: authority(body['paymentAuthority']),
    ...(body['addressId'] === undefined ? {} : { addressId: storedUuid('subscription address', body['addressId']) }),
    ...(body['productIds'] === undefined ? {} : { productIds: uuidList('subscription products', body['productIds']) }),
    manualPayments: body['manualPayments'] === true,
    flags: {
      canceled: flag(flags, 'canceled'),
      paused: flag(flags, 'paused'),
      suspended: flag(flags, 'suspended'),
      pending: flag(flags, 'pending'),
    },
    ...(body['pausedBy'] === undefined ? {} : { pausedBy: pauser(body['pausedBy']) }),
    ...(body['canceledBy'] === undefined ? {} : { canceledBy: pauser(body['canceledBy'], 'canceledBy') }),
    timestamps: {
      updatedAt: storedDate('subscription updatedAt', timestamps['updatedAt']),
      ...optionalDate(timestamps, 'canceledAt'),
      ...optionalDate(timestamps, 'pausedAt'),
      ...optionalDate(timestamps, 'resumedAt'),
      ...optionalDate(timestamps, 'endDate'),
    },
    ...(body['goLiveAfter'] === undefined
      ? {}
      : { goLiveAfter: storedDate('subscription goLiveAfter', body['goLiveAfter']) }),
    billingAnchor: storedDate('subscription billingAnchor', body['billingAnchor'] ?? body['invoiceAfter']),
    ...(body['state'] === undefined ? {} : { state: stateFromJson(body['state']) }),
    ...(body['planStartedAt'] === undefined
      ? {}
      : { planStartedAt: storedDate('subscription planStartedAt', body['planStartedAt']) }),
    ...(body['prorations'] === undefined ? {} : { prorations: prorationsFromJson(body['prorations']) }),
    ...(body['priceChanges'] === undefined ? {} : { priceChanges: priceChangesFromJson(body['priceChanges']) }),
  };
};

const storedAmount = (what: string, value: unknown): number => {
  if (typeof value !== 'number' || !Number.isSafeInteger(value))
    throw new Error(`stored ${what} is not a whole number`);
  return value;
};

const proratedPlan = (what: string, value: unknown): ProratedPlan => {
  const plan = record(what, value);
  if (typeof plan['name'] !== 'string' || typeof plan['includesTax'] !== 'boolean')
    throw new Error(`stored ${what} is malformed`);
  return {
    ...(plan['planId'] === undefined ? {} : { planId: storedUuid(what, plan['planId']) }),
    name: plan['name'],
    includesTax: plan['includesTax'],
  };
};

export const prorationsFromJson = (value: unknown): readonly ProrationEvent[] => {
  if (!Array.isArray(value)) throw new Error('stored prorations are not a list');
  return value.map((item): ProrationEvent => {
    const event = record('proration', item);
    return {
      prorationPolicyId: storedUuid('proration policy', event['prorationPolicyId']),
      billingCostBeforeProration: storedAmount('proration cost', event['billingCostBeforeProration']),
      refundedAmountForUnusedPlan: storedAmount('proration refund', event['refundedAmountForUnusedPlan']),
      newPlanCost: storedAmount('proration new plan cost', event['newPlanCost']),
      proratedAt: storedDate('proration time', event['proratedAt']),
      proratedUntil: storedDate('proration period end', event['proratedUntil']),
      days: storedAmount('proration days', event['days']),
      from: proratedPlan('prorated plan', event['from']),
      to: proratedPlan('prorated plan', event['to']),
    };
  });
};

/** The latest state, kept whole in the subscription's body so that reading a subscription needs no history query. */
const stateFromJson = (value: unknown): SubscriptionStateRecord => {
  const state = record('subscription state', value);
  const text = (key: string): string => {
    if (typeof state[key] !== 'string') throw new Error(`stored subscription state ${key} is not text`);
    return state[key] as string;
  };
  return {
    id: storedUuid('state id', state['id']),
    subscriptionId: storedUuid('state subscription', state['subscriptionId']),
    action: stateAction(text('action')),
    createdAt: storedDate('state createdAt', state['createdAt']),
    ...stateFlagsFromJson(state),
  };
};

/** A state record's flags and invoice time, as JSON beside its action. */
export const stateBody = (state: SubscriptionStateRecord): string =>
  JSON.stringify({ flags: state.flags, invoiceAfter: state.invoiceAfter });

export const stateAction = (value: string): StateAction => {
  const action = STATE_ACTIONS.find((a) => a === value);
  if (action === undefined) throw new Error(`stored state action is unknown: ${value}`);
  return action;
};

export const stateFlagsFromJson = (value: unknown): Pick<SubscriptionStateRecord, 'flags' | 'invoiceAfter'> => {
  const body = record('state', value);
  const flags = record('state flags', body['flags']);
  return {
    flags: {
      canceled: flag(flags, 'canceled'),
      paused: flag(flags, 'paused'),
      suspended: flag(flags, 'suspended'),
      pending: flag(flags, 'pending'),
      closed: flag(flags, 'closed'),
    },
    invoiceAfter: storedDate('state invoiceAfter', body['invoiceAfter']),
  };
};
