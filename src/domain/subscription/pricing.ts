import type { Price, PriceMap } from './catalogue-fields.js';
import type { OfferingPlan, OfferingProduct } from './offering.js';

/** `sum` less `percentage` percent, rounded half up; the percentage counts to a hundredth, in whole numbers so no float error tips a half. */
export const discounted = (sum: number, percentage: number): number => {
  const kept = 10_000 - Math.round(percentage * 100);
  return Math.round((sum * kept) / 10_000);
};

/**
 * What a plan costs in each currency: its fixed price where it has one; otherwise the sum of the
 * offering's product prices less `base_price_percentage` percent, rounded to a whole minor unit.
 * A currency is priced only when every product has a price in it.
 */
export const planPrices = (products: readonly OfferingProduct[], plan: OfferingPlan): PriceMap => {
  const fixed = plan.attributes.fixed_price ?? {};
  const discount = plan.attributes.base_price_percentage ?? 0;
  const prices: Record<string, Price> = { ...fixed };
  const currencies = new Set(products.flatMap((p) => Object.keys(p.attributes.price ?? {})));
  for (const currency of currencies) {
    if (fixed[currency] !== undefined || products.length === 0) continue;
    const parts = products.map((p) => p.attributes.price?.[currency]);
    if (parts.some((part) => part === undefined)) continue;
    const sum = parts.reduce((total, part) => total + (part?.amount ?? 0), 0);
    prices[currency] = {
      amount: discounted(sum, discount),
      includes_tax: parts.every((part) => part?.includes_tax === true),
    };
  }
  return prices;
};

export interface FormattedPrice {
  readonly amount: number;
  readonly currency: string;
  readonly formatted: string;
}

/** Tax rates are not modelled, so both views carry the stored amount. */
export interface DisplayPrice {
  readonly without_tax: FormattedPrice;
  readonly with_tax: FormattedPrice;
}

interface CurrencyFormat {
  readonly format: Intl.NumberFormat;
  /** The currency's minor-unit digits, read once: `resolvedOptions()` builds a fresh object per call. */
  readonly digits: number;
}

/** Building a formatter costs about a hundred times more than using one, so each currency's is kept. */
const formats = new Map<string, CurrencyFormat>();

const formatFor = (currency: string): CurrencyFormat => {
  let known = formats.get(currency);
  if (known === undefined) {
    const format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    known = { format, digits: format.resolvedOptions().maximumFractionDigits ?? 2 };
    formats.set(currency, known);
  }
  return known;
};

/**
 * `1000` minor units of USD → `$10.00`, with the currency's own number of decimals. The amount is
 * handed over as exact decimal text, so large amounts keep their last digits.
 */
export const formatAmount = (amount: number, currency: string): string => {
  const { format, digits } = formatFor(currency);
  const text = String(Math.abs(Math.trunc(amount))).padStart(digits + 1, '0');
  const decimal = digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`;
  return format.format((amount < 0 ? `-${decimal}` : decimal) as unknown as number);
};

/** The price to show: in `preferred` when priced in it, else in the first currency in code order. */
export const displayPrice = (prices: PriceMap | undefined, preferred?: string): DisplayPrice | undefined => {
  if (prices === undefined) return undefined;
  const currency = preferred !== undefined && prices[preferred] !== undefined ? preferred : Object.keys(prices).sort()[0];
  const price = currency === undefined ? undefined : prices[currency];
  if (currency === undefined || price === undefined) return undefined;
  const formatted = { amount: price.amount, currency, formatted: formatAmount(price.amount, currency) };
  return { without_tax: formatted, with_tax: formatted };
};
