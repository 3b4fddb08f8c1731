import { type Invoice, NO_PRORATION, numbered } from '../../src/domain/billing/invoices/invoice.js';
import type { Uuid } from '../../src/domain/shared/uuid.js';
import { uuid } from './domain-builders.js';

/** A numbered invoice of one month, 3,100 minor units of USD over two lines, nothing taxed or paid. */
export const anInvoice = (overrides: Partial<Invoice> = {}, productId: Uuid = uuid(40)): Invoice => {
  const start = new Date('2026-03-01T00:00:00.000Z');
  const end = new Date('2026-04-01T00:00:00.000Z');
  return {
    ...numbered(
      {
        id: uuid(30),
        storeId: uuid(1),
        subscriptionId: uuid(31),
        subscriberId: uuid(32),
        billingPeriod: { start, end },
        items: [
          {
            description: 'Beans',
            price: { currency: 'USD', amount: 3000, includes_tax: false },
            productId,
            fromTimePeriod: start,
            untilTimePeriod: end,
          },
          {
            description: 'Monthly',
            price: { currency: 'USD', amount: 100, includes_tax: false },
            fromTimePeriod: start,
            untilTimePeriod: end,
          },
        ],
        currency: 'USD',
        amount: 3100,
        includesTax: false,
        outstanding: true,
        taxRequired: false,
        createdAt: start,
        proration: NO_PRORATION,
      },
      7,
    ),
    ...overrides,
  };
};
