import type { Insertable, Selectable } from 'kysely';
import { type PaymentRefund, REFUND_STATUSES, type RefundStatus } from '../../../../domain/billing/payments/refund.js';
import type { InvoicePaymentRefundsTable } from '../engine/schema.js';
import { storedUuid } from '../sql/stored-json.js';

const refundStatusOf = (stored: string): RefundStatus => {
  const status = REFUND_STATUSES.find((s) => s === stored);
  if (status === undefined) throw new Error(`a refund's stored status is not one of ${REFUND_STATUSES.join(', ')}`);
  return status;
};

export const refundToRow = (refund: PaymentRefund): Insertable<InvoicePaymentRefundsTable> => ({
  id: refund.id,
  store_id: refund.storeId,
  invoice_id: refund.invoiceId,
  payment_id: refund.paymentId,
  subscription_id: refund.subscriptionId,
  amount: refund.amount,
  currency: refund.currency,
  reason: refund.reason,
  status: refund.status,
  gateway: refund.gateway,
  external_refund_id: refund.externalRefundId ?? null,
  created_at: refund.createdAt,
});

export const refundFromRow = (row: Selectable<InvoicePaymentRefundsTable>): PaymentRefund => ({
  id: storedUuid('refund id', row.id),
  storeId: storedUuid('refund store', row.store_id),
  invoiceId: storedUuid('refund invoice', row.invoice_id),
  paymentId: storedUuid('refund payment', row.payment_id),
  subscriptionId: storedUuid('refund subscription', row.subscription_id),
  amount: Number(row.amount),
  currency: row.currency,
  reason: row.reason,
  status: refundStatusOf(row.status),
  gateway: row.gateway,
  ...(row.external_refund_id === null ? {} : { externalRefundId: row.external_refund_id }),
  createdAt: row.created_at,
});
