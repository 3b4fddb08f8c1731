import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { INVOICE_NOT_FOUND } from '../../../domain/billing/invoices/invoice.js';
import { PAYMENT_NOT_FOUND } from '../../../domain/billing/payments/invoice-payment.js';
import { type PaymentRefund, parseRefundRequest, refunded } from '../../../domain/billing/payments/refund.js';
import { refundCreated } from '../../../domain/billing/payments/refund-events.js';
import { type DomainError, notFound, validationFailed } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import type { InvoiceReads } from '../../ports/billing/invoice-reads.js';
import type { PaymentRefunds } from '../../ports/billing/payment-refunds.js';
import type { IdGenerator } from '../../ports/system.js';
import type { StoreClock } from '../../ports/test-clocks/store-clock.js';
import { TOKENS } from '../../tokens.js';
import { GatewayRefunds } from './gateway-refunds.js';

/**
 * EPCC 2026's CreateInvoicePaymentRefund: money given back of a taken payment, at the store's time (its
 * test clock's when set): a manual payment's refund is recorded; a gateway's is given back through that
 * gateway (see `GatewayRefunds`), and is answered `pending` when the gateway's answer was lost. The invoice
 * and its subscription are left as they are.
 */
@injectable()
export class CreateInvoicePaymentRefund {
  constructor(
    @inject(TOKENS.PaymentRefunds) private readonly refunds: PaymentRefunds,
    @inject(TOKENS.StoreClock) private readonly clock: StoreClock,
    @inject(TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(TOKENS.InvoiceReads) private readonly reads: InvoiceReads,
    @inject(GatewayRefunds) private readonly gateways: GatewayRefunds,
  ) {}

  async execute(
    storeId: Uuid,
    invoiceId: string,
    paymentId: string,
    data: unknown,
  ): Promise<E.Either<DomainError, PaymentRefund>> {
    const [invoice, payment] = [parseUuid(invoiceId), parseUuid(paymentId)];
    if (invoice === undefined) return E.left(notFound(INVOICE_NOT_FOUND));
    if (payment === undefined) return E.left(notFound(PAYMENT_NOT_FOUND));
    const request = parseRefundRequest(data);
    if (E.isLeft(request)) return E.left(validationFailed(request.left));
    // What refunds whose gateway's answer was lost hold is settled before this one is decided.
    await this.gateways.resumePending(storeId, invoice, payment);
    const now = await this.clock.now(storeId);
    const id = this.ids.uuid();
    const result = await this.refunds.refund(
      storeId,
      invoice,
      payment,
      (current) => refunded(current, request.right, id, now, this.gateways.refundsThrough(current.gateway)),
      // A pending refund has given nothing back yet: its event is written when its gateway says it has.
      ({ refund }) => (refund.status === 'succeeded' ? [refundCreated(refund)] : []),
    );
    if (E.isRight(result))
      return result.right.refund.status === 'succeeded'
        ? E.right(result.right.refund)
        : this.gateways.ask(result.right.payment, result.right.refund);
    if (result.left._tag !== 'Missing') return E.left(result.left);
    return E.left(
      notFound((await this.reads.findById(storeId, invoice)) === undefined ? INVOICE_NOT_FOUND : PAYMENT_NOT_FOUND),
    );
  }
}
