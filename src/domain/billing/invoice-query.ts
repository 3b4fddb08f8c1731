import * as E from 'fp-ts/lib/Either.js';
import type { FilterRules } from '../query/filter.js';
import type { ListQuery, ListRules } from '../query/list-query.js';
import type { PageRequest } from '../query/page.js';
import { issues } from '../shared/errors.js';
import type { Parsed } from '../shared/validation.js';

/** EPCC: invoices are filtered with `eq` on these four fields. */
const INVOICE_FILTERS = {
  subscriber_id: ['eq'],
  subscription_id: ['eq'],
  outstanding: ['eq'],
  tax_required: ['eq'],
} as const satisfies FilterRules<string>;
export type InvoiceFilterField = keyof typeof INVOICE_FILTERS;

export const INVOICE_LIST: ListRules<InvoiceFilterField> = { filter: INVOICE_FILTERS, include: [] };

/** The conditions an invoice list asks for; each one left out matches every invoice. */
export interface InvoiceFilter {
  readonly subscriberId?: string;
  readonly subscriptionId?: string;
  readonly outstanding?: boolean;
  readonly taxRequired?: boolean;
}

export interface InvoiceQuery {
  readonly page: PageRequest;
  readonly filter: InvoiceFilter;
}

const flag = (field: string, value: string): Parsed<boolean> =>
  value === 'true' ? E.right(true) : value === 'false' ? E.right(false) : E.left(issues(`filter.${field}`, "must be 'true' or 'false'"));

/** The parsed list query as typed conditions; a boolean field takes only `true` or `false`. */
export const invoiceQueryOf = (query: ListQuery<InvoiceFilterField>): Parsed<InvoiceQuery> => {
  let filter: InvoiceFilter = {};
  for (const condition of query.filter) {
    if (condition.op !== 'eq') continue;
    const { field, value } = condition;
    if (field === 'subscriber_id') filter = { ...filter, subscriberId: value };
    else if (field === 'subscription_id') filter = { ...filter, subscriptionId: value };
    else {
      const parsed = flag(field, value);
      if (E.isLeft(parsed)) return parsed;
      filter = field === 'outstanding' ? { ...filter, outstanding: parsed.right } : { ...filter, taxRequired: parsed.right };
    }
  }
  return E.right({ page: query.page, filter });
};

/** Whether an invoice meets every condition of the filter. */
export const matchesInvoiceFilter = (
  invoice: { readonly subscriberId: string; readonly subscriptionId: string; readonly outstanding: boolean; readonly taxRequired: boolean },
  filter: InvoiceFilter,
): boolean =>
  (filter.subscriberId === undefined || invoice.subscriberId === filter.subscriberId) &&
  (filter.subscriptionId === undefined || invoice.subscriptionId === filter.subscriptionId) &&
  (filter.outstanding === undefined || invoice.outstanding === filter.outstanding) &&
  (filter.taxRequired === undefined || invoice.taxRequired === filter.taxRequired);
