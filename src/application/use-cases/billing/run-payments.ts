import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { afterRetriesSpent } from '../../../domain/billing/dunning-action.js';
import { amountDue, dueIncludesTax, type Invoice } from '../../../domain/billing/invoice.js';
import type { GatewayOutcome, InvoicePayment } from '../../../domain/billing/invoice-payment.js';
import type { Job, JobReport } from '../../../domain/billing/job.js';
import { afterAttempt, isDueForPayment, type RetryPolicy } from '../../../domain/billing/payment-retry.js';
import { totalsByCurrency, type PaymentRunReport } from '../../../domain/billing/run-reports.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { DunningRuleRepository } from '../../ports/billing-policy-repository.js';
import { notAttempted, type InvoiceRepository, type PaymentCandidate } from '../../ports/invoice-repository.js';
import type { JobHandler, JobRun } from '../../ports/job-handler.js';
import type { PaymentGateways } from '../../ports/payment-gateway.js';
import type { SubscriptionRepository } from '../../ports/subscription-repository.js';
import type { Clock, IdGenerator } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { retryPolicyOfStore } from './default-dunning-rule.js';

/** Invoices read per batch. */
const PAYMENT_BATCH = 500;

/** A payment as an attempt ended, before it is stored. */
export const paymentOf = (invoice: Invoice, job: Pick<Job, 'id'>, id: Uuid, gateway: string, outcome: GatewayOutcome, now: Date): InvoicePayment => ({
  id,
  storeId: invoice.storeId,
  invoiceId: invoice.id,
  subscriptionId: invoice.subscriptionId,
  jobId: job.id,
  gateway,
  status: outcome.status,
  amount: amountDue(invoice),
  currency: invoice.currency,
  includesTax: dueIncludesTax(invoice),
  ...(outcome.status === 'succeeded' && outcome.externalPaymentId !== undefined ? { externalPaymentId: outcome.externalPaymentId } : {}),
  ...(outcome.status === 'failed' ? { failureReason: outcome.failureReason } : {}),
  createdAt: now,
  updatedAt: now,
  ...(outcome.status === 'succeeded' ? { paymentTakenAt: now } : {}),
});

/** Applies the dunning rule's action to the subscription of an invoice whose retries were just spent. */
export const applyDunning = async (subscriptions: SubscriptionRepository, invoice: Invoice, policy: RetryPolicy, now: Date): Promise<void> => {
  if (!invoice.paymentRetriesLimitReached) return;
  await subscriptions.update(invoice.storeId, invoice.subscriptionId, (subscription) => E.right(afterRetriesSpent(subscription, policy.action, now) ?? subscription));
};

/**
 * A payment run: every invoice of the store due for payment by the store's retry policy is attempted
 * once through its subscription's gateway; the payment and the invoice's new state are stored together,
 * re-checked with the invoice locked. An invoice this job attempted already is not attempted again, and
 * the report counts the job's payments, so a second run of the job changes nothing.
 */
@injectable()
export class RunPayments implements JobHandler {
  constructor(
    @inject(TOKENS.InvoiceRepository) private readonly invoices: InvoiceRepository,
    @inject(TOKENS.SubscriptionRepository) private readonly subscriptions: SubscriptionRepository,
    @inject(TOKENS.DunningRuleRepository) private readonly rules: DunningRuleRepository,
    @inject(TOKENS.PaymentGateways) private readonly gateways: PaymentGateways,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.IdGenerator) private readonly ids: IdGenerator,
  ) {}

  private async attempt(job: Job, { invoice, subscription }: PaymentCandidate, policy: RetryPolicy): Promise<void> {
    const now = this.clock.now();
    if (!isDueForPayment(invoice, policy, now)) return;
    const gateway = this.gateways.for(subscription);
    const outcome = await gateway.charge(invoice, amountDue(invoice), subscription);
    const recorded = await this.invoices.recordAttempt(job.storeId, invoice.id, job.id, (current) =>
      isDueForPayment(current, policy, now)
        ? E.right({ invoice: afterAttempt(current, outcome.status, policy, now), payment: paymentOf(current, job, this.ids.uuid(), gateway.name, outcome, now) })
        : E.left(notAttempted),
    );
    if (E.isRight(recorded)) await applyDunning(this.subscriptions, recorded.right.invoice, policy, now);
  }

  async run({ job, heartbeat }: JobRun): Promise<JobReport> {
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
    return report;
  }
}
