import { type ResourceEvent, resourceEvent } from '../../events/domain-event.js';
import type { PaymentRefund } from './refund.js';

/** What a refund's event names: the refund, as its GET returns it. */
export interface RefundSubject {
  readonly resource: 'refund';
  readonly refund: PaymentRefund;
}

/**
 * A refund is made once and never changes. EPCC lists no key for it (its observable events end at
 * `subscription-invoice.deleted`), so the key is ours, named after EPCC's resource type as its keys are.
 */
export const refundCreated = (refund: PaymentRefund): ResourceEvent<RefundSubject> =>
  resourceEvent('subscription-invoice-payment-refund.created', { resource: 'refund', refund });
