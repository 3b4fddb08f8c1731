import { expect } from 'chai';
import {
  externalProductRefs,
  type Offering,
  type OfferingItem,
  type OfferingProduct,
  withCopies,
} from '../../../src/domain/catalogue/offering.js';
import type { ProductAttributes } from '../../../src/domain/catalogue/product.js';
import { uuid } from '../../support/domain-builders.js';

describe('subscription offerings', () => {
  describe('copies of products and plans', () => {
    const created = new Date('2024-01-01T00:00:00Z');
    const now = new Date('2024-06-01T12:00:00Z');
    const attributes = (name: string): ProductAttributes => ({ name });
    const counter = () => {
      let next = 900;
      return () => uuid(next++);
    };

    it('gives each copy a new id, keeps the id it came from and the attributes, stamped now', () => {
      expect(
        withCopies<ProductAttributes>([], [{ id: uuid(1), attributes: attributes('Beans') }], counter(), now),
      ).to.deep.equal([
        { id: uuid(900), originId: uuid(1), attributes: { name: 'Beans' }, createdAt: now, updatedAt: now },
      ]);
    });

    it('keeps the copies already held and skips originals it holds a copy of', () => {
      const held: OfferingItem<ProductAttributes>[] = [
        {
          id: uuid(50),
          originId: uuid(1),
          attributes: attributes('Old beans'),
          createdAt: created,
          updatedAt: created,
        },
      ];
      const originals = [
        { id: uuid(1), attributes: attributes('New beans') },
        { id: uuid(2), attributes: attributes('Filter') },
        { id: uuid(3), attributes: attributes('Mug') },
      ];
      expect(withCopies(held, originals, counter(), now)).to.deep.equal([
        held[0],
        { id: uuid(900), originId: uuid(2), attributes: { name: 'Filter' }, createdAt: now, updatedAt: now },
        { id: uuid(901), originId: uuid(3), attributes: { name: 'Mug' }, createdAt: now, updatedAt: now },
      ]);
    });

    it('returns the held copies when every original is already held', () => {
      const held: OfferingItem<ProductAttributes>[] = [
        { id: uuid(50), originId: uuid(1), attributes: attributes('Beans'), createdAt: created, updatedAt: created },
      ];
      let calls = 0;
      const result = withCopies(
        held,
        [{ id: uuid(1), attributes: attributes('Beans') }],
        () => {
          calls += 1;
          return uuid(999);
        },
        now,
      );
      expect(result).to.deep.equal(held);
      expect(calls).to.equal(0);
    });
  });

  describe('external product references', () => {
    const item = (n: number, externalRef?: string): OfferingProduct => ({
      id: uuid(n),
      originId: uuid(100 + n),
      attributes:
        externalRef === undefined ? { name: `Product ${n}` } : { name: `Product ${n}`, external_ref: externalRef },
      createdAt: new Date(0),
      updatedAt: new Date(0),
    });
    const offeringWith = (products: OfferingProduct[]): Offering => ({
      id: uuid(1),
      storeId: uuid(2),
      attributes: { name: 'Coffee club' },
      version: 1,
      products,
      plans: [],
      features: [],
      createdAt: new Date(0),
      updatedAt: new Date(0),
    });

    it('lists the references of the products that have one, in product order', () => {
      expect(
        externalProductRefs(offeringWith([item(1, 'erp-1'), item(2), item(3, 'erp-3'), item(4, '')])),
      ).to.deep.equal(['erp-1', 'erp-3', '']);
    });

    it('is empty without products', () => {
      expect(externalProductRefs(offeringWith([]))).to.deep.equal([]);
    });
  });
});
