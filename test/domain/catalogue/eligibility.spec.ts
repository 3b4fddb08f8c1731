import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import {
  changedCustomAttributes,
  parseCustomAttributeChanges,
} from '../../../src/domain/catalogue/custom-attributes.js';
import {
  isEligible,
  keptEligibility,
  lostOn2024Wire,
  plansOfProduct,
  productsOfPlan,
  withAssociations,
} from '../../../src/domain/catalogue/eligibility.js';
import { nextVersion, type Offering } from '../../../src/domain/catalogue/offering.js';
import { uuid } from '../../support/domain-builders.js';
import { PLAN_ATTRIBUTES } from '../../support/subscription-builders.js';

const AT = new Date('2026-03-01T00:00:00.000Z');
const item = <A>(n: number, attributes: A) => ({ id: uuid(n), attributes, createdAt: AT, updatedAt: AT });
const [beans, mugs] = [item(2, { name: 'Beans' }), item(3, { name: 'Mugs' })];
const [monthly, yearly] = [item(4, PLAN_ATTRIBUTES), item(5, { ...PLAN_ATTRIBUTES, name: 'Yearly' })];
const offering = (eligibility?: Offering['eligibility']): Offering => ({
  id: uuid(1),
  storeId: uuid(9),
  features: [],
  attributes: { name: 'Club' },
  version: 1,
  products: [beans, mugs],
  plans: [monthly, yearly],
  ...(eligibility === undefined ? {} : { eligibility }),
  createdAt: AT,
  updatedAt: AT,
});
const ids = (items: readonly { readonly id: string }[]) => items.map((i) => i.id);

describe('eligibility: which products may be bought under which plans of an offering', () => {
  const partial = offering({ [beans.id]: [monthly.id, yearly.id], [mugs.id]: [yearly.id] });

  it('is complete without a map, and pair by pair with one; a product the map does not name has none', () => {
    expect(isEligible(offering(), mugs.id, monthly.id)).to.equal(true);
    expect(isEligible(partial, mugs.id, monthly.id)).to.equal(false);
    expect(isEligible(partial, mugs.id, yearly.id)).to.equal(true);
    expect(isEligible(offering({ [beans.id]: [monthly.id] }), mugs.id, monthly.id)).to.equal(false);
    expect(ids(plansOfProduct(partial, mugs.id))).to.deep.equal([yearly.id]);
    expect(ids(productsOfPlan(partial, monthly.id))).to.deep.equal([beans.id]);
  });

  // Each row: what is kept of a map over the offering's items.
  const kept: [string, Offering['eligibility'], Offering['eligibility']][] = [
    [
      'every pair given is complete: no map',
      { [beans.id]: [monthly.id, yearly.id], [mugs.id]: [yearly.id, monthly.id] },
      undefined,
    ],
    [
      'a missing pair keeps the map, every product named',
      { [beans.id]: [monthly.id] },
      { [beans.id]: [monthly.id], [mugs.id]: [] },
    ],
    [
      'ids of items the offering does not hold are dropped',
      { [beans.id]: [monthly.id, uuid(77)], [uuid(78)]: [monthly.id] },
      { [beans.id]: [monthly.id], [mugs.id]: [] },
    ],
  ];
  for (const [what, given, expected] of kept)
    it(what, () => expect(keptEligibility([beans, mugs], [monthly, yearly], given)).to.deep.equal(expected));

  it('adds and removes plans of one product, back to complete when every pair is there again', () => {
    const removed = withAssociations(offering(), mugs.id, [monthly.id], 'remove');
    expect(removed).to.deep.equal({ [beans.id]: [monthly.id, yearly.id], [mugs.id]: [yearly.id] });
    expect(withAssociations(offering(removed), mugs.id, [monthly.id, yearly.id], 'add')).to.equal(undefined);
    expect(withAssociations(offering(removed), mugs.id, [uuid(77)], 'remove')).to.deep.equal(removed);
  });

  it('a new version keeps only the items it holds: a removed product takes its pairs, the rest may be complete', () => {
    const withoutMugs = nextVersion(partial, { products: [beans] }, AT);
    expect(withoutMugs.eligibility).to.equal(undefined);
    const added = nextVersion(partial, { plans: [monthly, yearly, item(6, PLAN_ATTRIBUTES)] }, AT);
    expect(ids(plansOfProduct(added, beans.id))).to.deep.equal([monthly.id, yearly.id]);
    expect(nextVersion(offering(), { plans: [monthly, yearly, item(6, PLAN_ATTRIBUTES)] }, AT).eligibility).to.equal(
      undefined,
    );
  });

  it('refuses the 2024 writes that would lose what only 2025 shows, naming why', () => {
    expect(lostOn2024Wire(offering(), 'attach')).to.equal(undefined);
    expect(lostOn2024Wire(partial, 'attach')).to.match(/associated with none/);
    expect(lostOn2024Wire(partial, 'replace')).to.match(/would lose theirs/);
    const tagged = { ...offering(), products: [{ ...beans, customAttributes: { a: 'b' } }, mugs] };
    expect(lostOn2024Wire(tagged, 'attach')).to.equal(undefined);
    expect(lostOn2024Wire(tagged, 'replace')).to.match(/custom_attributes/);
  });
});

describe("custom attributes changed key by key (EPCC 2026's plan update)", () => {
  const change = (held: Record<string, string> | undefined, changes: unknown) =>
    E.flatMap((c: Parameters<typeof changedCustomAttributes>[1]) => changedCustomAttributes(held, c, 'at'))(
      parseCustomAttributeChanges(changes, 'at'),
    );
  it('adds, replaces, removes with null, and leaves keys not named', () => {
    expect(change({ a: '1', b: '2' }, { b: '3', c: '4', a: null })).to.deep.equal(E.right({ b: '3', c: '4' }));
    expect(change(undefined, { gone: null })).to.deep.equal(E.right({}));
  });
  it('refuses a change that would leave more than 100, and keeps a key named __proto__ as a key', () => {
    const full = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, 'v']));
    expect(E.isLeft(change(full, { extra: 'v' }))).to.equal(true);
    expect(change(full, { extra: 'v', k0: null })).to.satisfy(E.isRight);
    const proto = change(undefined, JSON.parse('{"__proto__":"x"}'));
    expect(E.isRight(proto) && Object.keys(proto.right)).to.deep.equal(['__proto__']);
  });
});
