// The use cases of billing, by the names the library exports them under: billing-module.ts binds
// each of them, and src/index.ts re-exports this file whole. Use cases only (see UseCaseList).

export { CreateInvoicePaymentRefund } from './create-invoice-payment-refund.js';
export {
  CreateDunningRule,
  DeleteDunningRule,
  GetDunningRule,
  ListDunningRules,
  UpdateDunningRule,
} from './dunning-rules.js';
export { GatewayRefunds } from './gateway-refunds.js';
export { GetInvoice } from './get-invoice.js';
export { GetInvoicePayment } from './get-invoice-payment.js';
export { GetInvoicePaymentRefund } from './get-invoice-payment-refund.js';
export { InvoiceLookup } from './invoice-lookup.js';
export { ListInvoicePaymentRefunds } from './list-invoice-payment-refunds.js';
export { ListInvoicePayments } from './list-invoice-payments.js';
export { ListInvoices } from './list-invoices.js';
export {
  CreateProrationPolicy,
  DeleteProrationPolicy,
  GetProrationPolicy,
  ListProrationPolicies,
  UpdateProrationPolicy,
} from './proration-policies.js';
export { RequestPaymentAttempt } from './request-payment-attempt.js';
export { RunBilling } from './run-billing.js';
export { RunPayments } from './run-payments.js';
export { RunTaxes } from './run-taxes.js';
export { SetOfferingProrationPolicy } from './set-offering-proration-policy.js';
export { SettleGatewayEvent } from './settle-gateway-event.js';
export { SettleInvoicePayment } from './settle-invoice-payment.js';
