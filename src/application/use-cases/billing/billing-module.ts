import { UseCaseModule } from '../use-case-module.js';
import * as BILLING_USE_CASES from './billing-use-cases.js';

/** Billing: runs, taxes, payments and settlements, invoices, dunning rules and proration policies. */
export const billingModule = new UseCaseModule(BILLING_USE_CASES);
