import type { Invoice } from '../../../domain/billing/invoice.js';
import type { Job } from '../../../domain/jobs/job.js';
import type { Schedule } from '../../../domain/schedules/schedule.js';
import type { Offering } from '../../../domain/catalogue/offering.js';
import type { SubscriptionPlan } from '../../../domain/catalogue/plan.js';
import type { SubscriptionProduct } from '../../../domain/catalogue/product.js';
import type { Subscriber } from '../../../domain/subscriptions/subscriber.js';
import type { Subscription } from '../../../domain/subscriptions/subscription.js';

/** Resources as their GET returns them, for the `payload.data` of the events they fire. */
export interface ObservedPayloads {
  subscription(subscription: Subscription, offering: Offering, now: Date): unknown;
  invoice(invoice: Invoice): unknown;
  subscriber(subscriber: Subscriber): unknown;
  product(product: SubscriptionProduct): unknown;
  plan(plan: SubscriptionPlan): unknown;
  offering(offering: Offering): unknown;
  schedule(schedule: Schedule): unknown;
  job(job: Job): unknown;
}
