import type { Container } from 'inversify';
import type { JobHandler } from '../../src/application/ports/job-handler.js';
import { RunBilling } from '../../src/application/use-cases/billing/run-billing.js';
import { RunPayments } from '../../src/application/use-cases/billing/run-payments.js';
import { RunTaxes } from '../../src/application/use-cases/billing/run-taxes.js';
import { randomIds } from '../../src/adapters/system/system-module.js';
import type { InvoiceTaxes, Job, JobReport, JobType } from '../../src/domain/billing/job.js';
import type { Uuid } from '../../src/domain/shared/uuid.js';

/** A started job made by hand: the job machinery is not needed to run a handler. */
export const aJob = (storeId: Uuid, jobType: JobType, at: Date, taxes?: readonly InvoiceTaxes[]): Job => ({
  id: randomIds.uuid(),
  storeId,
  jobType,
  ...(taxes === undefined ? {} : { taxes }),
  status: 'started',
  createdAt: at,
  updatedAt: at,
  startedAt: at,
});

const handlerOf = (container: Container, jobType: JobType): JobHandler => {
  switch (jobType) {
    case 'billing-run':
      return container.get(RunBilling);
    case 'tax-run':
      return container.get(RunTaxes);
    case 'payment-run':
      return container.get(RunPayments);
    case 'import':
      throw new Error('imports are not billing jobs');
  }
};

/** Runs one billing, tax or payment job through its handler, counting heartbeats. */
export const runJob = async (container: Container, job: Job, startedAt: Date): Promise<{ report: JobReport; heartbeats: number }> => {
  let heartbeats = 0;
  const handler = handlerOf(container, job.jobType);
  const report = await handler.run({ job, startedAt, heartbeat: async () => void (heartbeats += 1) });
  return { report, heartbeats };
};
