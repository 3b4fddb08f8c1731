import { amountDue, type Invoice } from '../../../domain/billing/invoices/invoice.js';
import { isProForma, validFrom } from '../../../domain/billing/invoices/pro-forma.js';
import { proRataRemainingValue } from '../../../domain/billing/proration/pro-rata-remaining.js';
import { displayPrice } from '../../../domain/catalogue/pricing.js';
import { formatTimestamp } from '../timestamps.js';
import { invoiceResource } from './invoice-documents.js';

/**
 * An invoice on EPCC's 2025 wire: the same record as 2024's, each item naming the plan it charges for by
 * `plan_id` (the product copy's id, as 2025 plans are), the proration events named by pricing options, and
 * what 2026-10 adds: `pro_forma` and `valid_from` (an invoice made ahead of its period by a lead time is
 * pro forma until its period starts; `pro-forma.ts`), `relationships.subscription`, `meta.display_price`
 * and `meta.pro_rata_remaining_value`, each at `now`, the store's time.
 */
export const invoice2025Resource = (invoice: Invoice, now: Date) => {
  const resource = invoiceResource(invoice);
  const price = { [invoice.currency]: { amount: amountDue(invoice) } };
  const { proration_events: events, ...meta } = resource.meta;
  return {
    id: resource.id,
    type: resource.type,
    attributes: {
      ...resource.attributes,
      invoice_items: resource.attributes.invoice_items.map(({ product_id: planId, ...item }) => ({
        ...item,
        ...(planId === undefined ? {} : { plan_id: planId }),
      })),
      pro_forma: isProForma(invoice, now),
      valid_from: formatTimestamp(validFrom(invoice)),
    },
    relationships: { subscription: { data: { id: invoice.subscriptionId, type: 'subscription' } } },
    meta: {
      ...meta,
      display_price: displayPrice(price, invoice.currency),
      pro_rata_remaining_value: proRataRemainingValue(invoice, now),
      proration_events: events.map(({ refunded_amount_for_unused_plan: refunded, new_plan_cost: cost, ...event }) => ({
        ...event,
        refunded_amount_for_unused_pricing_option: refunded,
        new_pricing_option_cost: cost,
      })),
    },
  };
};
