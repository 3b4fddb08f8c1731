import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import { booleanValue } from '../shared/boolean.js';
import { issue, issues } from '../shared/errors.js';
import { integerInRange } from '../shared/integer.js';
import { oneOf } from '../shared/literal.js';
import { field, isRecord, optional, type Parsed, parseAll } from '../shared/validation.js';
import { SETTINGS_TYPE } from './settings-input.js';

/** How long a store's carts last and which discounts they apply. */
export interface CartSettings {
  readonly cartExpiryDays: number;
  readonly customDiscountsEnabled: boolean;
  readonly useRulePromotions: boolean;
  /** The date carts act as if it were, to try future discounts; absent unless set. */
  readonly snapshotDate?: string;
}

/** EPCC: carts expire after 7 days unless the store sets another number of days, at most 365. */
export const CART_EXPIRY_DAYS_MIN = 1;
export const CART_EXPIRY_DAYS_MAX = 365;
export const DEFAULT_CART_SETTINGS: CartSettings = {
  cartExpiryDays: 7,
  customDiscountsEnabled: false,
  useRulePromotions: false,
};

/** A validated partial update; `snapshotDate: null` clears the date. */
export interface CartSettingsChanges {
  readonly cartExpiryDays?: number;
  readonly customDiscountsEnabled?: boolean;
  readonly useRulePromotions?: boolean;
  readonly snapshotDate?: string | null;
}

export const SNAPSHOT_DATE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/;

/** EPCC's format, `2026-02-21T15:07:25Z`: a UTC instant to the second that exists in the calendar. */
const parseSnapshotDate =
  (source: string) =>
  (input: unknown): Parsed<string | null> => {
    if (input === null) return E.right(null);
    const refused = E.left(issues(source, 'must be a UTC date and time to the second, such as 2026-02-21T15:07:25Z'));
    if (typeof input !== 'string') return refused;
    const parts = SNAPSHOT_DATE.exec(input);
    if (parts === null) return refused;
    const [year, month, day, hour, minute, second] = parts.slice(1).map(Number) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
    const exists =
      date.getUTCFullYear() === year &&
      date.getUTCMonth() === month - 1 &&
      date.getUTCDate() === day &&
      hour < 24 &&
      minute < 60 &&
      second < 60;
    return exists ? E.right(input) : refused;
  };

const parseDiscounts = (
  input: unknown,
): Parsed<Pick<CartSettingsChanges, 'customDiscountsEnabled' | 'useRulePromotions'>> =>
  isRecord(input)
    ? pipe(
        parseAll({
          customDiscountsEnabled: optional(
            field(input, 'custom_discounts_enabled'),
            booleanValue('data.discounts.custom_discounts_enabled'),
          ),
          useRulePromotions: optional(
            field(input, 'use_rule_promotions'),
            booleanValue('data.discounts.use_rule_promotions'),
          ),
        }),
        E.map(({ customDiscountsEnabled, useRulePromotions }) => ({
          ...(customDiscountsEnabled === undefined ? {} : { customDiscountsEnabled }),
          ...(useRulePromotions === undefined ? {} : { useRulePromotions }),
        })),
      )
    : E.left([issue('data.discounts', 'must be an object')]);

/** Parses the `data` object of `PUT /v2/settings/cart`: a partial update, every problem listed. */
export const parseCartSettingsChanges = (data: unknown): Parsed<CartSettingsChanges> =>
  isRecord(data)
    ? pipe(
        parseAll({
          type: oneOf([SETTINGS_TYPE])('data.type')(field(data, 'type')),
          cartExpiryDays: optional(
            field(data, 'cart_expiry_days'),
            integerInRange(CART_EXPIRY_DAYS_MIN, CART_EXPIRY_DAYS_MAX)('data.cart_expiry_days'),
          ),
          discounts: optional(field(data, 'discounts'), parseDiscounts),
          snapshotDate: optional(field(data, 'snapshot_date'), parseSnapshotDate('data.snapshot_date')),
        }),
        E.map(({ cartExpiryDays, discounts, snapshotDate }) => ({
          ...(cartExpiryDays === undefined ? {} : { cartExpiryDays }),
          ...discounts,
          ...(snapshotDate === undefined ? {} : { snapshotDate }),
        })),
      )
    : E.left(issues('data', 'must be an object'));

/** Why settings that enable both kinds of discount are refused. */
export const DISCOUNTS_EXCLUSIVE = 'Only one discount setting can be set to true at a time.';

/**
 * The settings after a change, or undefined when they would enable custom discounts and rule promotions
 * together, which EPCC refuses (422): a cart cannot use both.
 */
export const changeCartSettings = (current: CartSettings, changes: CartSettingsChanges): CartSettings | undefined => {
  const { snapshotDate: _dropped, ...kept } = current;
  const snapshotDate = changes.snapshotDate === undefined ? current.snapshotDate : (changes.snapshotDate ?? undefined);
  const next: CartSettings = {
    ...kept,
    ...(changes.cartExpiryDays === undefined ? {} : { cartExpiryDays: changes.cartExpiryDays }),
    ...(changes.customDiscountsEnabled === undefined ? {} : { customDiscountsEnabled: changes.customDiscountsEnabled }),
    ...(changes.useRulePromotions === undefined ? {} : { useRulePromotions: changes.useRulePromotions }),
    ...(snapshotDate === undefined ? {} : { snapshotDate }),
  };
  return next.customDiscountsEnabled && next.useRulePromotions ? undefined : next;
};
