import { expect } from 'chai';
import { FIRING_KEYS, keyGroups } from '../../console/src/observed-keys.js';
import { isObservableKey, FIRING_KEYS as SERVICE_FIRING_KEYS } from '../../src/domain/events/event-keys.js';

describe('Console: the keys an integration is offered to observe', () => {
  it('are exactly the keys the service fires, in its order', () => {
    expect([...FIRING_KEYS]).to.deep.equal([...SERVICE_FIRING_KEYS]);
    expect(FIRING_KEYS.every(isObservableKey)).to.equal(true);
  });

  it('are grouped by the resource they tell about, every key once, in list order', () => {
    const groups = keyGroups();
    expect(groups.flatMap(([, keys]) => keys)).to.deep.equal([...FIRING_KEYS]);
    expect(groups.map(([resource]) => resource)).to.deep.equal([
      'subscription',
      'subscription-invoice',
      'subscription-subscriber',
      'subscription-product',
      'subscription-plan',
      'subscription-offering',
      'subscription-job',
      'subscription-schedule',
      'subscription-invoice-payment-refund',
      'account',
      'account-member',
      'account-membership',
    ]);
    for (const [resource, keys] of groups)
      expect(
        keys.every((k) => k.startsWith(`${resource}.`) && !k.slice(resource.length + 1).includes('.')),
        resource,
      ).to.equal(true);
  });

  it('groups a key with a dotted resource by its last dot, and nothing at all as no group', () => {
    const table: readonly [readonly string[], readonly (readonly [string, readonly string[]])[]][] = [
      [[], []],
      [['a.b'], [['a', ['a.b']]]],
      [
        ['a.b.c', 'a.b.d', 'a.e'],
        [
          ['a.b', ['a.b.c', 'a.b.d']],
          ['a', ['a.e']],
        ],
      ],
    ];
    for (const [keys, expected] of table) expect(keyGroups(keys), keys.join()).to.deep.equal(expected);
  });
});
