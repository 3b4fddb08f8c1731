import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { InvoicePayment } from '../../../domain/billing/payments/invoice-payment.js';
import {
  gatewayRefusedRefund,
  type PaymentRefund,
  type RefundedPayment,
  refundGiven,
  refundWithdrawn,
} from '../../../domain/billing/payments/refund.js';
import { refundCreated } from '../../../domain/billing/payments/refund-events.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { PaymentGateways, RefundOutcome } from '../../ports/billing/payment-gateway.js';
import type { PaymentRefunds, RefundSettled } from '../../ports/billing/payment-refunds.js';
import type { Missing } from '../../ports/storage-outcomes.js';
import type { StoreClock } from '../../ports/test-clocks/store-clock.js';
import { TOKENS } from '../../tokens.js';

/** Pending refunds read per batch of a store's sweep. */
const SWEEP_BATCH = 100;

const settledAs = (
  kind: RefundSettled['kind'],
  change: E.Either<DomainError, RefundedPayment>,
): E.Either<DomainError, RefundSettled> => E.map((done: RefundedPayment) => ({ ...done, kind }))(change);

/**
 * Refunds given back through the gateway that took their payment. A refund is stored pending first (its
 * amount held against every other refund of the payment), then its gateway is asked under the refund's id,
 * then the answer is recorded: made, the refund `succeeded` and its event written; refused, the refund is
 * no more and its amount is the payment's again. A lost answer leaves it pending, as a crash between the
 * two would, and a later attempt asks again under the same key, so the money is given back once.
 */
@injectable()
export class GatewayRefunds {
  constructor(
    @inject(TOKENS.PaymentRefunds) private readonly refunds: PaymentRefunds,
    @inject(TOKENS.PaymentGateways) private readonly gateways: PaymentGateways,
    @inject(TOKENS.StoreClock) private readonly clock: StoreClock,
  ) {}

  /** Whether the gateway of this name gives money back when asked. */
  refundsThrough(gateway: string): boolean {
    return this.gateways.named(gateway)?.refund !== undefined;
  }

  /** Asks the refund's gateway for a pending refund and records its answer; a lost answer leaves it pending. */
  async ask(payment: InvoicePayment, refund: PaymentRefund): Promise<E.Either<DomainError, PaymentRefund>> {
    const gateway = this.gateways.named(refund.gateway);
    if (gateway?.refund === undefined) return E.right(refund);
    const outcome = await gateway.refund(payment, refund);
    if (outcome.status === 'unknown') return E.right(refund);
    const settled = await this.record(refund, outcome);
    if (outcome.status === 'refused') return E.left(gatewayRefusedRefund(refund.gateway, outcome.reason));
    if (E.isRight(settled)) return E.right(settled.right.refund);
    // Another attempt recorded the same answer first (the gateway answers one key alike): read it as it is.
    const stored = await this.refunds.findRefund(refund.storeId, refund.invoiceId, refund.paymentId, refund.id);
    return E.right(stored ?? { ...refund, status: 'succeeded', externalRefundId: outcome.externalRefundId });
  }

  /**
   * Records a gateway's answer for a pending refund, however it arrived (the answer to `ask`, or a webhook
   * after it): made, the refund is given and its event written; refused, it is withdrawn. An answer for a
   * refund no longer pending (recorded already, by an earlier answer or a twin delivery) is refused by
   * `refundGiven`/`refundWithdrawn` under the invoice's lock and changes nothing.
   */
  async record(
    refund: Pick<PaymentRefund, 'storeId' | 'invoiceId' | 'paymentId' | 'id'>,
    outcome: RefundOutcome,
  ): Promise<E.Either<Missing | DomainError, RefundSettled>> {
    const now = await this.clock.now(refund.storeId);
    return this.refunds.settleRefund(
      refund.storeId,
      refund.invoiceId,
      refund.paymentId,
      refund.id,
      (current, pending): E.Either<DomainError, RefundSettled> =>
        outcome.status === 'succeeded'
          ? settledAs('given', refundGiven(current, pending, outcome.externalRefundId))
          : settledAs('withdrawn', refundWithdrawn(current, pending, now)),
      (done) => (done.kind === 'given' ? [refundCreated(done.refund)] : []),
    );
  }

  /**
   * Asks again for a payment's refunds left pending by an earlier attempt whose answer was lost, so that
   * what they hold is settled before another refund is decided. A refusal is recorded and otherwise
   * ignored here: it was the earlier request's to answer.
   */
  async resumePending(storeId: Uuid, invoiceId: Uuid, paymentId: Uuid): Promise<void> {
    for (const { payment, refund } of await this.refunds.pendingRefunds(storeId, invoiceId, paymentId))
      await this.ask(payment, refund);
  }

  /**
   * Asks again for every refund of the store left pending by a lost answer, of all its payments, in
   * batches, calling `between` after each that had any (a job's heartbeat): so a lost answer is settled by the next
   * payment run at the latest, not only when another refund of its payment is asked. A refusal is recorded
   * (the refund is no more, its amount the payment's again) and otherwise ignored, as above.
   */
  async resumePendingOfStore(storeId: Uuid, between: () => Promise<void> = async () => {}): Promise<void> {
    let after: Uuid | undefined;
    do {
      const batch = await this.refunds.pendingRefundsOfStore(storeId, after, SWEEP_BATCH);
      for (const { payment, refund } of batch.items) await this.ask(payment, refund);
      if (batch.items.length > 0) await between();
      after = batch.next;
    } while (after !== undefined);
  }
}
