import { amountDue, dueIncludesTax, INVOICE_TYPE, type Invoice } from '../../../domain/billing/invoices/invoice.js';
import {
  INVOICE_PAYMENT_TYPE,
  type InvoicePayment,
  MANUAL_GATEWAY,
} from '../../../domain/billing/payments/invoice-payment.js';
import { formatTimestamp } from '../timestamps.js';

/**
 * EPCC's SubscriptionInvoice. `meta.price` is the amount asked: the items, plus the taxes once a tax run
 * added them (then `includes_tax` is true). `subscriber_id` is the account the subscription bills, which
 * is how subscribers are known (their `account_id`).
 */
export const invoiceResource = (invoice: Invoice) => {
  const timestamps = { created_at: formatTimestamp(invoice.createdAt), updated_at: formatTimestamp(invoice.updatedAt) };
  return {
    id: invoice.id,
    type: INVOICE_TYPE,
    attributes: {
      billing_period: {
        start: formatTimestamp(invoice.billingPeriod.start),
        end: formatTimestamp(invoice.billingPeriod.end),
      },
      invoice_items: invoice.items.map((item) => ({
        description: item.description,
        price: item.price,
        ...(item.productId === undefined ? {} : { product_id: item.productId }),
        from_time_period: formatTimestamp(item.fromTimePeriod),
        until_time_period: formatTimestamp(item.untilTimePeriod),
      })),
      tax_items: invoice.taxItems,
      outstanding: invoice.outstanding,
      number: invoice.number,
      tax_required: invoice.taxRequired,
      payment_retries_limit_reached: invoice.paymentRetriesLimitReached,
      manual_payment_pending: invoice.manualPaymentPending,
      ...timestamps,
    },
    meta: {
      owner: 'store',
      subscription_id: invoice.subscriptionId,
      subscriber_id: invoice.subscriberId,
      price: { currency: invoice.currency, amount: amountDue(invoice), includes_tax: dueIncludesTax(invoice) },
      timestamps: {
        ...timestamps,
        ...(invoice.taxesAddedAt === undefined ? {} : { taxes_added_at: formatTimestamp(invoice.taxesAddedAt) }),
      },
      proration_events: invoice.proration.events.map((event) => ({
        proration_policy_id: event.prorationPolicyId,
        billing_cost_before_proration: event.billingCostBeforeProration,
        refunded_amount_for_unused_plan: event.refundedAmountForUnusedPlan,
        new_plan_cost: event.newPlanCost,
        prorated_at: formatTimestamp(event.proratedAt),
      })),
    },
  };
};

/**
 * EPCC's SubscriptionInvoicePayment: `pending` while a manual payment waits to be settled (`success` is
 * false until then). `status` says the same in one word; it is deprecated, kept for clients of 0.1.
 * What refunds gave back shows as Stripe shows it on a charge: `amount_refunded`, and `refunded` once it is all.
 */
export const invoicePaymentResource = (payment: InvoicePayment) => ({
  id: payment.id,
  type: INVOICE_PAYMENT_TYPE,
  attributes: {
    success: payment.status === 'succeeded',
    pending: payment.status === 'pending',
    status: payment.status,
    gateway: payment.gateway,
    ...(payment.externalPaymentId === undefined ? {} : { external_payment_id: payment.externalPaymentId }),
    ...(payment.failureReason === undefined ? {} : { failure_detail: { reason: payment.failureReason } }),
    amount: { currency: payment.currency, amount: payment.amount, includes_tax: payment.includesTax },
  },
  meta: {
    owner: 'store',
    invoice_id: payment.invoiceId,
    subscription_id: payment.subscriptionId,
    job_id: payment.jobId,
    manual_payment: payment.gateway === MANUAL_GATEWAY,
    amount_refunded: payment.amountRefunded,
    refunded: payment.amountRefunded > 0 && payment.amountRefunded === payment.amount,
    timestamps: {
      created_at: formatTimestamp(payment.createdAt),
      updated_at: formatTimestamp(payment.updatedAt),
      ...(payment.paymentTakenAt === undefined ? {} : { payment_taken_at: formatTimestamp(payment.paymentTakenAt) }),
    },
  },
});
