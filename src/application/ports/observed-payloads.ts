import type { Invoice } from '../../domain/billing/invoice.js';
import type { Offering } from '../../domain/subscription/offering.js';
import type { Subscription } from '../../domain/subscription/subscription.js';

/** Resources as their GET returns them, for the `payload.data` of the events they fire. */
export interface ObservedPayloads {
  subscription(subscription: Subscription, offering: Offering, now: Date): unknown;
  invoice(invoice: Invoice): unknown;
}
