import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { applyGatewayChanges, parseGatewayChanges } from '../../../src/domain/gateways/gateway-input.js';
import {
  defaultGatewaySettings,
  type GatewaySettings,
  maskSecret,
  type SealedSecret,
  secretContext,
} from '../../../src/domain/gateways/gateway-settings.js';
import { type GatewaySlug, lookUpGateway, notServedDetail } from '../../../src/domain/gateways/gateway-slug.js';

const STRIPE_KEY = 'sk_test_51AbCdEfGhIjKlMnOpQrStUvWxYz0123';
const sealed = (masked: string): SealedSecret => ({ keyId: 'k1', sealed: 'c2VhbGVk', masked });

const sourcesOf = (slug: GatewaySlug, data: unknown): string[] => {
  const parsed = parseGatewayChanges(slug)(data);
  return E.isLeft(parsed) ? parsed.left.map((i) => i.source) : [];
};

describe('gateway slugs', () => {
  it('are served, EPCC’s but not served, or unknown; a refusal names the served ones', () => {
    const table: Array<[string, string]> = [
      ['manual', 'Served'],
      ['stripe_payment_intents', 'Served'],
      ['elastic_path_payments_stripe', 'Served'],
      ['authorize_net', 'Served'],
      ['braintree', 'NotServed'],
      ['stripe', 'NotServed'],
      ['stripe_connect', 'NotServed'],
      ['cyber_source', 'NotServed'],
      ['Stripe_Payment_Intents', 'Unknown'],
      ['', 'Unknown'],
      ['paypal', 'Unknown'],
    ];
    for (const [slug, tag] of table) expect(lookUpGateway(slug)._tag, slug).to.equal(tag);
    expect(notServedDetail({ _tag: 'NotServed', slug: 'adyen' })).to.equal(
      "EPCC's adyen gateway is not served by this service; it serves manual, stripe_payment_intents, elastic_path_payments_stripe, authorize_net",
    );
  });
});

describe('gateway changes', () => {
  it('take each gateway’s own fields and ignore the others’, as unknown fields are', () => {
    const all = {
      enabled: true,
      test: true,
      login: STRIPE_KEY,
      password: 'ABCDEFGH12345678',
      stripe_account: 'acct_1Abc',
      merchant_id: 'x',
    };
    expect(parseGatewayChanges('manual')(all)).to.deep.equal(E.right({ enabled: true, secrets: {} }));
    expect(parseGatewayChanges('stripe_payment_intents')(all)).to.deep.equal(
      E.right({ enabled: true, test: true, secrets: { login: STRIPE_KEY } }),
    );
    expect(parseGatewayChanges('elastic_path_payments_stripe')(all)).to.deep.equal(
      E.right({ enabled: true, test: true, stripeAccount: 'acct_1Abc', secrets: {} }),
    );
    expect(parseGatewayChanges('authorize_net')({ ...all, login: 'apiLogin1' })).to.deep.equal(
      E.right({ enabled: true, test: true, secrets: { login: 'apiLogin1', password: 'ABCDEFGH12345678' } }),
    );
    expect(parseGatewayChanges('authorize_net')({})).to.deep.equal(E.right({ secrets: {} }));
  });

  it('refuse each wrong field at its source, every one at once', () => {
    const table: Array<[GatewaySlug, unknown, string[]]> = [
      ['manual', { enabled: 'yes' }, ['data.enabled']],
      ['manual', { type: 'gateways', slug: 'stripe' }, ['data.type', 'data.slug']],
      ['stripe_payment_intents', { login: 'pk_test_abc', test: 1 }, ['data.test', 'data.login']],
      ['stripe_payment_intents', { login: 'sk_test_' }, ['data.login']],
      ['stripe_payment_intents', { login: `sk_live_${'a'.repeat(248)}` }, ['data.login']],
      ['stripe_payment_intents', { login: 42 }, ['data.login']],
      ['elastic_path_payments_stripe', { stripe_account: 'acc_1' }, ['data.stripe_account']],
      ['authorize_net', { login: 'a'.repeat(26), password: 'ABCDEFGH1234567' }, ['data.login', 'data.password']],
      ['authorize_net', { login: 'with space', password: 'ABCDEFGH1234567!' }, ['data.login', 'data.password']],
    ];
    for (const [slug, data, sources] of table)
      expect(sourcesOf(slug, data), JSON.stringify(data)).to.deep.equal(sources);
    expect(sourcesOf('manual', null)).to.deep.equal(['data']);
  });

  it('accept the bounds of each credential', () => {
    const accepted: Array<[GatewaySlug, Record<string, unknown>]> = [
      ['stripe_payment_intents', { login: `sk_live_${'a'.repeat(247)}` }],
      ['stripe_payment_intents', { login: 'rk_test_1' }],
      ['authorize_net', { login: 'a'.repeat(25), password: 'A'.repeat(16) }],
      ['authorize_net', { login: 'a' }],
      ['elastic_path_payments_stripe', { stripe_account: 'acct_1' }],
    ];
    for (const [slug, data] of accepted)
      expect(E.isRight(parseGatewayChanges(slug)(data)), JSON.stringify(data)).to.equal(true);
  });

  it('never repeat a credential in an issue', () => {
    const secret = 'sk_test_has space in it';
    const parsed = parseGatewayChanges('stripe_payment_intents')({ login: secret });
    expect(JSON.stringify(parsed)).not.to.include('has space');
  });
});

describe('applying gateway changes', () => {
  const stripe = defaultGatewaySettings('stripe_payment_intents');

  it('requires EPCC’s required fields until the gateway holds them, then lets them be left out', () => {
    const refused = applyGatewayChanges(stripe, { enabled: true }, {});
    expect(refused).to.deep.equal(
      E.left([{ source: 'data.login', detail: 'is required: the stripe_payment_intents gateway has no login yet' }]),
    );
    const first = applyGatewayChanges(stripe, { enabled: true }, { login: sealed('****0123') });
    const held = E.getOrElseW(() => stripe)(first);
    expect(held).to.deep.equal({ ...stripe, enabled: true, login: sealed('****0123') });
    expect(applyGatewayChanges(held, { enabled: false }, {})).to.deep.equal(E.right({ ...held, enabled: false }));
    const authorize = applyGatewayChanges(
      defaultGatewaySettings('authorize_net'),
      { test: true },
      { login: sealed('****') },
    );
    expect(E.isLeft(authorize) && authorize.left.map((i) => i.source)).to.deep.equal(['data.password']);
    expect(applyGatewayChanges(defaultGatewaySettings('manual'), { enabled: true }, {})).to.deep.equal(
      E.right({ slug: 'manual', enabled: true, test: false }),
    );
  });

  it('replaces a credential with a new one and keeps the other fields', () => {
    const current: GatewaySettings = { ...stripe, enabled: true, test: true, login: sealed('****aaaa') };
    expect(applyGatewayChanges(current, {}, { login: sealed('****bbbb') })).to.deep.equal(
      E.right({ ...current, login: sealed('****bbbb') }),
    );
  });
});

describe('masks and contexts of credentials', () => {
  it('show the last four characters of a credential of 12 or more, nothing of a shorter one', () => {
    const table: Array<[string, string]> = [
      [STRIPE_KEY, '****0123'],
      ['ABCDEFGH12345678', '****5678'],
      ['abcdefghijkl', '****ijkl'],
      ['abcdefghijk', '****'],
      ['apiLogin1', '****'],
      ['a', '****'],
    ];
    for (const [secret, mask] of table) expect(maskSecret(secret), secret).to.equal(mask);
  });

  it('bind a credential to its store, gateway and field', () => {
    const contexts = new Set([
      secretContext('s1', 'authorize_net', 'login'),
      secretContext('s1', 'authorize_net', 'password'),
      secretContext('s1', 'stripe_payment_intents', 'login'),
      secretContext('s2', 'authorize_net', 'login'),
    ]);
    expect(contexts.size).to.equal(4);
  });
});
