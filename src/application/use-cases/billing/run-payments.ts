import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { isDueForPayment, type RetryPolicy } from '../../../domain/billing/dunning/payment-retry.js';
import { amountDue, dueIncludesTax, type Invoice } from '../../../domain/billing/invoices/invoice.js';
import type { InvoicePayment } from '../../../domain/billing/payments/invoice-payment.js';
import { type PaymentRunReport, totalsByCurrency } from '../../../domain/billing/run-reports.js';
import type { Job, JobReport } from '../../../domain/jobs/job.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { PaymentGateways } from '../../ports/billing/payment-gateway.js';
import { notAttempted, type PaymentCandidate, type PaymentRunStore } from '../../ports/billing/payment-run-store.js';
import type { JobHandler, JobRun } from '../../ports/jobs/job-handler.js';
import type { DunningRuleRepository } from '../../ports/store-record-repository.js';
import type { SubscriptionRepository } from '../../ports/subscriptions/subscription-repository.js';
import type { IdGenerator } from '../../ports/system.js';
import type { StoreClock } from '../../ports/test-clocks/store-clock.js';
import { TOKENS } from '../../tokens.js';
import { retryPolicyOfStore } from './default-dunning-rule.js';
import { GatewayRefunds } from './gateway-refunds.js';
import { settleAttempt } from './settle-attempt.js';

/** Invoices read per batch. */
const PAYMENT_BATCH = 500;

/** An attempt's payment as it begins, pending, before its gateway is asked. */
export const pendingPayment = (
  invoice: Invoice,
  job: Pick<Job, 'id'>,
  id: Uuid,
  gateway: string,
  now: Date,
): InvoicePayment => ({
  id,
  storeId: invoice.storeId,
  invoiceId: invoice.id,
  subscriptionId: invoice.subscriptionId,
  jobId: job.id,
  gateway,
  status: 'pending',
  amount: amountDue(invoice),
  currency: invoice.currency,
  includesTax: dueIncludesTax(invoice),
  createdAt: now,
  updatedAt: now,
  amountRefunded: 0,
});

/**
 * A payment run: every invoice of the store due for payment by the store's retry policy is attempted
 * once through its subscription's gateway. The attempt is stored as a pending payment first, with the
 * invoice locked and re-checked; the gateway is then asked with the payment's id as its idempotency key,
 * and its answer is stored with the invoice's new state and, when the answer spends the last retry, the
 * dunning action on the subscription, in one transaction. A crash or an expired lease between the two
 * leaves a pending payment, which this run (or a twin of it) never asks for again and a later run
 * resumes under the same key: no invoice is charged twice. A gateway that cannot tell whether it charged
 * (an `unknown` outcome) leaves the payment pending the same way. The report counts the job's payments, so a
 * second run of the job changes nothing. Before any invoice, the store's refunds left pending by a lost
 * answer are asked for again (see `GatewayRefunds.resumePendingOfStore`); the report does not count them.
 */
@injectable()
export class RunPayments implements JobHandler {
  constructor(
    @inject(TOKENS.PaymentRunStore) private readonly invoices: PaymentRunStore,
    @inject(TOKENS.DunningRuleRepository) private readonly rules: DunningRuleRepository,
    @inject(TOKENS.PaymentGateways) private readonly gateways: PaymentGateways,
    @inject(TOKENS.StoreClock) private readonly clock: StoreClock,
    @inject(TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(TOKENS.SubscriptionRepository) private readonly subscriptions: SubscriptionRepository,
    @inject(GatewayRefunds) private readonly refunds: GatewayRefunds,
  ) {}

  private async attempt(job: Job, { invoice, subscription }: PaymentCandidate, policy: RetryPolicy): Promise<void> {
    const now = await this.clock.now(job.storeId);
    if (!isDueForPayment(invoice, policy, now)) return;
    const gateway = this.gateways.for(subscription);
    const begun = await this.invoices.beginAttempt(job.storeId, invoice.id, job.id, (current) =>
      isDueForPayment(current, policy, now)
        ? E.right(pendingPayment(current, job, this.ids.uuid(), gateway.name, now))
        : E.left(notAttempted),
    );
    if (E.isLeft(begun)) return;
    const payment = begun.right;
    // A resumed payment goes back to the gateway that began it, under its key, even if the subscription
    // pays another way since: only that gateway knows whether the money was taken. A gateway this service
    // no longer knows leaves it pending for the merchant to settle.
    const began = payment.gateway === gateway.name ? gateway : this.gateways.named(payment.gateway);
    if (began === undefined) return;
    // A payment another run began is resumed: its gateway may have forgotten the key since.
    const outcome = await began.charge(invoice, payment.amount, subscription, payment.id, payment.jobId !== job.id);
    // The money may have been taken: settling nothing leaves the attempt as a crash would, for a later
    // run to resume under the same key, and keeps the invoice due (a pending outcome would wait for a merchant).
    if (outcome.status === 'unknown') return;
    await settleAttempt(
      { invoices: this.invoices, subscriptions: this.subscriptions, ids: this.ids },
      { storeId: job.storeId, invoiceId: invoice.id, paymentId: payment.id },
      outcome,
      policy,
      now,
    );
  }

  async run({ job, heartbeat }: JobRun): Promise<E.Either<DomainError, JobReport>> {
    // Refunds whose gateway's answer was lost hold part of their payments: settled first, at every run.
    await this.refunds.resumePendingOfStore(job.storeId, heartbeat);
    const policy = await retryPolicyOfStore(this.rules, job.storeId);
    let after: Uuid | undefined;
    do {
      const batch = await this.invoices.paymentBatch(job.storeId, job.id, after, PAYMENT_BATCH);
      for (const candidate of batch.items) await this.attempt(job, candidate, policy);
      await heartbeat();
      after = batch.next;
    } while (after !== undefined);
    const groups = await this.invoices.attemptsBy(job.storeId, job.id);
    const report: PaymentRunReport = {
      total_payment_attempts: groups.reduce((sum, g) => sum + g.count, 0),
      failed_payments: groups.filter((g) => g.status === 'failed').reduce((sum, g) => sum + g.count, 0),
      total_collected: totalsByCurrency(groups.filter((g) => g.status === 'succeeded')),
    };
    return E.right(report);
  }
}
