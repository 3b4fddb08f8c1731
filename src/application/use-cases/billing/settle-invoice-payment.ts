import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { INVOICE_NOT_FOUND } from '../../../domain/billing/invoice.js';
import { PAYMENT_NOT_FOUND, type InvoicePayment } from '../../../domain/billing/invoice-payment.js';
import { parseSettlement, settled } from '../../../domain/billing/settlement.js';
import { notFound, validationFailed, type DomainError } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import type { DunningRuleRepository } from '../../ports/billing-policy-repository.js';
import type { InvoiceRepository } from '../../ports/invoice-repository.js';
import type { SubscriptionRepository } from '../../ports/subscription-repository.js';
import type { Clock } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { retryPolicyOfStore } from './default-dunning-rule.js';
import { applyDunning } from './run-payments.js';

/** Our extension of EPCC: a merchant settles a pending manual payment, taken or failed. */
@injectable()
export class SettleInvoicePayment {
  constructor(
    @inject(TOKENS.InvoiceRepository) private readonly invoices: InvoiceRepository,
    @inject(TOKENS.SubscriptionRepository) private readonly subscriptions: SubscriptionRepository,
    @inject(TOKENS.DunningRuleRepository) private readonly rules: DunningRuleRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
  ) {}

  async execute(storeId: Uuid, invoiceId: string, paymentId: string, data: unknown): Promise<E.Either<DomainError, InvoicePayment>> {
    const [invoice, payment] = [parseUuid(invoiceId), parseUuid(paymentId)];
    if (invoice === undefined) return E.left(notFound(INVOICE_NOT_FOUND));
    if (payment === undefined) return E.left(notFound(PAYMENT_NOT_FOUND));
    const settlement = parseSettlement(data);
    if (E.isLeft(settlement)) return E.left(validationFailed(settlement.left));
    const policy = await retryPolicyOfStore(this.rules, storeId);
    const now = this.clock.now();
    const result = await this.invoices.settle(storeId, invoice, payment, (current, pending) => settled(current, pending, settlement.right, policy, now));
    if (E.isLeft(result)) {
      if (result.left._tag !== 'Missing') return E.left(result.left);
      return E.left(notFound((await this.invoices.findById(storeId, invoice)) === undefined ? INVOICE_NOT_FOUND : PAYMENT_NOT_FOUND));
    }
    await applyDunning(this.subscriptions, result.right.invoice, policy, now);
    return E.right(result.right.payment);
  }
}
