import * as E from 'fp-ts/lib/Either.js';
import { conflict, type DomainError, unprocessable } from '../../shared/errors.js';
import type { Invoice } from '../invoices/invoice.js';

/**
 * A merchant asks for one more attempt of an invoice whose retries are spent (EPCC: after `suspend` or
 * `close` "a subscriber can choose to pay the outstanding invoice"). Its retries are no longer marked
 * spent, and with its failures past the limit the next payment run attempts it at once (`nextAttemptDue`):
 * through its gateway, or as a pending manual payment the merchant settles. A failure spends it again.
 */
export const attemptRequested = (invoice: Invoice, now: Date): E.Either<DomainError, Invoice> => {
  if (!invoice.outstanding)
    return E.left(conflict('the invoice is paid: there is nothing left to attempt', 'invoice_paid'));
  if (!invoice.paymentRetriesLimitReached) {
    return E.left(
      unprocessable(
        'the invoice still has payment retries: payment runs attempt it on the dunning schedule',
        'payment_retries_left',
      ),
    );
  }
  return E.right({ ...invoice, paymentRetriesLimitReached: false, updatedAt: now });
};
