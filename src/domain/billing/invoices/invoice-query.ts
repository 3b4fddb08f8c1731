import { BOOLEAN_FILTER_VALUES, type FilterRules } from '../../query/filter.js';
import type { ListQuery, ListRules } from '../../query/list-query.js';

/** EPCC: invoices are filtered with `eq` on these four fields. */
const INVOICE_FILTERS = {
  subscriber_id: ['eq'],
  subscription_id: ['eq'],
  outstanding: ['eq'],
  tax_required: ['eq'],
} as const satisfies FilterRules<string>;
export type InvoiceFilterField = keyof typeof INVOICE_FILTERS;

/** A boolean field takes only `true` or `false`. */
export const INVOICE_LIST: ListRules<InvoiceFilterField> = {
  filter: INVOICE_FILTERS,
  include: [],
  values: { outstanding: BOOLEAN_FILTER_VALUES, tax_required: BOOLEAN_FILTER_VALUES },
};

/** EPCC declares no filter on a subscription's invoices: they are that subscription's, newest first. */
export const SUBSCRIPTION_INVOICE_LIST: ListRules<InvoiceFilterField> = { include: [] };

/** An invoice's payments, oldest first: no filter. */
export const PAYMENT_LIST: ListRules = {};

/** A payment's refunds, oldest first: no filter. */
export const REFUND_LIST: ListRules = {};

export type InvoiceQuery = ListQuery<InvoiceFilterField>;

/** The query for one subscription's invoices: its page, and that subscription alone. */
export const ofSubscription = (query: InvoiceQuery, subscriptionId: string): InvoiceQuery =>
  ({ ...query, filter: [{ op: 'eq', field: 'subscription_id', value: subscriptionId }] }) as InvoiceQuery;
