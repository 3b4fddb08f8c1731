import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { parsePaymentAuthority } from '../../../src/domain/subscriptions/payment-authority.js';

const parse = parsePaymentAuthority('data.payment_authority');
const sources = (input: unknown) => {
  const parsed = parse(input);
  return E.isLeft(parsed) ? parsed.left.map((i) => `${i.source} ${i.detail}`) : [];
};

describe('payment authorities', () => {
  it('reads every type with the identifiers that type takes, ignoring the others', () => {
    expect(
      parse({
        type: 'platform_payments_processor',
        customer_id: 'cus_1',
        card_id: 'card_1',
        payment_profile_id: 'ignored',
      }),
    ).to.deep.equal(E.right({ type: 'platform_payments_processor', customer_id: 'cus_1', card_id: 'card_1' }));
    expect(parse({ type: 'elastic_path_payments_stripe', customer_id: 'cus_OPfKlxWV3hp9h6' })).to.deep.equal(
      E.right({ type: 'elastic_path_payments_stripe', customer_id: 'cus_OPfKlxWV3hp9h6' }),
    );
    expect(
      parse({
        type: 'authorize_net',
        payment_profile_id: '1511660856',
        customer_profile_id: '1511736979',
        card_id: 'ignored',
      }),
    ).to.deep.equal(
      E.right({ type: 'authorize_net', payment_profile_id: '1511660856', customer_profile_id: '1511736979' }),
    );
    expect(parse({ type: 'authorize_net' })).to.deep.equal(E.right({ type: 'authorize_net' }));
  });

  it('refuses an unknown type, a missing one, identifiers out of 3..1024 code points, and a non-object', () => {
    expect(sources({ type: 'cash' })).to.deep.equal([
      "data.payment_authority.type must be one of 'platform_payments_processor', 'elastic_path_payments_stripe', 'authorize_net'",
    ]);
    expect(sources({})).to.deep.equal(['data.payment_authority.type is required']);
    expect(
      sources({ type: 'authorize_net', payment_profile_id: 'ab', customer_profile_id: 'x'.repeat(1025) }).map(
        (s) => s.split(' ')[0],
      ),
    ).to.deep.equal(['data.payment_authority.payment_profile_id', 'data.payment_authority.customer_profile_id']);
    expect(sources({ type: 'elastic_path_payments_stripe', card_id: 'a😀b' })).to.deep.equal([]);
    expect(sources('stripe')).to.deep.equal(['data.payment_authority must be an object']);
  });
});
