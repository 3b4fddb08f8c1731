import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { REFUND_LIST } from '../../../domain/billing/invoices/invoice-query.js';
import { PAYMENT_NOT_FOUND } from '../../../domain/billing/payments/invoice-payment.js';
import type { PaymentRefund } from '../../../domain/billing/payments/refund.js';
import type { Page } from '../../../domain/query/page.js';
import type { QueryParams } from '../../../domain/query/query-params.js';
import { notFound } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { PaymentRefunds } from '../../ports/billing/payment-refunds.js';
import type { StoreRepository } from '../../ports/stores/store-repository.js';
import { TOKENS } from '../../tokens.js';
import { listPage } from '../list-page.js';
import { GetInvoicePayment } from './get-invoice-payment.js';
import type { Result } from './invoice-lookup.js';

/** A payment's refunds, oldest first, on the one list path. */
@injectable()
export class ListInvoicePaymentRefunds {
  constructor(
    @inject(TOKENS.PaymentRefunds) private readonly refunds: PaymentRefunds,
    @inject(TOKENS.StoreRepository) private readonly stores: StoreRepository,
    @inject(GetInvoicePayment) private readonly payments: GetInvoicePayment,
  ) {}

  async execute(storeId: Uuid, invoiceId: string, paymentId: string, params: QueryParams): Result<Page<PaymentRefund>> {
    const listed = await listPage(
      this.stores,
      storeId,
      params,
      REFUND_LIST,
      async (query): Result<Page<PaymentRefund>> => {
        const payment = await this.payments.execute(storeId, invoiceId, paymentId);
        if (E.isLeft(payment)) return payment;
        const found = await this.refunds.listRefunds(storeId, payment.right.invoiceId, payment.right.id, query);
        return found === undefined ? E.left(notFound(PAYMENT_NOT_FOUND)) : E.right(found);
      },
    );
    return E.isLeft(listed) ? listed : listed.right;
  }
}
