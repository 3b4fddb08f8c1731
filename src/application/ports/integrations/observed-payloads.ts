import type { Account } from '../../../domain/accounts/account.js';
import type {
  AccountMemberSubject,
  AccountMembershipSubject,
  AccountSubject,
} from '../../../domain/accounts/account-events.js';
import type { AccountMember } from '../../../domain/accounts/account-member.js';
import type { AccountMembership } from '../../../domain/accounts/account-membership.js';
import type { Invoice } from '../../../domain/billing/invoices/invoice.js';
import type { InvoiceSubject } from '../../../domain/billing/invoices/invoice-events.js';
import type { PaymentRefund } from '../../../domain/billing/payments/refund.js';
import type { RefundSubject } from '../../../domain/billing/payments/refund-events.js';
import type { Offering } from '../../../domain/catalogue/offering.js';
import type { OfferingSubject } from '../../../domain/catalogue/offering-events.js';
import type { PlanSubject, SubscriptionPlan } from '../../../domain/catalogue/plan.js';
import type { ProductSubject, SubscriptionProduct } from '../../../domain/catalogue/product.js';
import type { DomainEvent, EventsOf } from '../../../domain/events/domain-event.js';
import type { Job } from '../../../domain/jobs/job.js';
import type { JobSubject } from '../../../domain/jobs/job-events.js';
import type { Schedule, ScheduleSubject } from '../../../domain/schedules/schedule.js';
import type { Subscriber } from '../../../domain/subscriptions/subscriber.js';
import type { EntitlementsSubject, SubscriberSubject } from '../../../domain/subscriptions/subscriber-events.js';
import type { Subscription } from '../../../domain/subscriptions/subscription.js';
import type { SubscriptionSubject } from '../../../domain/subscriptions/subscription-events.js';

/** Resources as their GET returns them, for the `payload.data` of the events they fire. */
export interface ObservedPayloads {
  subscription(subscription: Subscription, offering: Offering, now: Date): unknown;
  invoice(invoice: Invoice): unknown;
  refund(refund: PaymentRefund): unknown;
  subscriber(subscriber: Subscriber): unknown;
  /** Not a resource of its own: how a change moved what one subscription grants its subscriber. */
  entitlements(subject: EntitlementsSubject): unknown;
  product(product: SubscriptionProduct): unknown;
  plan(plan: SubscriptionPlan): unknown;
  offering(offering: Offering): unknown;
  schedule(schedule: Schedule): unknown;
  job(job: Job): unknown;
  account(account: Account): unknown;
  accountMember(member: AccountMember): unknown;
  accountMembership(membership: AccountMembership): unknown;
}

/** Every resource an event may name. */
export type ObservedSubject =
  | SubscriptionSubject
  | InvoiceSubject
  | RefundSubject
  | SubscriberSubject
  | EntitlementsSubject
  | ProductSubject
  | PlanSubject
  | OfferingSubject
  | ScheduleSubject
  | JobSubject
  | AccountSubject
  | AccountMemberSubject
  | AccountMembershipSubject;

/** An event of a change, as the ports that store changes take it. */
export type ChangeEvent = DomainEvent<ObservedSubject>;

/** The events of a change, made from its outcome: what a port takes where storage alone knows the outcome. */
export type ChangeEventsOf<A> = EventsOf<A, ChangeEvent>;

const dataOf = (payloads: ObservedPayloads, subject: ObservedSubject): unknown => {
  switch (subject.resource) {
    case 'subscription':
      return payloads.subscription(subject.subscription, subject.offering, subject.at);
    case 'invoice':
      return payloads.invoice(subject.invoice);
    case 'refund':
      return payloads.refund(subject.refund);
    case 'subscriber':
      return payloads.subscriber(subject.subscriber);
    case 'entitlements':
      return payloads.entitlements(subject);
    case 'product':
      return payloads.product(subject.product);
    case 'plan':
      return payloads.plan(subject.plan);
    case 'offering':
      return payloads.offering(subject.offering);
    case 'schedule':
      return payloads.schedule(subject.schedule);
    case 'job':
      return payloads.job(subject.job);
    case 'account':
      return payloads.account(subject.account);
    case 'account-member':
      return payloads.accountMember(subject.member);
    case 'account-membership':
      return payloads.accountMembership(subject.membership);
  }
};

/** An event's webhook `payload`: `{ data }` for a resource as its GET returns it, `{ type, id }` for a deleted one. */
export const changePayload = (payloads: ObservedPayloads, event: ChangeEvent): unknown =>
  event._tag === 'ResourceEvent' ? { data: dataOf(payloads, event.subject) } : { type: event.type, id: event.id };
