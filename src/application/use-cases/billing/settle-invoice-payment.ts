import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { INVOICE_NOT_FOUND } from '../../../domain/billing/invoices/invoice.js';
import { type InvoicePayment, PAYMENT_NOT_FOUND } from '../../../domain/billing/payments/invoice-payment.js';
import { parseSettlement, settled } from '../../../domain/billing/payments/settlement.js';
import { type DomainError, notFound, validationFailed } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import type { InvoiceReads } from '../../ports/billing/invoice-reads.js';
import type { PaymentRunStore } from '../../ports/billing/payment-run-store.js';
import type { DunningRuleRepository } from '../../ports/store-record-repository.js';
import type { SubscriptionRepository } from '../../ports/subscriptions/subscription-repository.js';
import type { IdGenerator } from '../../ports/system.js';
import type { StoreClock } from '../../ports/test-clocks/store-clock.js';
import { TOKENS } from '../../tokens.js';
import { activeAgainAfterPayment } from './active-again.js';
import { retryPolicyOfStore } from './default-dunning-rule.js';
import { dunningBy } from './settle-attempt.js';

/**
 * EPCC's UpdateInvoicePayment: a merchant settles a pending manual payment, taken or failed. A failure that
 * spends the invoice's last retry applies the dunning action in the settlement's transaction; settling
 * a payment again, once it is settled, is refused the same way every time (409 payment_not_pending).
 */
@injectable()
export class SettleInvoicePayment {
  constructor(
    @inject(TOKENS.PaymentRunStore) private readonly invoices: PaymentRunStore,
    @inject(TOKENS.DunningRuleRepository) private readonly rules: DunningRuleRepository,
    @inject(TOKENS.StoreClock) private readonly clock: StoreClock,
    @inject(TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(TOKENS.SubscriptionRepository) private readonly subscriptions: SubscriptionRepository,
    @inject(TOKENS.InvoiceReads) private readonly reads: InvoiceReads,
  ) {}

  async execute(
    storeId: Uuid,
    invoiceId: string,
    paymentId: string,
    data: unknown,
  ): Promise<E.Either<DomainError, InvoicePayment>> {
    const [invoice, payment] = [parseUuid(invoiceId), parseUuid(paymentId)];
    if (invoice === undefined) return E.left(notFound(INVOICE_NOT_FOUND));
    if (payment === undefined) return E.left(notFound(PAYMENT_NOT_FOUND));
    const settlement = parseSettlement(data, payment);
    if (E.isLeft(settlement)) return E.left(validationFailed(settlement.left));
    const policy = await retryPolicyOfStore(this.rules, storeId);
    const now = await this.clock.now(storeId);
    const result = await this.invoices.settle(
      storeId,
      invoice,
      payment,
      (current, pending) => settled(current, pending, settlement.right, policy, now),
      dunningBy(policy, now, this.ids),
    );
    if (E.isLeft(result)) {
      if (result.left._tag !== 'Missing') return E.left(result.left);
      return E.left(
        notFound((await this.reads.findById(storeId, invoice)) === undefined ? INVOICE_NOT_FOUND : PAYMENT_NOT_FOUND),
      );
    }
    if (result.right.payment.status === 'succeeded') {
      const paid = await this.subscriptions.findById(storeId, result.right.invoice.subscriptionId);
      await activeAgainAfterPayment(this.subscriptions, storeId, paid?.subscription);
    }
    return E.right(result.right.payment);
  }
}
