import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { TaxRunReport } from '../../../domain/billing/run-reports.js';
import { withTaxes } from '../../../domain/billing/taxes/taxes.js';
import type { JobReport } from '../../../domain/jobs/job.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import { parseUuid } from '../../../domain/shared/uuid.js';
import type { PaymentRunStore } from '../../ports/billing/payment-run-store.js';
import type { JobHandler, JobRun } from '../../ports/jobs/job-handler.js';
import type { StoreClock } from '../../ports/test-clocks/store-clock.js';
import { TOKENS } from '../../tokens.js';

/** Invoices taxed between two heartbeats. */
const TAX_BATCH = 500;

/**
 * A tax run: each named invoice of the store that requires tax gets the job's rates, once. An unknown
 * id, another store's invoice, one that needs no tax, one taxed already by another run, or an invoice
 * named twice in the job, is a failure. An invoice this job taxed before it was interrupted counts as
 * updated when it runs again, so the report does not change.
 */
@injectable()
export class RunTaxes implements JobHandler {
  constructor(
    @inject(TOKENS.PaymentRunStore) private readonly invoices: PaymentRunStore,
    @inject(TOKENS.StoreClock) private readonly clock: StoreClock,
  ) {}

  async run({ job, heartbeat }: JobRun): Promise<E.Either<DomainError, JobReport>> {
    const now = await this.clock.now(job.storeId);
    let updated = 0;
    let failures = 0;
    const seen = new Set<string>();
    for (const [index, entry] of (job.taxes ?? []).entries()) {
      const id = parseUuid(entry.invoice_id);
      if (id === undefined || seen.has(id)) {
        failures += 1;
        continue;
      }
      seen.add(id);
      const taxed = await this.invoices.update(job.storeId, id, (invoice) =>
        invoice.taxJobId === job.id
          ? E.left('taxed_by_this_run' as const)
          : withTaxes(invoice, entry.tax_items, job.id, now),
      );
      if (E.isRight(taxed) || taxed.left === 'taxed_by_this_run') updated += 1;
      else failures += 1;
      if ((index + 1) % TAX_BATCH === 0) await heartbeat();
    }
    const report: TaxRunReport = { invoices_updated: updated, invoice_failures: failures };
    return E.right(report);
  }
}
