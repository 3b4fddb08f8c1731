import { expect } from 'chai';
import { randomIds } from '../../../src/adapters/system/system-module.js';
import {
  ACCOUNT_EVENTS,
  ACCOUNT_MEMBER_EVENTS,
  ACCOUNT_MEMBERSHIP_EVENTS,
  deletedWithMemberships,
} from '../../../src/domain/accounts/account-events.js';
import { DUNNING_RULES } from '../../../src/domain/billing/dunning/dunning-rule.js';
import { withFirstInvoice } from '../../../src/domain/billing/invoices/first-invoice.js';
import { stateApplied, subscriptionsStored } from '../../../src/domain/billing/invoices/first-invoice-events.js';
import type { InvoiceDraft } from '../../../src/domain/billing/invoices/invoice.js';
import { invoiceCreated, invoicesCreated } from '../../../src/domain/billing/invoices/invoice-events.js';
import { numberInvoices } from '../../../src/domain/billing/invoices/invoice-numbering.js';
import type { PaymentRefund } from '../../../src/domain/billing/payments/refund.js';
import { refundCreated } from '../../../src/domain/billing/payments/refund-events.js';
import { PRORATION_POLICIES } from '../../../src/domain/billing/proration/proration-policy.js';
import { OFFERING_EVENTS } from '../../../src/domain/catalogue/offering-events.js';
import { PLANS } from '../../../src/domain/catalogue/plan.js';
import { PRODUCTS } from '../../../src/domain/catalogue/product.js';
import type { DomainEvent } from '../../../src/domain/events/domain-event.js';
import { FIRING_KEYS } from '../../../src/domain/events/event-keys.js';
import type { Job } from '../../../src/domain/jobs/job.js';
import { JOB_EVENTS } from '../../../src/domain/jobs/job-events.js';
import { SCHEDULES } from '../../../src/domain/schedules/schedule.js';
import { entitlementsChanged, SUBSCRIBER_EVENTS } from '../../../src/domain/subscriptions/subscriber-events.js';
import type { SubscriptionStateRecord } from '../../../src/domain/subscriptions/subscription.js';
import {
  stateChanged,
  stateEventKeys,
  subscriptionCreated,
} from '../../../src/domain/subscriptions/subscription-events.js';
import { aMember, aMembership, anAccount } from '../../support/account-builders.js';
import {
  anOffering,
  aPlan,
  aProduct,
  aSchedule,
  aSubscriber,
  aSubscription,
} from '../../support/subscription-builders.js';

/** Which change fires which key, and what each event names: the domain decides, storage only writes. */
describe('Domain events', () => {
  const storeId = randomIds.uuid();
  const product = aProduct(storeId);
  const plan = aPlan(storeId);
  const offering = anOffering(storeId, [product], [plan]);
  const subscription = aSubscription(offering, randomIds.uuid());
  const subscriber = aSubscriber(storeId);
  const schedule = aSchedule(storeId);
  const now = new Date('2026-03-01T00:00:00.000Z');
  const job: Job = {
    id: randomIds.uuid(),
    storeId,
    jobType: 'billing-run',
    status: 'pending',
    createdAt: now,
    updatedAt: now,
  };
  const { firstInvoice: draft } = withFirstInvoice(subscription, offering, plan.attributes, {
    id: randomIds.uuid(),
    now,
  });
  if (draft === undefined) throw new Error('the plan bills its first period at once');
  const [invoice] = numberInvoices(41, [draft]).invoices;
  if (invoice === undefined) throw new Error('one draft numbers one invoice');
  const refund: PaymentRefund = {
    id: randomIds.uuid(),
    storeId,
    invoiceId: invoice.id,
    paymentId: randomIds.uuid(),
    subscriptionId: subscription.id,
    amount: 100,
    currency: 'USD',
    status: 'succeeded',
    reason: 'goodwill',
    gateway: 'manual',
    createdAt: now,
  };

  const account = anAccount(storeId);
  const member = aMember(storeId);
  const membership = aMembership(account, member);

  const described = (event: DomainEvent<unknown>) =>
    event._tag === 'ResourceEvent' ? [event.key, event.subject] : [event.key, event.type, event.id];

  it('names the resource of each change, and a deleted one by its type and id', () => {
    const table: readonly [string, DomainEvent<unknown>, readonly unknown[]][] = [
      [
        'product created',
        PRODUCTS.events.created(product),
        ['subscription-product.created', { resource: 'product', product }],
      ],
      [
        'product updated',
        PRODUCTS.events.updated(product),
        ['subscription-product.updated', { resource: 'product', product }],
      ],
      [
        'product deleted',
        PRODUCTS.events.deleted(product.id),
        ['subscription-product.deleted', 'subscription_product', product.id],
      ],
      ['plan created', PLANS.events.created(plan), ['subscription-plan.created', { resource: 'plan', plan }]],
      ['plan updated', PLANS.events.updated(plan), ['subscription-plan.updated', { resource: 'plan', plan }]],
      ['plan deleted', PLANS.events.deleted(plan.id), ['subscription-plan.deleted', 'subscription_plan', plan.id]],
      [
        'offering created',
        OFFERING_EVENTS.created(offering),
        ['subscription-offering.created', { resource: 'offering', offering }],
      ],
      [
        'offering updated',
        OFFERING_EVENTS.updated(offering),
        ['subscription-offering.updated', { resource: 'offering', offering }],
      ],
      [
        'offering deleted',
        OFFERING_EVENTS.deleted(offering.id),
        ['subscription-offering.deleted', 'subscription_offering', offering.id],
      ],
      [
        'subscriber created',
        SUBSCRIBER_EVENTS.created(subscriber),
        ['subscription-subscriber.created', { resource: 'subscriber', subscriber }],
      ],
      [
        'subscriber updated',
        SUBSCRIBER_EVENTS.updated(subscriber),
        ['subscription-subscriber.updated', { resource: 'subscriber', subscriber }],
      ],
      [
        'subscriber deleted',
        SUBSCRIBER_EVENTS.deleted(subscriber.id),
        ['subscription-subscriber.deleted', 'subscription_subscriber', subscriber.id],
      ],
      [
        'schedule created',
        SCHEDULES.events!.created(schedule),
        ['subscription-schedule.created', { resource: 'schedule', schedule }],
      ],
      [
        'schedule updated',
        SCHEDULES.events!.updated(schedule),
        ['subscription-schedule.updated', { resource: 'schedule', schedule }],
      ],
      [
        'schedule deleted',
        SCHEDULES.events!.deleted(schedule.id),
        ['subscription-schedule.deleted', 'subscription_schedule', schedule.id],
      ],
      ['job created', JOB_EVENTS.created(job), ['subscription-job.created', { resource: 'job', job }]],
      ['job finished', JOB_EVENTS.updated(job), ['subscription-job.updated', { resource: 'job', job }]],
      ['job deleted', JOB_EVENTS.deleted(job.id), ['subscription-job.deleted', 'subscription_job', job.id]],
      ['invoice created', invoiceCreated(invoice), ['subscription-invoice.created', { resource: 'invoice', invoice }]],
      [
        'payment refunded',
        refundCreated(refund),
        ['subscription-invoice-payment-refund.created', { resource: 'refund', refund }],
      ],
      [
        'subscription created',
        subscriptionCreated(subscription, offering),
        [
          'subscription.created',
          { resource: 'subscription', subscription, offering, at: subscription.timestamps.createdAt },
        ],
      ],
      ['account created', ACCOUNT_EVENTS.created(account), ['account.created', { resource: 'account', account }]],
      ['account updated', ACCOUNT_EVENTS.updated(account), ['account.updated', { resource: 'account', account }]],
      ['account deleted', ACCOUNT_EVENTS.deleted(account.id), ['account.deleted', 'account', account.id]],
      [
        'account member created',
        ACCOUNT_MEMBER_EVENTS.created(member),
        ['account-member.created', { resource: 'account-member', member }],
      ],
      [
        'account member updated',
        ACCOUNT_MEMBER_EVENTS.updated(member),
        ['account-member.updated', { resource: 'account-member', member }],
      ],
      [
        'account member deleted',
        ACCOUNT_MEMBER_EVENTS.deleted(member.id),
        ['account-member.deleted', 'account_member', member.id],
      ],
      [
        'account membership created',
        ACCOUNT_MEMBERSHIP_EVENTS.created(membership),
        ['account-membership.created', { resource: 'account-membership', membership }],
      ],
      [
        'account membership deleted',
        ACCOUNT_MEMBERSHIP_EVENTS.deleted(membership.id),
        ['account-membership.deleted', 'account_membership', membership.id],
      ],
    ];
    for (const [change, event, expected] of table) expect(described(event), change).to.deep.equal(expected);
  });

  it('tells an account or member deleted with its memberships as each membership deleted, then itself', () => {
    expect(deletedWithMemberships(ACCOUNT_EVENTS.deleted(account.id))([membership]).map(described)).to.deep.equal([
      ['account-membership.deleted', 'account_membership', membership.id],
      ['account.deleted', 'account', account.id],
    ]);
  });

  it('fires only keys this service emits', () => {
    const fired = [
      ...[PRODUCTS.events, PLANS.events, OFFERING_EVENTS, SUBSCRIBER_EVENTS, SCHEDULES.events!, JOB_EVENTS].flatMap(
        (events) => [
          events.created(product as never).key,
          events.updated(product as never).key,
          events.deleted('x').key,
        ],
      ),
      invoiceCreated(invoice).key,
      refundCreated(refund).key,
      subscriptionCreated(subscription, offering).key,
    ];
    for (const key of fired) expect(FIRING_KEYS, key).to.include(key);
  });

  describe('subscription-subscriber.entitlements_changed', () => {
    const feature = {
      id: randomIds.uuid(),
      attributes: { name: 'Library', configuration: { type: 'access', tag: 'library' } as const },
      createdAt: now,
      updatedAt: now,
    };
    const [held] = offering.products;
    if (held === undefined) throw new Error('one product');
    const featured = {
      ...offering,
      features: [feature],
      products: [
        {
          ...held,
          attributes: { ...held.attributes, feature_configurations: { [feature.id]: { type: 'access' as const } } },
        },
      ],
    };
    const granting = aSubscription(featured, randomIds.uuid());
    const paused = { ...granting, flags: { ...granting.flags, paused: true } };
    const pending = { ...granting, flags: { ...granting.flags, pending: true } };
    const change = (after: readonly string[], before: readonly string[] = []) => ({
      before: { tags: before, usage: {} },
      after: { tags: after, usage: {} },
      started: after.filter((t) => !before.includes(t)),
      stopped: before.filter((t) => !after.includes(t)),
    });
    const table: readonly [string, Parameters<typeof entitlementsChanged>, unknown[]][] = [
      ['made live', [undefined, granting, featured, now], [change(['library'])]],
      ['made pending', [undefined, pending, featured, now], []],
      ['made live of a plan configuring nothing', [undefined, subscription, offering, now], []],
      ['paused', [granting, paused, featured, now], [change([], ['library'])]],
      ['resumed', [paused, granting, featured, now], [change(['library'])]],
      ['changed without moving its grant', [granting, granting, featured, now], []],
    ];
    for (const [what, args, changes] of table) {
      it(`${what}: ${changes.length === 0 ? 'fires nothing' : 'fires the key once, naming the subscription and how its grant moved'}`, () => {
        const events = entitlementsChanged(...args);
        expect(events.map((e) => e.key)).to.deep.equal(
          changes.map(() => 'subscription-subscriber.entitlements_changed'),
        );
        expect(events.map((e) => e.subject)).to.deep.equal(
          changes.map((c) => ({ resource: 'entitlements', subscription: args[1], change: c, at: now })),
        );
        for (const event of events) expect(FIRING_KEYS).to.include(event.key);
      });
    }

    it('a state change fires it after its own keys; subscriptions stored, after each one’s created', () => {
      const state = { action: 'pause', flags: { closed: false }, createdAt: now } as SubscriptionStateRecord;
      expect(
        stateApplied({ state, previous: granting, subscription: paused, offering: featured }).map((e) => e.key),
      ).to.deep.equal(['subscription.paused', 'subscription-subscriber.entitlements_changed']);
      expect(subscriptionsStored([{ subscription: granting, offering: featured }]).map((e) => e.key)).to.deep.equal([
        'subscription.created',
        'subscription-subscriber.entitlements_changed',
      ]);
    });
  });

  it('leaves proration policies and dunning rules unobserved', () => {
    expect(PRORATION_POLICIES.events).to.equal(undefined);
    expect(DUNNING_RULES.events).to.equal(undefined);
  });

  it('fires the keys of each state change, the subscription named as it is after it, at the change', () => {
    const state = (action: SubscriptionStateRecord['action'], closed = false) =>
      ({ action, flags: { closed }, createdAt: now }) as SubscriptionStateRecord;
    const table: readonly [SubscriptionStateRecord, readonly string[]][] = [
      [state('cancel'), ['subscription.canceled']],
      [state('cancel', true), ['subscription.canceled', 'subscription.closed']],
      [state('pause'), ['subscription.paused']],
      [state('resume'), ['subscription.resumed']],
      [state('go_live'), []],
      [state('pending'), []],
    ];
    for (const [change, keys] of table) {
      expect(stateEventKeys(change), change.action).to.deep.equal(keys);
      const events = stateChanged(change, subscription, offering);
      expect(events.map((e) => e.key)).to.deep.equal(keys);
      for (const event of events)
        expect(event.subject).to.deep.equal({ resource: 'subscription', subscription, offering, at: now });
    }
  });

  it('fires an applied state change’s keys, then its first invoice’s created when it numbered one', () => {
    const state = (action: SubscriptionStateRecord['action']) =>
      ({ action, flags: { closed: false }, createdAt: now }) as SubscriptionStateRecord;
    const table: readonly [string, Parameters<typeof stateApplied>[0], readonly string[]][] = [
      ['a pause', { state: state('pause'), previous: subscription, subscription, offering }, ['subscription.paused']],
      ['going live', { state: state('go_live'), previous: subscription, subscription, offering }, []],
      [
        'going live with its first invoice',
        { state: state('go_live'), previous: subscription, subscription, offering, firstInvoice: invoice },
        ['subscription-invoice.created'],
      ],
    ];
    for (const [what, applied, keys] of table) {
      const events = stateApplied(applied);
      expect(
        events.map((e) => e.key),
        what,
      ).to.deep.equal(keys);
      if (applied.firstInvoice !== undefined) expect(events.at(-1), what).to.deep.equal(invoiceCreated(invoice));
    }
  });

  it('fires each stored subscription’s created, then its first invoice’s, in the order stored', () => {
    const other = aSubscription(offering, randomIds.uuid());
    const events = subscriptionsStored([
      { subscription, offering, firstInvoice: invoice },
      { subscription: other, offering },
    ]);
    expect(events.map((e) => e.key)).to.deep.equal([
      'subscription.created',
      'subscription-invoice.created',
      'subscription.created',
    ]);
    expect(events.map((e) => e.subject)).to.deep.equal([
      { resource: 'subscription', subscription, offering, at: subscription.timestamps.createdAt },
      { resource: 'invoice', invoice },
      { resource: 'subscription', subscription: other, offering, at: other.timestamps.createdAt },
    ]);
  });

  it('numbers drafts after the last number, in the order given; the numbered invoices each fire their created event', () => {
    const drafts: readonly InvoiceDraft[] = [
      draft,
      { ...draft, id: randomIds.uuid() },
      { ...draft, id: randomIds.uuid() },
    ];
    const table: readonly [number, number, readonly number[]][] = [
      [0, 0, []],
      [0, 1, [1]],
      [41, 3, [42, 43, 44]],
    ];
    for (const [last, count, numbers] of table) {
      const numbered = numberInvoices(last, drafts.slice(0, count));
      expect(numbered.invoices.map((i) => i.number)).to.deep.equal(numbers);
      expect(numbered.invoices.map((i) => i.id)).to.deep.equal(drafts.slice(0, count).map((d) => d.id));
      expect(numbered.last).to.equal(last + count);
      expect(invoicesCreated(numbered.invoices)).to.deep.equal(numbered.invoices.map(invoiceCreated));
    }
  });
});
