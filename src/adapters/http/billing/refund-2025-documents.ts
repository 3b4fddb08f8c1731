import { INVOICE_TYPE } from '../../../domain/billing/invoices/invoice.js';
import { INVOICE_PAYMENT_TYPE } from '../../../domain/billing/payments/invoice-payment.js';
import { INVOICE_PAYMENT_REFUND_TYPE, type PaymentRefund } from '../../../domain/billing/payments/refund.js';
import { formatTimestamp } from '../timestamps.js';

/**
 * EPCC 2026's SubscriptionInvoicePaymentRefund. Its `external_refund_id` is required: a manual refund
 * without the merchant's reference answers its own id, the one reference there is (a gateway's refund, once
 * made, answers the gateway's). `meta` adds what the attributes leave out: the currency of `amount`, where
 * the refund belongs, and whether its gateway has answered (`status`).
 */
export const refundResource = (refund: PaymentRefund) => ({
  id: refund.id,
  type: INVOICE_PAYMENT_REFUND_TYPE,
  attributes: {
    amount: refund.amount,
    reason: refund.reason,
    gateway: refund.gateway,
    external_refund_id: refund.externalRefundId ?? refund.id,
    created_at: formatTimestamp(refund.createdAt),
  },
  relationships: {
    invoice: { data: { id: refund.invoiceId, type: INVOICE_TYPE } },
    payment: { data: { id: refund.paymentId, type: INVOICE_PAYMENT_TYPE } },
  },
  meta: {
    owner: 'store',
    currency: refund.currency,
    invoice_id: refund.invoiceId,
    payment_id: refund.paymentId,
    subscription_id: refund.subscriptionId,
    status: refund.status,
  },
});
