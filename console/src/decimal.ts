/**
 * Decimal numbers exactly as the merchant typed them. A typed "5.8" is never read into a binary float and
 * scaled (5.8 / 100 is 0.057999999999999996, which taxed 1500 at 86 instead of 87): it stays digits and a
 * scale until it is written into the API's JSON.
 */

/** `digits` × 10^−`scale`: "9.99" is 999 at scale 2. */
export interface Decimal {
  readonly digits: bigint;
  readonly scale: number;
}

/** A value typed in a form that the console refuses before sending anything; its message names the field. */
export class InputProblem extends Error {}

/**
 * The most significant digits a JSON number carries exactly: a decimal of at most 15 significant digits
 * is the shortest text of the double nearest to it, which is what `JSON.stringify` writes and what the
 * API reads back (its `decimalFraction`).
 */
export const EXACT_DIGITS = 15;

const DECIMAL = /^(\d*)(?:\.(\d*))?$/;

/** Typed text as a decimal: digits with at most one decimal point; no sign, exponent or group separator. */
export const parseDecimal = (field: string, typed: string): Decimal => {
  const text = typed.trim();
  const match = DECIMAL.exec(text);
  const whole = match?.[1] ?? '';
  const decimals = match?.[2] ?? '';
  if (match === null || whole.length + decimals.length === 0) {
    const hint = text.startsWith('-')
      ? 'must not be negative'
      : text.includes(',')
        ? 'takes a point for decimals and no thousands separator (1500.50)'
        : 'must be a number such as 12 or 12.50';
    throw new InputProblem(`${field}: ${text === '' ? 'is required' : `${text} ${hint}`}`);
  }
  return { digits: BigInt(`${whole}${decimals}` || '0'), scale: decimals.length };
};

/** The same number at its smallest scale: trailing zeros after the point say nothing ("15.50" is 15.5). */
export const normalized = ({ digits, scale }: Decimal): Decimal => {
  let [d, s] = [digits, scale];
  while (s > 0 && d % 10n === 0n) [d, s] = [d / 10n, s - 1];
  return { digits: d, scale: s };
};

/** Canonical decimal text: "0.058", "1500", "9.99"; no exponent, no trailing zero after the point. */
export const decimalText = (value: Decimal): string => {
  const { digits, scale } = normalized(value);
  if (scale === 0) return String(digits);
  const text = String(digits).padStart(scale + 1, '0');
  return `${text.slice(0, -scale)}.${text.slice(-scale)}`;
};

/** `value` × 10^−`places`, exactly: a percentage as a fraction is `shifted(p, 2)`. */
export const shifted = ({ digits, scale }: Decimal, places: number): Decimal => ({ digits, scale: scale + places });

/** a ≤ b, exactly. */
export const atMost = (a: Decimal, b: Decimal): boolean => {
  const scale = Math.max(a.scale, b.scale);
  return a.digits * 10n ** BigInt(scale - a.scale) <= b.digits * 10n ** BigInt(scale - b.scale);
};

const significantDigits = (value: Decimal): number => {
  const { digits } = normalized(value);
  return digits === 0n ? 0 : String(digits).replace(/0+$/, '').length;
};

/**
 * A decimal as the JSON number that writes it: `JSON.stringify` gives back its canonical text (0.058 is
 * written "0.058"), since no more than `EXACT_DIGITS` significant digits are allowed.
 */
export const jsonNumber = (field: string, value: Decimal): number => {
  if (significantDigits(value) > EXACT_DIGITS)
    throw new InputProblem(`${field}: ${decimalText(value)} has more than ${EXACT_DIGITS} significant digits`);
  return Number(decimalText(value));
};

const HUNDRED: Decimal = { digits: 100n, scale: 0 };

/** A percentage typed from 0 to 100, exact, as the decimal it says ("5.8" → 5.8). */
export const parsePercent = (field: string, typed: string): Decimal => {
  const percent = parseDecimal(field, typed);
  if (!atMost(percent, HUNDRED)) throw new InputProblem(`${field}: ${typed.trim()} % is more than 100 %`);
  return percent;
};

/** A percentage typed in a form as the API's rate, a fraction of one: "5.8" → 0.058, written "0.058". */
export const rateFromPercent = (field: string, typed: string): number =>
  jsonNumber(field, shifted(parsePercent(field, typed), 2));

/** A percentage typed in a form as the API's percentage number: "12.5" → 12.5, written "12.5". */
export const percentNumber = (field: string, typed: string): number => jsonNumber(field, parsePercent(field, typed));

/** An API rate, a fraction of one, as the percentage it is, exactly: 0.058 → "5.8". */
export const percentFromRate = (rate: number): string => {
  const text = String(rate);
  // A rate small enough to be written with an exponent is shown as the float prints it.
  if (!DECIMAL.test(text)) return String(rate * 100);
  const { digits, scale } = parseDecimal('rate', text);
  return scale >= 2 ? decimalText({ digits, scale: scale - 2 }) : String(digits * 10n ** BigInt(2 - scale));
};
