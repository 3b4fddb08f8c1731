/**
 * Exact money arithmetic. Amounts are whole minor units; a percentage or a rate is an exact fraction of
 * integers read from its decimal text, so an amount times a rate is exact at every size the API accepts,
 * and EPCC's one rounding rule ("Subscriptions always rounds down to the penny") is applied once, by
 * `roundDown`, to the exact result.
 */

/**
 * The largest amount, in minor units, that the API accepts or answers (2^53 − 1): every amount stays an
 * exact JSON number for clients that read JSON numbers as doubles.
 */
export const AMOUNT_MAX = Number.MAX_SAFE_INTEGER;

/** Each currency's minor-unit digits, read once: building an `Intl.NumberFormat` costs more than using one. */
const minorDigits = new Map<string, number>();

/** How many decimal digits `currency`'s minor unit has (ISO 4217's exponent): 2 for USD, 0 for JPY, 3 for KWD. */
export const minorUnitDigits = (currency: string): number => {
  let digits = minorDigits.get(currency);
  if (digits === undefined) {
    digits =
      new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    minorDigits.set(currency, digits);
  }
  return digits;
};

/**
 * An amount of minor units as the decimal text of its major units, by the currency's exponent (3100 USD is
 * `31.00`, 3100 JPY is `3100`), from the integer's digits: no floating point, so large amounts stay exact.
 */
export const majorUnitsText = (amount: number, currency: string): string => {
  const digits = minorUnitDigits(currency);
  const text = String(Math.abs(Math.trunc(amount))).padStart(digits + 1, '0');
  const decimal = digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`;
  return amount < 0 ? `-${decimal}` : decimal;
};

/** An exact fraction of integers; the denominator is above zero. */
export interface Fraction {
  readonly numerator: bigint;
  readonly denominator: bigint;
}

export const fraction = (numerator: bigint | number, denominator: bigint | number = 1n): Fraction => {
  const d = BigInt(denominator);
  if (d <= 0n) throw new RangeError('a fraction needs a denominator above zero');
  return { numerator: BigInt(numerator), denominator: d };
};

/**
 * A finite number as the exact fraction its shortest decimal text says: 0.29 is 29/100 and 1e-7 is
 * 1/10^7, not the nearest binary float, which is what a client wrote in its JSON.
 */
export const decimalFraction = (value: number): Fraction => {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
  const [mantissa = '0', exponentText] = String(value).toLowerCase().split('e');
  const negative = mantissa.startsWith('-');
  const [whole = '0', decimals = ''] = (negative ? mantissa.slice(1) : mantissa).split('.');
  const exponent = Number(exponentText ?? 0) - decimals.length;
  const digits = BigInt(`${whole}${decimals}`) * (negative ? -1n : 1n);
  return exponent >= 0 ? fraction(digits * 10n ** BigInt(exponent)) : fraction(digits, 10n ** BigInt(-exponent));
};

/** `amount` × `by`, exactly. */
export const times = (amount: bigint | number, by: Fraction): Fraction =>
  fraction(BigInt(amount) * by.numerator, by.denominator);

/** What is left of a whole after taking `part` of it: 1 − part (5 % off keeps 95/100). */
export const remainderOf = (part: Fraction): Fraction => fraction(part.denominator - part.numerator, part.denominator);

/** Rounded down to a whole minor unit (toward −∞, so a negative amount rounds down too). */
export const roundDown = ({ numerator, denominator }: Fraction): bigint => {
  const quotient = numerator / denominator;
  // BigInt division truncates toward zero.
  return numerator % denominator !== 0n && numerator < 0n ? quotient - 1n : quotient;
};

/** An exact amount as a JSON-safe number, or undefined when it is beyond `AMOUNT_MAX` (or below zero). */
export const asAmount = (value: bigint): number | undefined =>
  value >= 0n && value <= BigInt(AMOUNT_MAX) ? Number(value) : undefined;

/** `value` less its whole part, as a fraction over the same denominator. */
const fractionalPart = (value: Fraction): Fraction =>
  fraction(value.numerator - roundDown(value) * value.denominator, value.denominator);

/** Compares a/b with c/d without division: both denominators are positive. */
const compare = (a: Fraction, b: Fraction): number => {
  const left = a.numerator * b.denominator;
  const right = b.numerator * a.denominator;
  return left === right ? 0 : left > right ? 1 : -1;
};

/**
 * Whole-unit shares of `total` in proportion to the exact shares `exact`, by largest remainder: every
 * share starts at its exact share rounded down; the units left over go one each to the largest fractional
 * parts, the earlier share first on a tie. The shares add up to exactly `total`, and none is below its
 * exact share rounded down or above it rounded up. `total` must lie between the sums of those two.
 */
export const spreadByLargestRemainder = (total: bigint, exact: readonly Fraction[]): readonly bigint[] => {
  const shares = exact.map(roundDown);
  let left = total - shares.reduce((sum, share) => sum + share, 0n);
  const order = exact
    .map((share, index) => ({ index, rest: fractionalPart(share) }))
    .filter(({ rest }) => rest.numerator > 0n)
    .sort((a, b) => compare(b.rest, a.rest) || a.index - b.index);
  if (left < 0n || left > BigInt(order.length))
    throw new RangeError(
      `${total} cannot be spread over shares adding up to about ${shares.reduce((s, x) => s + x, 0n)}`,
    );
  for (const { index } of order) {
    if (left === 0n) break;
    shares[index] = (shares[index] ?? 0n) + 1n;
    left -= 1n;
  }
  return shares;
};
