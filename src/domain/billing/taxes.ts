import * as E from 'fp-ts/lib/Either.js';
import type { Uuid } from '../shared/uuid.js';
import type { Invoice, InvoiceTaxLine } from './invoice.js';
import type { TaxItem } from './job.js';

/** A rate as an exact fraction of integers, read from its shortest decimal text (0.29 is 29/100, not 0.28999…). */
const exactRate = (rate: number): { readonly numerator: bigint; readonly denominator: bigint } => {
  const [mantissa = '0', exponentText] = String(rate).toLowerCase().split('e');
  const [whole = '0', fraction = ''] = mantissa.split('.');
  const exponent = Number(exponentText ?? 0) - fraction.length;
  const digits = BigInt(`${whole}${fraction}`);
  return exponent >= 0 ? { numerator: digits * 10n ** BigInt(exponent), denominator: 1n } : { numerator: digits, denominator: 10n ** BigInt(-exponent) };
};

/** EPCC "always rounds down to the penny": the tax on one amount, floored, computed without float error. */
export const taxOn = (amount: number, rate: number): number => {
  const { numerator, denominator } = exactRate(rate);
  const product = BigInt(amount) * numerator;
  const quotient = product / denominator;
  // BigInt division truncates toward zero; a negative amount rounds down too.
  return Number(product % denominator !== 0n && product < 0n ? quotient - 1n : quotient);
};

/**
 * Each rate applies to every item whose price excludes tax (EPCC allows no rate per line), rounded down
 * per item; an item whose price includes tax is not taxed again.
 */
export const taxLines = (invoice: Invoice, items: readonly TaxItem[]): readonly InvoiceTaxLine[] => {
  const taxable = invoice.items.filter((item) => !item.price.includes_tax);
  return items.map((tax) => ({ ...tax, amount: taxable.reduce((sum, item) => sum + taxOn(item.price.amount, tax.rate), 0) }));
};

export type TaxRefusal = 'not_tax_required' | 'already_taxed';

/**
 * Adds a tax run's rates to an invoice, once: an invoice that needs no tax, or has had taxes added (by
 * another run, or earlier by this one), is refused and left as it is.
 */
export const withTaxes = (invoice: Invoice, items: readonly TaxItem[], jobId: Uuid, now: Date): E.Either<TaxRefusal, Invoice> => {
  if (invoice.taxesAddedAt !== undefined) return E.left('already_taxed');
  if (!invoice.taxRequired) return E.left('not_tax_required');
  return E.right({ ...invoice, taxItems: taxLines(invoice, items), taxRequired: false, taxesAddedAt: now, taxJobId: jobId, updatedAt: now });
};
