import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import type { FeatureConfiguration } from '../../../src/domain/features/feature-configuration.js';
import {
  configurationProblems,
  PLAN_FEATURE_CONFIGURATIONS_MAX,
  type PlanFeatureConfigurations,
  parsePlanFeatureConfigurationChanges,
  parsePlanFeatureConfigurations,
  withConfigurationChanges,
  withoutFeature,
} from '../../../src/domain/features/plan-feature-configuration.js';
import { uuid } from '../../support/domain-builders.js';

const S = 'data.attributes.feature_configurations';
const ACCESS = uuid(1);
const PROMOTION = uuid(2);
const USAGE = uuid(3);
const feature = (id: string, configuration: FeatureConfiguration) => ({
  id: id as never,
  attributes: { configuration },
});
const FEATURES = [
  feature(ACCESS, { type: 'access', tag: 'library' }),
  feature(PROMOTION, {
    type: 'promotion',
    promotions: [
      { name: 'Ten off', tag: 'ten_off' },
      { name: 'Free shipping', tag: 'free_shipping' },
    ],
  }),
  feature(USAGE, { type: 'usage', tag: 'seats', label: 'Seats', default_value: 5 }),
];

const sources = (parsed: E.Either<readonly { source: string }[], unknown>): string[] =>
  E.isLeft(parsed) ? parsed.left.map((i) => i.source) : [];

describe('Domain: the configuration of features on a plan', () => {
  const parse = parsePlanFeatureConfigurations(S);
  const accepted: [string, unknown][] = [
    ['no configuration', {}],
    ['access', { [ACCESS]: { type: 'access' } }],
    ['a promotion by its tag', { [PROMOTION]: { type: 'promotion', tag: 'ten_off' } }],
    ['a usage allowance of 0', { [USAGE]: { type: 'usage', default_value: 0 } }],
    ['a usage allowance of 2^31-1', { [USAGE]: { type: 'usage', default_value: 2_147_483_647 } }],
    [
      `${PLAN_FEATURE_CONFIGURATIONS_MAX} features`,
      Object.fromEntries(
        Array.from({ length: PLAN_FEATURE_CONFIGURATIONS_MAX }, (_, i) => [uuid(100 + i), { type: 'access' }]),
      ),
    ],
  ];
  for (const [name, input] of accepted)
    it(`takes ${name}`, () => {
      expect(parse(input)).to.deep.equal(E.right(input));
    });

  const refused: [string, unknown, string[]][] = [
    ['no object', [], [S]],
    ['a key that is no feature id', { gold: { type: 'access' } }, [`${S}.gold`]],
    ['a configuration that is no object', { [ACCESS]: 'access' }, [`${S}.${ACCESS}`]],
    ['an unknown type', { [ACCESS]: { type: 'discount' } }, [`${S}.${ACCESS}.type`]],
    ['a promotion without its tag', { [PROMOTION]: { type: 'promotion' } }, [`${S}.${PROMOTION}.tag`]],
    [
      'a promotion tag of 65 characters',
      { [PROMOTION]: { type: 'promotion', tag: 'a'.repeat(65) } },
      [`${S}.${PROMOTION}.tag`],
    ],
    ['a usage without its allowance', { [USAGE]: { type: 'usage' } }, [`${S}.${USAGE}.default_value`]],
    ['a usage allowance of -1', { [USAGE]: { type: 'usage', default_value: -1 } }, [`${S}.${USAGE}.default_value`]],
    ['a usage allowance of 1.5', { [USAGE]: { type: 'usage', default_value: 1.5 } }, [`${S}.${USAGE}.default_value`]],
    [
      'a usage allowance of 2^31',
      { [USAGE]: { type: 'usage', default_value: 2 ** 31 } },
      [`${S}.${USAGE}.default_value`],
    ],
    [
      `${PLAN_FEATURE_CONFIGURATIONS_MAX + 1} features`,
      Object.fromEntries(
        Array.from({ length: PLAN_FEATURE_CONFIGURATIONS_MAX + 1 }, (_, i) => [uuid(100 + i), { type: 'access' }]),
      ),
      [S],
    ],
    [
      'every problem at once',
      { gold: { type: 'usage' }, [ACCESS]: null },
      [`${S}.gold`, `${S}.gold.default_value`, `${S}.${ACCESS}`],
    ],
  ];
  for (const [name, input, expected] of refused)
    it(`refuses ${name}`, () => {
      expect(sources(parse(input))).to.deep.equal(expected);
    });

  it("reads an update's null as stopping one configuration, and nothing else as null", () => {
    const changes = parsePlanFeatureConfigurationChanges(S)({
      [ACCESS]: null,
      [USAGE]: { type: 'usage', default_value: 2 },
    });
    expect(changes).to.deep.equal(E.right({ [ACCESS]: null, [USAGE]: { type: 'usage', default_value: 2 } }));
    expect(sources(parse({ [ACCESS]: null }))).to.deep.equal([`${S}.${ACCESS}`]);
  });

  it('applies an update feature by feature: given ones set or replace, null ones go, the rest stay', () => {
    const current: PlanFeatureConfigurations = {
      [ACCESS]: { type: 'access' },
      [PROMOTION]: { type: 'promotion', tag: 'ten_off' },
    } as PlanFeatureConfigurations;
    expect(
      withConfigurationChanges(current, {
        [ACCESS]: null,
        [PROMOTION]: { type: 'promotion', tag: 'free_shipping' },
        [USAGE]: { type: 'usage', default_value: 1 },
      } as never),
    ).to.deep.equal({
      [PROMOTION]: { type: 'promotion', tag: 'free_shipping' },
      [USAGE]: { type: 'usage', default_value: 1 },
    });
    expect(withConfigurationChanges(undefined, { [ACCESS]: { type: 'access' } } as never)).to.deep.equal({
      [ACCESS]: { type: 'access' },
    });
  });

  describe('against the features of the offering', () => {
    const fits: [string, unknown][] = [
      ['nothing configured', undefined],
      ['access to an access feature', { [ACCESS]: { type: 'access' } }],
      ["one of a promotion feature's tags", { [PROMOTION]: { type: 'promotion', tag: 'free_shipping' } }],
      ["a usage feature with the plan's own allowance", { [USAGE]: { type: 'usage', default_value: 50 } }],
    ];
    for (const [name, configurations] of fits)
      it(`accepts ${name}`, () => {
        expect(configurationProblems(FEATURES, configurations as PlanFeatureConfigurations, S)).to.deep.equal([]);
      });

    const misfits: [string, unknown, string, string][] = [
      [
        'a feature the offering does not hold',
        { [uuid(9)]: { type: 'access' } },
        `${S}.${uuid(9)}`,
        'names no feature of the offering',
      ],
      [
        'another type than the feature has',
        { [USAGE]: { type: 'access' } },
        `${S}.${USAGE}`,
        "must be of the feature's type, usage",
      ],
      [
        'a promotion tag the feature does not offer',
        { [PROMOTION]: { type: 'promotion', tag: 'half_off' } },
        `${S}.${PROMOTION}`,
        "must pick one of the feature's promotion tags (ten_off, free_shipping), not half_off",
      ],
    ];
    for (const [name, configurations, source, detail] of misfits)
      it(`refuses ${name}`, () => {
        expect(configurationProblems(FEATURES, configurations as PlanFeatureConfigurations, S)).to.deep.equal([
          { source, detail },
        ]);
      });
  });

  it('drops the configuration of a feature that leaves the offering, and leaves the others', () => {
    const both = {
      [ACCESS]: { type: 'access' },
      [USAGE]: { type: 'usage', default_value: 1 },
    } as PlanFeatureConfigurations;
    expect(withoutFeature(both, ACCESS as never)).to.deep.equal({ [USAGE]: { type: 'usage', default_value: 1 } });
    expect(withoutFeature(both, PROMOTION as never)).to.equal(both);
    expect(withoutFeature(undefined, ACCESS as never)).to.equal(undefined);
  });
});
