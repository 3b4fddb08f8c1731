import type { Offering } from '../../../domain/catalogue/offering.js';
import type { Subscription } from '../../../domain/subscriptions/subscription.js';

/**
 * A subscription's resource documents as one text, made whenever it is written and kept with it, so that a
 * list page is put together from stored texts without reading or encoding a single subscription
 * (docs/performance.md). The text leaves out what the moment of reading decides and what billing runs change
 * in bulk (its status, `closed`, `pending` and `invoice_after`), and its offering's document, which is shared
 * by every subscription of the version: those are put in where it is read.
 */
export interface SubscriptionDocuments {
  /** The text kept with `subscription`, whose offering version is `offering`. */
  render(subscription: Subscription, offering: Offering): string;
  /** How every document `render` makes now begins: one that begins otherwise is of an older format. */
  readonly format: string;
  /** Whether `document` was made as `render` makes it now; an older one is made again from its subscription. */
  isCurrent(document: string): boolean;
}
