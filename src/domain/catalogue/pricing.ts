import {
  AMOUNT_MAX,
  asAmount,
  decimalFraction,
  type Fraction,
  fraction,
  majorUnitsText,
  remainderOf,
  roundDown,
  times,
} from '../shared/money.js';
import type { Price, PriceMap } from './catalogue-fields.js';
import type { OfferingPlan, OfferingProduct } from './offering.js';

/** What a `base_price_percentage` discount leaves of a price: 5 leaves 95/100, exactly, 12.345 leaves 87.655/100. */
export const keptAfterDiscount = (percentage: number): Fraction => {
  const part = decimalFraction(percentage);
  return remainderOf(fraction(part.numerator, part.denominator * 100n));
};

/** `sum` less `percentage` percent, rounded down to the minor unit (EPCC "always rounds down to the penny"). */
export const discounted = (sum: bigint | number, percentage: number): bigint =>
  roundDown(times(sum, keptAfterDiscount(percentage)));

/** Why a plan whose products add up past the largest amount has no price in that currency. */
export const priceTooLarge = (currency: string): string =>
  `the plan's price in ${currency} would exceed ${AMOUNT_MAX} minor units`;

/** A plan's prices, and the currencies its products are priced in whose plan price would exceed `AMOUNT_MAX`. */
export interface PlanPricing {
  readonly prices: PriceMap;
  readonly tooLarge: readonly string[];
}

/**
 * What a plan costs in each currency: its fixed price where it has one; otherwise the sum of the
 * offering's product prices less `base_price_percentage` percent, rounded down to a whole minor unit.
 * A currency is priced only when every product has a price in it and the price is at most `AMOUNT_MAX`.
 */
export const planPricing = (products: readonly OfferingProduct[], plan: OfferingPlan): PlanPricing => {
  const fixed = plan.attributes.fixed_price ?? {};
  const kept = keptAfterDiscount(plan.attributes.base_price_percentage ?? 0);
  const prices: Record<string, Price> = { ...fixed };
  const tooLarge: string[] = [];
  const currencies = new Set(products.flatMap((p) => Object.keys(p.attributes.price ?? {})));
  for (const currency of currencies) {
    if (fixed[currency] !== undefined || products.length === 0) continue;
    const parts = products.map((p) => p.attributes.price?.[currency]);
    if (parts.some((part) => part === undefined)) continue;
    const sum = parts.reduce((total, part) => total + BigInt(part?.amount ?? 0), 0n);
    const amount = asAmount(roundDown(times(sum, kept)));
    if (amount === undefined) tooLarge.push(currency);
    else prices[currency] = { amount, includes_tax: parts.every((part) => part?.includes_tax === true) };
  }
  return { prices, tooLarge };
};

/** `planPricing`'s prices. */
export const planPrices = (products: readonly OfferingProduct[], plan: OfferingPlan): PriceMap =>
  planPricing(products, plan).prices;

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

/** Building a formatter costs about a hundred times more than using one, so each currency's is kept. */
const formats = new Map<string, Intl.NumberFormat>();

const formatFor = (currency: string): Intl.NumberFormat => {
  let format = formats.get(currency);
  if (format === undefined) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    formats.set(currency, format);
  }
  return format;
};

/**
 * `1000` minor units of USD → `$10.00`, with the currency's own number of decimals. The amount is
 * handed over as exact decimal text, so large amounts keep their last digits.
 */
export const formatAmount = (amount: number, currency: string): string =>
  formatFor(currency).format(majorUnitsText(amount, currency) as unknown as number);

/** The price to show: in `preferred` when priced in it, else in the first currency in code order. */
export const displayPrice = (prices: PriceMap | undefined, preferred?: string): DisplayPrice | undefined => {
  if (prices === undefined) return undefined;
  const currency =
    preferred !== undefined && prices[preferred] !== undefined ? preferred : Object.keys(prices).sort()[0];
  const price = currency === undefined ? undefined : prices[currency];
  if (currency === undefined || price === undefined) return undefined;
  const formatted = { amount: price.amount, currency, formatted: formatAmount(price.amount, currency) };
  return { without_tax: formatted, with_tax: formatted };
};
