import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { parseProductAttributes, parseProductChanges } from '../../../src/domain/catalogue/product.js';
import { AMOUNT_LIMIT, CURRENCY_KEY, NAME_LIMIT } from '../../support/field-cases.js';

describe('subscription products', () => {
  it('reads a complete product and ignores unknown fields', () => {
    const attributes = {
      name: 'Coffee beans',
      description: 'Roasted weekly',
      external_ref: 'erp-42',
      sku: 'BEANS-1KG',
      main_image: 'https://example.com/beans.png',
      price: { USD: { amount: 1500, includes_tax: true } },
      price_units: { unit: 'month', amount: 1 },
    };
    expect(
      parseProductAttributes({ type: 'subscription_product', id: 'x', attributes: { ...attributes, colour: 'brown' } }),
    ).to.deep.equal(E.right(attributes));
  });

  it('leaves a null optional field out of a new product', () => {
    expect(
      parseProductAttributes({ type: 'subscription_product', attributes: { name: 'Coffee', external_ref: null } }),
    ).to.deep.equal(E.right({ name: 'Coffee' }));
  });

  const envelopes: ReadonlyArray<[string, unknown, ReadonlyArray<{ source: string; detail: string }>]> = [
    ['data that is not an object', 'product', [{ source: 'data', detail: 'must be an object' }]],
    ['null data', null, [{ source: 'data', detail: 'must be an object' }]],
    ['a missing type', { attributes: { name: 'Coffee' } }, [{ source: 'data.type', detail: 'is required' }]],
    [
      'a wrong type',
      { type: 'subscription_plan', attributes: { name: 'Coffee' } },
      [{ source: 'data.type', detail: "must be 'subscription_product'" }],
    ],
    [
      'missing attributes',
      { type: 'subscription_product' },
      [{ source: 'data.attributes', detail: 'must be an object' }],
    ],
    [
      'attributes that are a list',
      { type: 'subscription_product', attributes: [] },
      [{ source: 'data.attributes', detail: 'must be an object' }],
    ],
    [
      'neither type nor attributes',
      {},
      [
        { source: 'data.type', detail: 'is required' },
        { source: 'data.attributes', detail: 'must be an object' },
      ],
    ],
    [
      'a missing name',
      { type: 'subscription_product', attributes: {} },
      [{ source: 'data.attributes.name', detail: 'is required' }],
    ],
  ];
  for (const [label, data, problems] of envelopes) {
    it(`refuses ${label}`, () => {
      expect(parseProductAttributes(data)).to.deep.equal(E.left(problems));
      if (label !== 'a missing name') expect(parseProductChanges(data)).to.deep.equal(E.left(problems));
    });
  }

  it('lists every problem at once, each with its path', () => {
    expect(
      parseProductAttributes({
        type: 'subscription_product',
        attributes: {
          name: 'ab',
          description: 'd'.repeat(1025),
          external_ref: 'e'.repeat(2049),
          sku: 's'.repeat(1025),
          main_image: 'ftp://example.com/a.png',
          price: { USD: { amount: 1.5, includes_tax: 'no' }, eur: { amount: 1 }, EUR: { amount: -1 } },
          price_units: { unit: 'year', amount: 0 },
        },
      }),
    ).to.deep.equal(
      E.left([
        { source: 'data.attributes.name', detail: NAME_LIMIT },
        { source: 'data.attributes.description', detail: 'must be at most 1024 characters long' },
        { source: 'data.attributes.external_ref', detail: 'must be at most 2048 characters long' },
        { source: 'data.attributes.sku', detail: 'must be at most 1024 characters long' },
        { source: 'data.attributes.main_image', detail: 'must be an absolute http or https URI' },
        { source: 'data.attributes.price.USD.amount', detail: AMOUNT_LIMIT },
        { source: 'data.attributes.price.USD.includes_tax', detail: 'must be true or false' },
        { source: 'data.attributes.price.eur', detail: CURRENCY_KEY },
        { source: 'data.attributes.price.EUR.amount', detail: AMOUNT_LIMIT },
        { source: 'data.attributes.price_units.unit', detail: "must be 'day' or 'month'" },
        { source: 'data.attributes.price_units.amount', detail: 'must be an integer of at least 1' },
      ]),
    );
  });

  describe('updates', () => {
    const changes = (attributes: Record<string, unknown>) =>
      parseProductChanges({ type: 'subscription_product', attributes });

    it('leaves absent fields out', () => {
      expect(changes({})).to.deep.equal(E.right({}));
      expect(changes({ sku: 'S-1', unknown: 1 })).to.deep.equal(E.right({ sku: 'S-1' }));
    });

    it('keeps null on every optional field, so that it is cleared', () => {
      const cleared = {
        description: null,
        external_ref: null,
        sku: null,
        main_image: null,
        price: null,
        price_units: null,
      };
      expect(changes(cleared)).to.deep.equal(E.right(cleared));
    });

    it('refuses null on the name', () => {
      expect(changes({ name: null })).to.deep.equal(
        E.left([{ source: 'data.attributes.name', detail: 'cannot be null' }]),
      );
    });

    it('checks the given fields with the same limits', () => {
      expect(changes({ name: 'n'.repeat(1024), sku: 's'.repeat(1024) })).to.deep.equal(
        E.right({ name: 'n'.repeat(1024), sku: 's'.repeat(1024) }),
      );
      expect(
        changes({ name: 'ab', price: { USD: { amount: -1 } }, price_units: { unit: 'day', amount: 0 } }),
      ).to.deep.equal(
        E.left([
          { source: 'data.attributes.name', detail: NAME_LIMIT },
          { source: 'data.attributes.price.USD.amount', detail: AMOUNT_LIMIT },
          { source: 'data.attributes.price_units.amount', detail: 'must be an integer of at least 1' },
        ]),
      );
    });
  });
});
