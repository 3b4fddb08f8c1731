import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import {
  changeCartSettings,
  DEFAULT_CART_SETTINGS,
  parseCartSettingsChanges,
} from '../../../src/domain/settings/cart-settings.js';

const SNAPSHOT_RULE = 'must be a UTC date and time to the second, such as 2026-02-21T15:07:25Z';

describe('cart settings', () => {
  it('default to carts that last 7 days and no discounts of either kind', () => {
    expect(DEFAULT_CART_SETTINGS).to.deep.equal({
      cartExpiryDays: 7,
      customDiscountsEnabled: false,
      useRulePromotions: false,
    });
  });

  it('read every field of a change, and ignore unknown ones', () => {
    expect(
      parseCartSettingsChanges({
        type: 'settings',
        cart_expiry_days: 30,
        discounts: { custom_discounts_enabled: true, use_rule_promotions: false, other: 1 },
        snapshot_date: '2026-02-21T15:07:25Z',
        x: 1,
      }),
    ).to.deep.equal(
      E.right({
        cartExpiryDays: 30,
        customDiscountsEnabled: true,
        useRulePromotions: false,
        snapshotDate: '2026-02-21T15:07:25Z',
      }),
    );
    expect(parseCartSettingsChanges({ type: 'settings' })).to.deep.equal(E.right({}));
    expect(parseCartSettingsChanges({ type: 'settings', snapshot_date: null })).to.deep.equal(
      E.right({ snapshotDate: null }),
    );
  });

  it('list every problem at once', () => {
    expect(
      parseCartSettingsChanges({
        type: 'cart',
        cart_expiry_days: 0,
        discounts: { custom_discounts_enabled: 'yes', use_rule_promotions: 1 },
        snapshot_date: 'tomorrow',
      }),
    ).to.deep.equal(
      E.left([
        { source: 'data.type', detail: "must be 'settings'" },
        { source: 'data.cart_expiry_days', detail: 'must be between 1 and 365' },
        { source: 'data.discounts.custom_discounts_enabled', detail: 'must be true or false' },
        { source: 'data.discounts.use_rule_promotions', detail: 'must be true or false' },
        { source: 'data.snapshot_date', detail: SNAPSHOT_RULE },
      ]),
    );
    expect(parseCartSettingsChanges('settings')).to.deep.equal(
      E.left([{ source: 'data', detail: 'must be an object' }]),
    );
    expect(parseCartSettingsChanges({ type: 'settings', discounts: [] })).to.deep.equal(
      E.left([{ source: 'data.discounts', detail: 'must be an object' }]),
    );
  });

  const days: ReadonlyArray<[unknown, string | null]> = [
    [1, null],
    [365, null],
    [0, 'must be between 1 and 365'],
    [366, 'must be between 1 and 365'],
    [7.5, 'must be an integer'],
    ['30', 'must be an integer'],
    [null, 'must be an integer'],
  ];
  for (const [value, expected] of days) {
    it(`${expected === null ? 'accepts' : 'refuses'} cart_expiry_days ${JSON.stringify(value)}`, () => {
      const parsed = parseCartSettingsChanges({ type: 'settings', cart_expiry_days: value });
      expect(parsed).to.deep.equal(
        expected === null
          ? E.right({ cartExpiryDays: value })
          : E.left([{ source: 'data.cart_expiry_days', detail: expected }]),
      );
    });
  }

  const dates: ReadonlyArray<[unknown, boolean]> = [
    ['2026-02-21T15:07:25Z', true],
    ['2028-02-29T00:00:00Z', true],
    ['1999-12-31T23:59:59Z', true],
    ['2026-02-29T15:07:25Z', false],
    ['2026-13-01T00:00:00Z', false],
    ['2026-02-21T24:00:00Z', false],
    ['2026-02-21T15:60:00Z', false],
    ['2026-02-21T15:07:25.123Z', false],
    ['2026-02-21T15:07:25+01:00', false],
    ['2026-02-21 15:07:25Z', false],
    ['2026-02-21', false],
    [1771686445, false],
  ];
  for (const [value, accepted] of dates) {
    it(`${accepted ? 'accepts' : 'refuses'} the snapshot_date ${JSON.stringify(value)}`, () => {
      const parsed = parseCartSettingsChanges({ type: 'settings', snapshot_date: value });
      expect(parsed).to.deep.equal(
        accepted ? E.right({ snapshotDate: value }) : E.left([{ source: 'data.snapshot_date', detail: SNAPSHOT_RULE }]),
      );
    });
  }

  describe('a change', () => {
    const current = { ...DEFAULT_CART_SETTINGS, snapshotDate: '2026-02-21T15:07:25Z' };

    it('keeps what it leaves out and clears the snapshot date with null', () => {
      expect(changeCartSettings(current, { cartExpiryDays: 30 })).to.deep.equal({ ...current, cartExpiryDays: 30 });
      expect(changeCartSettings(current, { snapshotDate: null })).to.deep.equal(DEFAULT_CART_SETTINGS);
    });

    it('never enables custom discounts and rule promotions together, however they are reached', () => {
      expect(changeCartSettings(current, { customDiscountsEnabled: true, useRulePromotions: true })).to.equal(
        undefined,
      );
      expect(changeCartSettings({ ...current, useRulePromotions: true }, { customDiscountsEnabled: true })).to.equal(
        undefined,
      );
      expect(
        changeCartSettings(
          { ...current, useRulePromotions: true },
          { customDiscountsEnabled: true, useRulePromotions: false },
        ),
      ).to.deep.equal({
        ...current,
        customDiscountsEnabled: true,
      });
    });
  });
});
