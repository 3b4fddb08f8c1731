import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { type PaymentRefund, REFUND_NOT_FOUND } from '../../../domain/billing/payments/refund.js';
import { notFound } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import type { PaymentRefunds } from '../../ports/billing/payment-refunds.js';
import { TOKENS } from '../../tokens.js';
import { GetInvoicePayment } from './get-invoice-payment.js';
import type { Result } from './invoice-lookup.js';

/** One refund of one payment of one invoice of the store: each missing one is named as such. */
@injectable()
export class GetInvoicePaymentRefund {
  constructor(
    @inject(TOKENS.PaymentRefunds) private readonly refunds: PaymentRefunds,
    @inject(GetInvoicePayment) private readonly payments: GetInvoicePayment,
  ) {}

  async execute(storeId: Uuid, invoiceId: string, paymentId: string, refundId: string): Result<PaymentRefund> {
    const payment = await this.payments.execute(storeId, invoiceId, paymentId);
    if (E.isLeft(payment)) return payment;
    const id = parseUuid(refundId);
    const found =
      id === undefined
        ? undefined
        : await this.refunds.findRefund(storeId, payment.right.invoiceId, payment.right.id, id);
    return found === undefined ? E.left(notFound(REFUND_NOT_FOUND)) : E.right(found);
  }
}
