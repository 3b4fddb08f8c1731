import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { parseOfferingBuild2025, parseOfferingUpdate2025 } from '../../../src/domain/catalogue/offering-input-2025.js';
import { uuid } from '../../support/domain-builders.js';
import { PLAN_ATTRIBUTES } from '../../support/subscription-builders.js';

const build = (fields: Record<string, unknown> = {}) => ({
  name: 'Coffee club',
  plans: [
    { name: 'Beans', external_ref: 'beans' },
    { name: 'Mugs', external_ref: 'mugs' },
  ],
  pricing_options: [
    { ...PLAN_ATTRIBUTES, external_ref: 'monthly' },
    { ...PLAN_ATTRIBUTES, name: 'Yearly', external_ref: 'yearly' },
  ],
  ...fields,
});

const outcome = (parsed: ReturnType<typeof parseOfferingBuild2025>): string =>
  E.isRight(parsed)
    ? `accepted${parsed.right.associations === undefined ? '' : ` ${JSON.stringify(parsed.right.associations)}`}`
    : parsed.left._tag === 'ValidationFailed'
      ? `400 ${parsed.left.issues.map((i) => i.source).join(' ')}`
      : `${parsed.left._tag} ${'detail' in parsed.left ? parsed.left.detail.split(':')[0] : ''}`;

describe('the 2025 build of an offering: what is stored, what is refused and why', () => {
  const rows: [string, Record<string, unknown>, string][] = [
    ['no associations: every plan with every pricing option', {}, 'accepted'],
    [
      'associations of every plan with every pricing option, in any order',
      { pricing_option_associations: { mugs: ['yearly', 'monthly'], beans: ['monthly', 'yearly'] } },
      'accepted [[0,1],[0,1]]',
    ],
    [
      'a plan left out: it may be bought with none',
      { pricing_option_associations: { beans: ['monthly', 'yearly'] } },
      'accepted [[0,1],[]]',
    ],
    [
      'a pricing option left out of one plan',
      { pricing_option_associations: { beans: ['monthly'], mugs: ['monthly', 'yearly'] } },
      'accepted [[0],[0,1]]',
    ],
    [
      'a plan with no pricing option at all',
      { pricing_option_associations: { beans: [], mugs: ['yearly'] } },
      'accepted [[],[1]]',
    ],
    [
      'a list that is not of external_refs',
      { pricing_option_associations: { beans: [1] } },
      '400 data.pricing_option_associations.beans',
    ],
    [
      'a plan that is not in the build',
      { pricing_option_associations: { teapots: ['monthly'] } },
      '400 data.pricing_option_associations.teapots',
    ],
    [
      'a pricing option that is not in the build',
      { pricing_option_associations: { beans: ['weekly'] } },
      '400 data.pricing_option_associations.beans',
    ],
    ['features by reference, resolved when the offering is made', { features: ['gold', uuid(7)] }, 'accepted'],
    [
      'a feature made inline',
      { features: [{ name: 'Library', configuration: { type: 'access', tag: 'library' } }] },
      'accepted',
    ],
    [
      'an invalid inline feature',
      { features: [{ name: 'Library', configuration: { type: 'access', tag: 'a b' } }] },
      '400 data.features.0.configuration.tag',
    ],
    ['features that are no list', { features: 'gold' }, '400 data.features'],
    ['a feature that is neither reference nor feature', { features: [7] }, '400 data.features.0'],
    ['configured features of a plan', { configured_features: { beans: { gold: { type: 'access' } } } }, 'accepted'],
    [
      'a configuration without a type',
      { configured_features: { beans: { gold: {} } } },
      '400 data.configured_features.beans.gold.type',
    ],
    [
      'configured features of no plan of the build',
      { configured_features: { teapots: { gold: { type: 'access' } } } },
      '400 data.configured_features.teapots',
    ],
    [
      'a usage configuration without its allowance',
      { configured_features: { beans: { seats: { type: 'usage' } } } },
      '400 data.configured_features.beans.seats.default_value',
    ],
    ['empty configured features, which configure nothing', { configured_features: {} }, 'accepted'],
    ['a proration policy by reference', { proration_policy_id: 'main-policy' }, '400 data.proration_policy_id'],
    ['no pricing options', { pricing_options: [] }, '400 data.pricing_options'],
  ];
  for (const [what, fields, expected] of rows)
    it(what, () => {
      expect(outcome(parseOfferingBuild2025(build(fields)))).to.equal(expected);
    });

  it('leaves a plan with no external_ref, which associations cannot name, with no pricing option', () => {
    const plans = [{ name: 'Beans', external_ref: 'beans' }, { name: 'Mugs' }];
    expect(
      outcome(parseOfferingBuild2025(build({ plans, pricing_option_associations: { beans: ['monthly', 'yearly'] } }))),
    ).to.equal('accepted [[0,1],[]]');
  });

  it("takes each plan's custom attributes, and refuses values, keys and counts past EPCC's limits", () => {
    const tagged = (custom_attributes: unknown) =>
      build({ plans: [{ name: 'Beans', external_ref: 'beans', custom_attributes }] });
    const parsed = parseOfferingBuild2025(tagged({ colour: 'green' }));
    expect(E.isRight(parsed) && parsed.right.madeProducts?.[0]?.customAttributes).to.deep.equal({ colour: 'green' });
    const many = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`k${i}`, 'v']));
    for (const [input, source] of [
      [{ colour: 1 }, 'data.plans.0.custom_attributes.colour'],
      [{ colour: 'x'.repeat(513) }, 'data.plans.0.custom_attributes.colour'],
      [{ '': 'empty key' }, 'data.plans.0.custom_attributes.'],
      [many, 'data.plans.0.custom_attributes'],
      [['green'], 'data.plans.0.custom_attributes'],
    ] as const)
      expect(outcome(parseOfferingBuild2025(tagged(input))), JSON.stringify(input).slice(0, 40)).to.equal(
        `400 ${source}`,
      );
    expect(outcome(parseOfferingBuild2025(tagged({ colour: 'x'.repeat(512) })))).to.equal('accepted');
  });

  it('makes every plan and pricing option inline, with nothing to copy', () => {
    const parsed = parseOfferingBuild2025(build({ proration_policy_id: '11111111-1111-4111-8111-111111111111' }));
    expect(E.isRight(parsed) && parsed.right).to.deep.include({ productIds: [], planIds: [] });
    expect(E.isRight(parsed) && parsed.right.madeProducts?.map((p) => p.attributes.name)).to.deep.equal([
      'Beans',
      'Mugs',
    ]);
    expect(E.isRight(parsed) && parsed.right.madePlans?.map((p) => p.name)).to.deep.equal(['Monthly', 'Yearly']);
    expect(E.isRight(parsed) && parsed.right.prorationPolicyId).to.equal('11111111-1111-4111-8111-111111111111');
  });
});

describe('the 2025 update of an offering', () => {
  it('takes attributes, a policy, null for none, and refuses neither or a malformed reference', () => {
    const policy = { type: 'subscription_proration_policy', id: '11111111-1111-4111-8111-111111111111' };
    const update = (data: Record<string, unknown>) =>
      parseOfferingUpdate2025({ type: 'subscription_offering', ...data });
    expect(update({ attributes: { name: 'Club' } })).to.deep.equal(E.right({ attributes: { name: 'Club' } }));
    expect(update({ relationships: { proration_policy: policy } })).to.deep.equal(
      E.right({ attributes: {}, prorationPolicy: policy.id }),
    );
    expect(update({ relationships: { proration_policy: null } })).to.deep.equal(
      E.right({ attributes: {}, prorationPolicy: null }),
    );
    expect(update({})).to.deep.equal(
      E.left([{ source: 'data', detail: 'must have attributes or relationships.proration_policy' }]),
    );
    expect(update({ relationships: { proration_policy: { type: 'x', id: 'y' } } })).to.deep.equal(
      E.left([
        { source: 'data.relationships.proration_policy.type', detail: "must be 'subscription_proration_policy'" },
        { source: 'data.relationships.proration_policy.id', detail: 'must be a UUID' },
      ]),
    );
    // The type is the request's own whichever members it changes.
    for (const [type, detail] of [
      [undefined, 'is required'],
      [{ '': 1 }, "must be 'subscription_offering'"],
      ['subscription_plan', "must be 'subscription_offering'"],
    ] as const)
      for (const data of [{ relationships: { proration_policy: null } }, { attributes: { name: 'Club' } }])
        expect(parseOfferingUpdate2025({ type, ...data })).to.deep.equal(E.left([{ source: 'data.type', detail }]));
  });
});
