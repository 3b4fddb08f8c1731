import { type Decimal, decimalText, InputProblem, normalized, parseDecimal } from './decimal.js';

/**
 * Money as the merchant reads and types it: in major units of its currency ($9.99), while the API keeps
 * whole minor units (999). A currency's minor-unit digits are the ones `Intl.NumberFormat` gives (CLDR's
 * data: 2 for USD and EUR, 0 for JPY, 3 for KWD, BHD and TND), the same source the API's `display_price`
 * formats with, so the console and the API agree on what one minor unit is. CLDR differs from ISO 4217
 * for a few currencies, e.g. IQD (CLDR 0, ISO 3) and HUF (CLDR 0, ISO 2).
 */

/** The largest amount, in minor units, that the API accepts or answers (2^53 − 1). */
export const AMOUNT_MAX = Number.MAX_SAFE_INTEGER;

const CURRENCY = /^[A-Z]{3}$/;

/** Formatters cost far more to build than to use: one per currency. */
const formats = new Map<string, { readonly format: Intl.NumberFormat; readonly digits: number }>();

const formatOf = (currency: string) => {
  let known = formats.get(currency);
  if (known === undefined) {
    const format = new Intl.NumberFormat('en', { style: 'currency', currency });
    known = { format, digits: format.resolvedOptions().maximumFractionDigits ?? 2 };
    formats.set(currency, known);
  }
  return known;
};

/** The currency's minor-unit digits, or a form problem when it is not a three-letter code. */
export const currencyDigits = (field: string, currency: string): number => {
  if (!CURRENCY.test(currency)) throw new InputProblem(`${field}: ${currency} is not a three-letter code such as USD`);
  return formatOf(currency).digits;
};

/** Whole minor units written in major units, exactly: 999 in USD is "9.99", 1500 in JPY is "1500". */
export const majorUnits = (amount: number, currency: string): string =>
  decimalText({ digits: BigInt(amount), scale: currencyDigits('Currency', currency) });

/** An amount in minor units, shown in its currency's own number of decimals (cents for USD, none for JPY). */
export const money = (price: { readonly amount: number; readonly currency: string } | undefined): string => {
  if (price === undefined) return '—';
  if (!CURRENCY.test(price.currency) || !Number.isSafeInteger(price.amount))
    return `${price.amount} ${price.currency} (minor units)`;
  const { format, digits } = formatOf(price.currency);
  const text = String(Math.abs(price.amount)).padStart(digits + 1, '0');
  const decimal = digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`;
  // Intl formats decimal text exactly, where a number divided by 10^digits would round the last cents off.
  return format.format(`${price.amount < 0 ? '-' : ''}${decimal}` as Intl.StringNumericLiteral);
};

/**
 * A price typed in major units as the API's whole minor units: "9.99" USD → 999, "1500" JPY → 1500.
 * More decimals than the currency has are refused, never rounded ("15.5" JPY, "9.999" USD); trailing
 * zeros are not decimals ("15.50" USD is 1550, "1500.0" JPY is 1500).
 */
export const minorUnits = (field: string, typed: string, currency: string): number => {
  const digits = currencyDigits('Currency', currency);
  const value: Decimal = normalized(parseDecimal(field, typed));
  if (value.scale > digits)
    throw new InputProblem(
      digits === 0
        ? `${field}: ${currency} has no minor unit, so ${typed.trim()} cannot be charged (whole ${currency} only)`
        : `${field}: ${currency} has ${digits} decimals, ${typed.trim()} has ${value.scale}`,
    );
  const amount = value.digits * 10n ** BigInt(digits - value.scale);
  if (amount > BigInt(AMOUNT_MAX))
    throw new InputProblem(`${field}: at most ${money({ amount: AMOUNT_MAX, currency })}`);
  return Number(amount);
};
