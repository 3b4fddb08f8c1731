import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { prefixKey } from '../../../src/domain/realm-mappings/merchant-realm-mapping.js';
import { parsePrefix, parsePrefixChange } from '../../../src/domain/realm-mappings/prefix-input.js';
import { parseSettingsChanges } from '../../../src/domain/settings/settings-input.js';

describe('merchant realm prefixes', () => {
  const table: ReadonlyArray<[string, unknown, boolean]> = [
    ['1 character', 'a', false],
    ['2 characters', 'ab', true],
    ['24 characters', 'a'.repeat(24), true],
    ['25 characters', 'a'.repeat(25), false],
    ['letters and digits in both cases', 'MyShop2026', true],
    ['a hyphen', 'my-shop', false],
    ['a space', 'my shop', false],
    ['an accented letter', 'café', false],
    ['a non-Latin letter', 'магазин', false],
    ['an empty string', '', false],
    ['a number', 12, false],
  ];
  for (const [label, input, valid] of table) {
    it(`${valid ? 'accepts' : 'refuses'} ${label}`, () => {
      expect(E.isRight(parsePrefix('data.prefix')(input))).to.equal(valid);
    });
  }

  it('compares prefixes without regard to case', () => {
    expect(prefixKey('MyShop')).to.equal(prefixKey('myshop'));
  });

  it('lists every problem of an update body', () => {
    expect(parsePrefixChange({ type: 'merchant_realm_mapping' })).to.deep.equal(
      E.left([
        { source: 'data.type', detail: "must be 'merchant-realm-mappings'" },
        { source: 'data.prefix', detail: 'is required' },
      ]),
    );
    expect(parsePrefixChange({ type: 'merchant-realm-mappings', prefix: 'x' })).to.deep.equal(
      E.left([{ source: 'data.prefix', detail: 'must be 2 to 24 ASCII letters and digits' }]),
    );
    expect(parsePrefixChange({ type: 'merchant-realm-mappings', prefix: 'Shop1' })).to.deep.equal(E.right('Shop1'));
  });
});

describe('store settings input', () => {
  const table: ReadonlyArray<[unknown, boolean]> = [
    [0, false],
    [1, true],
    [100, true],
    [101, false],
    [2.5, false],
    ['25', false],
  ];
  for (const [pageLength, valid] of table) {
    it(`${valid ? 'accepts' : 'refuses'} page_length ${JSON.stringify(pageLength)}`, () => {
      expect(E.isRight(parseSettingsChanges({ type: 'settings', page_length: pageLength }))).to.equal(valid);
    });
  }

  it('requires the settings type and leaves absent settings out', () => {
    expect(parseSettingsChanges({ type: 'settings' })).to.deep.equal(E.right({}));
    expect(parseSettingsChanges({ page_length: 5 })).to.deep.equal(
      E.left([{ source: 'data.type', detail: 'is required' }]),
    );
  });
});
