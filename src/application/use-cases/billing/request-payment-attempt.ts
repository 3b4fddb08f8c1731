import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { INVOICE_NOT_FOUND, type Invoice } from '../../../domain/billing/invoices/invoice.js';
import { attemptRequested } from '../../../domain/billing/payments/attempt-request.js';
import { type DomainError, notFound } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import type { PaymentRunStore } from '../../ports/billing/payment-run-store.js';
import type { StoreClock } from '../../ports/test-clocks/store-clock.js';
import { TOKENS } from '../../tokens.js';

/**
 * Our extension of EPCC: a merchant asks for one more attempt of an invoice whose retries are spent, so
 * that a suspended or closed subscription's subscriber can pay it; the next payment run makes it.
 */
@injectable()
export class RequestPaymentAttempt {
  constructor(
    @inject(TOKENS.PaymentRunStore) private readonly invoices: PaymentRunStore,
    @inject(TOKENS.StoreClock) private readonly clock: StoreClock,
  ) {}

  async execute(storeId: Uuid, invoiceId: string): Promise<E.Either<DomainError, Invoice>> {
    const id = parseUuid(invoiceId);
    if (id === undefined) return E.left(notFound(INVOICE_NOT_FOUND));
    const now = await this.clock.now(storeId);
    const changed = await this.invoices.update(storeId, id, (current) => attemptRequested(current, now));
    if (E.isRight(changed)) return changed;
    return E.left(changed.left._tag === 'Missing' ? notFound(INVOICE_NOT_FOUND) : changed.left);
  }
}
