import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import {
  parseAttachment,
  parseOfferingAttributes,
  parseOfferingBuild,
} from '../../../src/domain/catalogue/offering-input.js';
import { uuid, uuids } from '../../support/domain-builders.js';
import { type Expectation, expectField, maxLengthCases, NAME_LIMIT, nameCases } from '../../support/field-cases.js';

describe('subscription offerings', () => {
  const offering = (attributes: Record<string, unknown>) =>
    parseOfferingAttributes({ type: 'subscription_offering', attributes: { name: 'Coffee club', ...attributes } });

  for (const [label, name, expected] of nameCases) {
    it(`${expected === null ? 'accepts' : 'refuses'} a name of ${label}`, () => {
      expectField(offering({ name }), 'name', name, expected, 'data.attributes.name');
    });
  }

  for (const [field, max] of [
    ['description', 1024],
    ['external_ref', 2048],
  ] as const) {
    for (const [label, value, expected] of maxLengthCases(max)) {
      it(`${expected === null ? 'accepts' : 'refuses'} a ${field} of ${label}`, () => {
        expectField(offering({ [field]: value }), field, value, expected, `data.attributes.${field}`);
      });
    }
  }

  it('reads the attributes and checks the type', () => {
    expect(offering({ description: 'Beans every month', external_ref: 'club', products: [] })).to.deep.equal(
      E.right({ name: 'Coffee club', description: 'Beans every month', external_ref: 'club' }),
    );
    expect(
      parseOfferingAttributes({ type: 'subscription_product', attributes: { name: 'Coffee club' } }),
    ).to.deep.equal(E.left([{ source: 'data.type', detail: "must be 'subscription_offering'" }]));
    expect(parseOfferingAttributes({ type: 'subscription_offering', attributes: {} })).to.deep.equal(
      E.left([{ source: 'data.attributes.name', detail: 'is required' }]),
    );
  });

  describe('build requests', () => {
    const build = (data: Record<string, unknown>) =>
      parseOfferingBuild({ name: 'Coffee club', products: [uuid(1)], plans: [uuid(2)], ...data });
    const LIST = 'must be a list of 1 to 100 ids';

    it('reads the flat attributes and both lists', () => {
      expect(
        parseOfferingBuild({
          name: 'Coffee club',
          description: 'Beans',
          external_ref: 'club',
          products: [uuid(1), uuid(2)],
          plans: [uuid(3)],
          type: 'ignored',
        }),
      ).to.deep.equal(
        E.right({
          attributes: { name: 'Coffee club', description: 'Beans', external_ref: 'club' },
          productIds: [uuid(1), uuid(2)],
          planIds: [uuid(3)],
        }),
      );
    });

    const lists: ReadonlyArray<[string, unknown, Expectation]> = [
      ['an empty list', [], LIST],
      ['one id', [uuid(1)], null],
      ['100 ids', uuids(100), null],
      ['101 ids', uuids(101), LIST],
      ['a missing list', undefined, LIST],
      ['a single id that is not in a list', uuid(1), LIST],
    ];
    for (const member of ['products', 'plans'] as const) {
      for (const [label, ids, expected] of lists) {
        it(`${expected === null ? 'accepts' : 'refuses'} ${member} as ${label}`, () => {
          const result = build({ [member]: ids });
          if (expected === null) {
            expect(E.isRight(result)).to.equal(true);
            if (E.isRight(result))
              expect(member === 'products' ? result.right.productIds : result.right.planIds).to.deep.equal(ids);
          } else {
            expect(result).to.deep.equal(E.left([{ source: `data.${member}`, detail: expected }]));
          }
        });
      }
    }

    it('names the position of every entry that is not a UUID', () => {
      expect(build({ products: [uuid(1), 'not-a-uuid', 42, uuid(2), null] })).to.deep.equal(
        E.left([
          { source: 'data.products.1', detail: 'must be a UUID' },
          { source: 'data.products.2', detail: 'must be a UUID' },
          { source: 'data.products.4', detail: 'must be a UUID' },
        ]),
      );
    });

    it('collapses duplicates, including ones that differ only in case, keeping first-seen order', () => {
      expect(build({ plans: [uuid(3), uuid(2), uuid(3).toUpperCase(), uuid(2)] })).to.deep.equal(
        E.right({ attributes: { name: 'Coffee club' }, productIds: [uuid(1)], planIds: [uuid(3), uuid(2)] }),
      );
    });

    it('counts duplicates against the limit of 100', () => {
      expect(build({ products: Array.from({ length: 101 }, () => uuid(1)) })).to.deep.equal(
        E.left([{ source: 'data.products', detail: LIST }]),
      );
    });

    it('checks the attributes with the offering limits, at flat paths', () => {
      expect(build({ name: 'ab', description: 'd'.repeat(1025), external_ref: 'e'.repeat(2049) })).to.deep.equal(
        E.left([
          { source: 'data.name', detail: NAME_LIMIT },
          { source: 'data.description', detail: 'must be at most 1024 characters long' },
          { source: 'data.external_ref', detail: 'must be at most 2048 characters long' },
        ]),
      );
    });

    it('lists the problems of the attributes and of both lists at once', () => {
      expect(parseOfferingBuild({ products: [], plans: [uuid(1), 'x'] })).to.deep.equal(
        E.left([
          { source: 'data.name', detail: 'is required' },
          { source: 'data.products', detail: LIST },
          { source: 'data.plans.1', detail: 'must be a UUID' },
        ]),
      );
    });

    it('refuses data that is not an object', () => {
      expect(parseOfferingBuild([uuid(1)])).to.deep.equal(E.left([{ source: 'data', detail: 'must be an object' }]));
    });
  });

  describe('attachments', () => {
    it('reads the named member only', () => {
      expect(parseAttachment({ products: [uuid(1), uuid(1)] }, 'products')).to.deep.equal(E.right([uuid(1)]));
      expect(parseAttachment({ plans: [uuid(2)] }, 'plans')).to.deep.equal(E.right([uuid(2)]));
      expect(parseAttachment({ products: [uuid(2)] }, 'plans')).to.deep.equal(
        E.left([{ source: 'data.plans', detail: 'must be a list of 1 to 100 ids' }]),
      );
    });

    const sizes: ReadonlyArray<[number, boolean]> = [
      [0, false],
      [1, true],
      [100, true],
      [101, false],
    ];
    for (const [count, valid] of sizes) {
      it(`${valid ? 'accepts' : 'refuses'} ${count} ids`, () => {
        expect(E.isRight(parseAttachment({ plans: uuids(count) }, 'plans'))).to.equal(valid);
      });
    }

    it('names entries that are not UUIDs and refuses data that is not an object', () => {
      expect(parseAttachment({ plans: ['x', uuid(1)] }, 'plans')).to.deep.equal(
        E.left([{ source: 'data.plans.0', detail: 'must be a UUID' }]),
      );
      expect(parseAttachment('plans', 'plans')).to.deep.equal(
        E.left([{ source: 'data', detail: 'must be an object' }]),
      );
    });
  });
});
