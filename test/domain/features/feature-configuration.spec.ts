import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { FEATURES } from '../../../src/domain/features/feature.js';
import {
  FEATURE_PROMOTIONS_MAX,
  featureTags,
  parseFeatureConfiguration,
} from '../../../src/domain/features/feature-configuration.js';

const parse = parseFeatureConfiguration('data.attributes.configuration');
const sources = (input: unknown): string[] => {
  const parsed = parse(input);
  return E.isLeft(parsed) ? parsed.left.map((i) => i.source) : [];
};
const C = 'data.attributes.configuration';
const promotion = (tag: string) => ({ name: `Promotion ${tag}`, tag });

describe('Domain: a feature configuration', () => {
  const accepted: [string, unknown][] = [
    ['an access tag of 1 character', { type: 'access', tag: 'a' }],
    ['an access tag of 64 letters, digits, _ and -', { type: 'access', tag: `${'aZ9_-'.repeat(12)}abcd` }],
    ['a usage allowance of 0', { type: 'usage', tag: 'seats', label: 'Sea', default_value: 0 }],
    ['a usage allowance of 2^31-1', { type: 'usage', tag: 'seats', label: 'Seats', default_value: 2_147_483_647 }],
    ['one promotion', { type: 'promotion', promotions: [promotion('one')] }],
    [
      `${FEATURE_PROMOTIONS_MAX} promotions, one with its id`,
      {
        type: 'promotion',
        promotions: Array.from({ length: FEATURE_PROMOTIONS_MAX }, (_, i) =>
          i === 0 ? { ...promotion('p0'), promotion_id: '0f4c1d9e-8a7b-4c3d-9e2f-1a2b3c4d5e6f' } : promotion(`p${i}`),
        ),
      },
    ],
  ];
  for (const [name, input] of accepted)
    it(`takes ${name}`, () => {
      expect(parse(input)).to.deep.equal(E.right(input));
    });

  const refused: [string, unknown, string[]][] = [
    ['no object', 'access', [C]],
    ['an unknown type', { type: 'discount', tag: 'x' }, [`${C}.type`]],
    ['an empty tag', { type: 'access', tag: '' }, [`${C}.tag`]],
    ['a tag of 65 characters', { type: 'access', tag: 'a'.repeat(65) }, [`${C}.tag`]],
    ['a tag with a space or a dot', { type: 'access', tag: 'a b' }, [`${C}.tag`]],
    ['a tag with a non-ASCII letter', { type: 'access', tag: 'café' }, [`${C}.tag`]],
    [
      'a usage with a short label and a negative allowance',
      { type: 'usage', tag: 'x', label: 'ab', default_value: -1 },
      [`${C}.label`, `${C}.default_value`],
    ],
    [
      'a usage allowance of 1.5',
      { type: 'usage', tag: 'x', label: 'Seats', default_value: 1.5 },
      [`${C}.default_value`],
    ],
    [
      'a usage allowance of 2^31',
      { type: 'usage', tag: 'x', label: 'Seats', default_value: 2 ** 31 },
      [`${C}.default_value`],
    ],
    ['no promotions', { type: 'promotion', promotions: [] }, [`${C}.promotions`]],
    [
      `${FEATURE_PROMOTIONS_MAX + 1} promotions`,
      {
        type: 'promotion',
        promotions: Array.from({ length: FEATURE_PROMOTIONS_MAX + 1 }, (_, i) => promotion(`p${i}`)),
      },
      [`${C}.promotions`],
    ],
    [
      'two promotions with one tag, and a promotion id that is not a UUID',
      { type: 'promotion', promotions: [promotion('same'), { ...promotion('same'), promotion_id: 'seven' }] },
      [`${C}.promotions[1].promotion_id`, `${C}.promotions[1].tag`],
    ],
    [
      'two promotions without a tag, each named once',
      { type: 'promotion', promotions: [{ name: 'One' }, { name: 'Two' }] },
      [`${C}.promotions[0].tag`, `${C}.promotions[1].tag`],
    ],
    ['a promotion that is no object', { type: 'promotion', promotions: ['ten_off'] }, [`${C}.promotions[0]`]],
  ];
  for (const [name, input, expected] of refused)
    it(`refuses ${name}, naming ${expected.join(', ')}`, () => {
      expect(sources(input)).to.deep.equal(expected);
    });

  it("names the tags a feature may put on a subscriber's account", () => {
    expect(featureTags({ type: 'access', tag: 'library' })).to.deep.equal(['library']);
    expect(featureTags({ type: 'usage', tag: 'seats', label: 'Seats', default_value: 3 })).to.deep.equal(['seats']);
    expect(featureTags({ type: 'promotion', promotions: [promotion('a'), promotion('b')] })).to.deep.equal(['a', 'b']);
  });

  it('reads a whole feature: a name of 3..1024 characters and a configuration are required', () => {
    const parsed = FEATURES.parseNew({ type: 'subscription_feature', attributes: { name: 'ab' } });
    expect(E.isLeft(parsed) && parsed.left.map((i) => i.source)).to.deep.equal([
      'data.attributes.name',
      'data.attributes.configuration',
    ]);
  });
});
