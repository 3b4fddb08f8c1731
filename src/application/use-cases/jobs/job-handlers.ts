import type { ServiceIdentifier } from 'inversify';
import type { JobHandler, JobHandlers } from '../../ports/jobs/job-handler.js';
import { RunBilling } from '../billing/run-billing.js';
import { RunPayments } from '../billing/run-payments.js';
import { RunTaxes } from '../billing/run-taxes.js';
import { RunImport } from '../imports/run-import.js';
import { RunPriceUpdate } from '../subscriptions/run-price-update.js';

/** The use case that runs each job type: the one map the service and the tests resolve handlers from. */
export const JOB_HANDLER_CLASSES: Readonly<Record<keyof JobHandlers, ServiceIdentifier<JobHandler>>> = {
  'billing-run': RunBilling,
  'tax-run': RunTaxes,
  'payment-run': RunPayments,
  import: RunImport,
  'subscription-update': RunPriceUpdate,
};

/** Every job type's handler, resolved by `get` (a container's). */
export const jobHandlersFrom = (get: <T>(id: ServiceIdentifier<T>) => T): JobHandlers => ({
  'billing-run': get(JOB_HANDLER_CLASSES['billing-run']),
  'tax-run': get(JOB_HANDLER_CLASSES['tax-run']),
  'payment-run': get(JOB_HANDLER_CLASSES['payment-run']),
  import: get(JOB_HANDLER_CLASSES.import),
  'subscription-update': get(JOB_HANDLER_CLASSES['subscription-update']),
});
