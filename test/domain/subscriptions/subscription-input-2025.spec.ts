import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import {
  parseNewSubscription2025,
  parsePlanChanges2025,
  parseSubscriptionUpdate2025,
} from '../../../src/domain/subscriptions/subscription-input-2025.js';
import { uuid } from '../../support/domain-builders.js';

const CREATE = {
  account_id: uuid(1),
  offering_id: uuid(2),
  plan_id: uuid(3),
  pricing_option_id: uuid(4),
  currency: 'USD',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  payment_authority: { type: 'elastic_path_payments_stripe', customer_id: 'cus_1' },
};

const sourcesOf = (result: E.Either<{ _tag: string; issues?: readonly { source: string }[] }, unknown>) =>
  E.isLeft(result) ? (result.left.issues ?? []).map((i) => i.source) : [];

describe('the 2025 wire read into the domain (subscriptions)', () => {
  it('a create: pricing_option_id is the domain plan, plan_id the one product held', () => {
    const parsed = parseNewSubscription2025(CREATE);
    if (E.isLeft(parsed)) throw new Error(JSON.stringify(parsed.left));
    expect(parsed.right.plan_id).to.equal(uuid(4));
    expect(parsed.right.product_ids).to.deep.equal([uuid(3)]);
  });

  const badCreates: readonly [string, Record<string, unknown>, readonly string[]][] = [
    ['no pricing option', { pricing_option_id: undefined }, ['data.pricing_option_id']],
    ['no plan', { plan_id: undefined }, ['data.plan_id']],
    ['a plan that is not a UUID', { plan_id: 'x' }, ['data.plan_id']],
    ['both missing', { plan_id: undefined, pricing_option_id: undefined }, ['data.pricing_option_id', 'data.plan_id']],
    [
      'the seed authority',
      { payment_authority: { type: 'platform_payments_processor' } },
      ['data.payment_authority.type'],
    ],
  ];
  for (const [what, change, sources] of badCreates) {
    it(`a create with ${what} is a 400 naming ${sources.join(', ')}`, () => {
      const result = parseNewSubscription2025({ ...CREATE, ...change });
      expect(E.isLeft(result) && result.left._tag).to.equal('ValidationFailed');
      expect(sourcesOf(result)).to.have.members([...sources]);
    });
  }

  for (const field of [
    'offering',
    'plans',
    'first_invoice_paid',
    'started_at',
    'order',
    'override_first_period_end_date',
  ]) {
    it(`a create with ${field} is refused as not served yet, not ignored`, () => {
      const result = parseNewSubscription2025({ ...CREATE, [field]: field === 'plans' ? [{}] : true });
      expect(E.isLeft(result) && result.left).to.include({ _tag: 'Unprocessable', code: 'not_served_yet' });
    });
  }

  it('an update: pricing_option_id becomes the plan switch, plan_id a replace of the products held', () => {
    const parsed = parseSubscriptionUpdate2025({
      type: 'subscription',
      attributes: { pricing_option_id: uuid(5), plan_id: uuid(6), name: 'Not a 2025 field' },
    });
    if (E.isLeft(parsed)) throw new Error(JSON.stringify(parsed.left));
    expect(parsed.right.changes).to.deep.equal({ plan_id: uuid(5) });
    expect(parsed.right.products).to.deep.equal([{ type: 'replace', products: [uuid(6)] }]);
  });

  it('an update with bad ids names the 2025 fields', () => {
    const result = parseSubscriptionUpdate2025({
      type: 'subscription',
      attributes: { pricing_option_id: 'x', plan_id: 'y' },
    });
    expect(sourcesOf(result)).to.have.members(['data.attributes.pricing_option_id', 'data.attributes.plan_id']);
  });

  it('plan changes: detach is read as a product detach; attach is refused, in 2025 words', () => {
    const parsed = parsePlanChanges2025([{ type: 'detach', plans: [uuid(7)] }]);
    expect(parsed).to.deep.equal(E.right([{ type: 'detach', products: [uuid(7)] }]));
    const refused = parsePlanChanges2025([
      { type: 'attach', plans: [uuid(7)] },
      { type: 'detach', plans: ['x'] },
    ]);
    expect(E.isLeft(refused) && refused.left.map((i) => i.source)).to.include.members([
      'data.0.type',
      'data.1.plans.0',
    ]);
  });
});
