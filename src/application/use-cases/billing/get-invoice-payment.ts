import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { ShopperScope } from '../../../domain/auth/account-member-token.js';
import { type InvoicePayment, PAYMENT_NOT_FOUND } from '../../../domain/billing/payments/invoice-payment.js';
import { notFound } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import type { InvoiceReads } from '../../ports/billing/invoice-reads.js';
import { TOKENS } from '../../tokens.js';
import type { Result } from './invoice-lookup.js';
import { InvoiceLookup } from './invoice-lookup.js';

@injectable()
export class GetInvoicePayment {
  constructor(
    @inject(TOKENS.InvoiceReads) private readonly invoices: InvoiceReads,
    @inject(InvoiceLookup) private readonly lookup: InvoiceLookup,
  ) {}

  async execute(
    storeId: Uuid,
    invoiceId: string,
    paymentId: string,
    subscriptionId?: string,
    shopper?: ShopperScope,
  ): Result<InvoicePayment> {
    const invoice = await this.lookup.invoice(storeId, invoiceId, subscriptionId, shopper);
    if (E.isLeft(invoice)) return invoice;
    const id = parseUuid(paymentId);
    const found =
      id === undefined ? undefined : await this.invoices.findPayment(storeId, invoice.right.id, id, shopper?.accountId);
    return found === undefined ? E.left(notFound(PAYMENT_NOT_FOUND)) : E.right(found);
  }
}
