import * as E from 'fp-ts/lib/Either.js';
import type { TaxItem } from '../../jobs/job.js';
import { asAmount, decimalFraction, roundDown, times } from '../../shared/money.js';
import type { Uuid } from '../../shared/uuid.js';
import type { Invoice, InvoiceTaxLine } from '../invoices/invoice.js';

/** EPCC "always rounds down to the penny": the tax on one amount, exact from the rate's decimal text, rounded down. */
export const taxOn = (amount: bigint | number, rate: number): bigint => roundDown(times(amount, decimalFraction(rate)));

/**
 * What an invoice's rates apply to: its lines whose price excludes tax (one that includes tax is not taxed
 * again), a proration's refund taken off them; never below zero, so no tax is negative.
 */
export const taxableTotal = (invoice: Invoice): bigint => {
  const total = invoice.items.reduce(
    (sum, item) => (item.price.includes_tax ? sum : sum + BigInt(item.price.amount)),
    0n,
  );
  return total < 0n ? 0n : total;
};

/**
 * EPCC applies each rate to the whole invoice ("You cannot apply a tax rate per line item"): each rate's
 * tax is the taxable total times the rate, rounded down once, so a rate never loses a penny per line.
 */
export const taxLines = (
  invoice: Invoice,
  items: readonly TaxItem[],
): readonly { readonly tax: TaxItem; readonly amount: bigint }[] => {
  const taxable = taxableTotal(invoice);
  return items.map((tax) => ({ tax, amount: taxOn(taxable, tax.rate) }));
};

/** `amount_too_large`: the invoice's lines and taxes together would exceed the largest amount. */
export type TaxRefusal = 'not_tax_required' | 'already_taxed' | 'amount_too_large';

/**
 * Adds a tax run's rates to an invoice, once: an invoice that needs no tax, has had taxes added (by
 * another run, or earlier by this one), or whose amount due would exceed `AMOUNT_MAX`, is refused and
 * left as it is.
 */
export const withTaxes = (
  invoice: Invoice,
  items: readonly TaxItem[],
  jobId: Uuid,
  now: Date,
): E.Either<TaxRefusal, Invoice> => {
  if (invoice.taxesAddedAt !== undefined) return E.left('already_taxed');
  if (!invoice.taxRequired) return E.left('not_tax_required');
  const lines = taxLines(invoice, items);
  if (asAmount(lines.reduce((sum, line) => sum + line.amount, BigInt(invoice.amount))) === undefined)
    return E.left('amount_too_large');
  // Every tax is at most the amount due, which was just found to be within AMOUNT_MAX.
  const taxItems: InvoiceTaxLine[] = lines.map(({ tax, amount }) => ({ ...tax, amount: Number(amount) }));
  return E.right({ ...invoice, taxItems, taxRequired: false, taxesAddedAt: now, taxJobId: jobId, updatedAt: now });
};
