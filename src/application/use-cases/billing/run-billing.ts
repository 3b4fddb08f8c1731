import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { type InvoiceDraft, NO_PRORATION } from '../../../domain/billing/invoices/invoice.js';
import { invoicesCreated } from '../../../domain/billing/invoices/invoice-events.js';
import { invoiceDraft } from '../../../domain/billing/invoices/invoice-items.js';
import { billingRunOutcome } from '../../../domain/billing/periods/billing-period.js';
import { chargeProrations } from '../../../domain/billing/proration/proration.js';
import { type BillingRunReport, totalsByCurrency } from '../../../domain/billing/run-reports.js';
import type { JobReport } from '../../../domain/jobs/job.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { BillingCandidate, BillingRunStore, CreationCursor } from '../../ports/billing/billing-run-store.js';
import type { JobHandler, JobRun } from '../../ports/jobs/job-handler.js';
import type { SubscriptionRepository } from '../../ports/subscriptions/subscription-repository.js';
import type { Clock, IdGenerator } from '../../ports/system.js';
import type { StoreClock } from '../../ports/test-clocks/store-clock.js';
import { TOKENS } from '../../tokens.js';

/** Subscriptions read and invoiced per transaction, unless the container binds another size. */
export const BILLING_BATCH = 1000;

/**
 * A billing run: every subscription of the store that is due at the run's start (its `invoice_after` has
 * come) gets one invoice, for its oldest period not invoiced yet, or turns `inactive` when it is paused
 * or canceled (see `billingRunOutcome`), a batch of subscriptions at a time. Storing an invoice moves its
 * subscription's `invoice_after` to the period's end, so a run repeated at the same time finds it not due;
 * a period already invoiced (by an earlier run, a concurrent one, or this run before it was interrupted)
 * is left out. Its report counts every invoice the job created, whichever time it ran.
 */
@injectable()
export class RunBilling implements JobHandler {
  constructor(
    @inject(TOKENS.BillingRunStore) private readonly invoices: BillingRunStore,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.StoreClock) private readonly storeClock: StoreClock,
    @inject(TOKENS.SubscriptionRepository) private readonly subscriptions: SubscriptionRepository,
    @inject(TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(TOKENS.BillingBatchSize) private readonly batchSize: number,
  ) {}

  /** What the run makes of one subscription: the draft of its one due period, if any, and whether it turns inactive. */
  private billed(
    candidate: BillingCandidate,
    jobId: Uuid,
    instant: Date,
    heldAt: Date | undefined,
  ): { draft?: InvoiceDraft; failures: number; turnsInactive: boolean } {
    const { subscription, offering, history } = candidate;
    const plan = offering.plans.find((p) => p.id === subscription.planId);
    if (plan === undefined) return { failures: 1, turnsInactive: false };
    // A run looks at each subscription once: run again after a crash, it does not bill the next period.
    if (history.lastInvoiced?.jobId === jobId) return { failures: 0, turnsInactive: false };
    const { period, turnsInactive } = billingRunOutcome(subscription, plan.attributes, instant, history);
    if (period === undefined) return { failures: 0, turnsInactive };
    const draft = invoiceDraft(subscription, offering, period, {
      id: this.ids.uuid(),
      jobId,
      now: heldAt ?? this.clock.now(),
    });
    if (E.isLeft(draft)) return { failures: 1, turnsInactive };
    const prorated = chargeProrations([draft.right], subscription, history.lastInvoiced?.proration ?? NO_PRORATION);
    const [charged] = E.isRight(prorated) ? prorated.right : [];
    return charged === undefined ? { failures: 1, turnsInactive } : { draft: charged, failures: 0, turnsInactive };
  }

  async run({ job, startedAt, heartbeat }: JobRun): Promise<E.Either<DomainError, JobReport>> {
    // A store on a test clock makes its invoices at the clock's time.
    const heldAt = await this.storeClock.heldAt(job.storeId);
    let failures = 0;
    let after: CreationCursor | undefined;
    do {
      const batch = await this.invoices.billingBatch(job.storeId, after, this.batchSize);
      const drafts: InvoiceDraft[] = [];
      const stopped: Uuid[] = [];
      const madeFrom = new Map<Uuid, Date>();
      for (const candidate of batch.items) {
        madeFrom.set(candidate.subscription.id, candidate.subscription.timestamps.updatedAt);
        const found = this.billed(candidate, job.id, startedAt, heldAt);
        if (found.turnsInactive) stopped.push(candidate.subscription.id);
        if (found.draft !== undefined) drafts.push(found.draft);
        failures += found.failures;
      }
      await this.invoices.insertInvoices(job.storeId, drafts, invoicesCreated, madeFrom);
      await this.subscriptions.setInactive(job.storeId, stopped, true);
      await heartbeat();
      after = batch.next;
    } while (after !== undefined);
    return E.right(billingReport(await this.invoices.createdBy(job.storeId, job.id), failures));
  }
}

/** EPCC's BillingRunReport: invoices with something to pay are ready for payment, or wait for tax when their price excludes it. */
const billingReport = (
  groups: Awaited<ReturnType<BillingRunStore['createdBy']>>,
  failures: number,
): BillingRunReport => {
  const charged = groups.filter((g) => g.charged);
  const ready = charged.filter((g) => g.includesTax);
  const taxed = charged.filter((g) => !g.includesTax);
  const count = (list: typeof groups) => list.reduce((sum, g) => sum + g.count, 0);
  return {
    invoices_ready_for_payment: count(ready),
    invoices_tax_required: count(taxed),
    invoice_failures: failures,
    total_ready_for_payment: totalsByCurrency(ready),
    total_tax_required: totalsByCurrency(taxed),
  };
};
