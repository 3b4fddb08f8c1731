import { expect } from 'chai';
import { InMemoryState } from '../../../../src/adapters/persistence/in-memory/in-memory-state.js';
import { errorBody } from '../../../support/error-body.js';
import { jsonBody, startTestApi, type TestApi } from '../../../support/test-api.js';

const STRIPE_KEY = 'sk_test_51GatewaySecretOfTheStore9876';
const API_LOGIN = 'apiLogin42';
const TRANSACTION_KEY = 'TransKey12345678';
const SECRETS = [STRIPE_KEY, 'GatewaySecretOfTheStore', API_LOGIN, TRANSACTION_KEY];

type Gateway = Record<string, unknown>;

describe('HTTP: gateways', () => {
  let api: TestApi;
  let state: InMemoryState;
  const put = (slug: string, data: unknown, init: RequestInit & { token?: string } = {}) =>
    api.request(`/v2/gateways/${slug}`, { ...jsonBody({ data }), method: 'PUT', ...init });
  const gateway = async (slug: string): Promise<Gateway> =>
    ((await (await api.request(`/v2/gateways/${slug}`)).json()) as { data: Gateway }).data;
  const noSecretIn = (text: string, where: string) => {
    for (const secret of SECRETS) expect(text, where).not.to.include(secret);
  };

  beforeEach(async () => {
    state = new InMemoryState();
    api = await startTestApi({ persistence: { kind: 'memory', state } });
  });
  afterEach(async () => api.close());

  it('lists every served gateway, disabled and without credentials until changed, in EPCC’s shape', async () => {
    const response = await api.request('/v2/gateways');
    expect(response.status).to.equal(200);
    expect(await response.json()).to.deep.equal({
      data: [
        { type: 'gateway', name: 'Manual', slug: 'manual', enabled: false },
        {
          type: 'gateway',
          name: 'Stripe Payment Intents',
          slug: 'stripe_payment_intents',
          enabled: false,
          test: false,
        },
        {
          type: 'gateway',
          name: 'Elastic Path Payments powered by Stripe',
          slug: 'elastic_path_payments_stripe',
          enabled: false,
          test: false,
        },
        { type: 'gateway', name: 'Authorize.net', slug: 'authorize_net', enabled: false, test: false },
      ],
    });
  });

  it('keeps each gateway’s settings and answers its credentials masked, in every answer', async () => {
    const stripe = await put('stripe_payment_intents', { enabled: true, login: STRIPE_KEY });
    expect(stripe.status).to.equal(200);
    const expectedStripe = {
      type: 'gateway',
      name: 'Stripe Payment Intents',
      slug: 'stripe_payment_intents',
      enabled: true,
      test: false,
      login: '****9876',
    };
    expect(((await stripe.json()) as { data: Gateway }).data).to.deep.equal(expectedStripe);
    expect(await gateway('stripe_payment_intents')).to.deep.equal(expectedStripe);

    const authorize = await put('authorize_net', {
      login: API_LOGIN,
      password: TRANSACTION_KEY,
      slug: 'authorize_net',
      enabled: true,
      test: true,
    });
    expect(authorize.status).to.equal(200);
    expect(((await authorize.json()) as { data: Gateway }).data).to.deep.equal({
      type: 'gateway',
      name: 'Authorize.net',
      slug: 'authorize_net',
      enabled: true,
      test: true,
      login: '****',
      password: '****5678',
    });
    const connect = await put('elastic_path_payments_stripe', { stripe_account: 'acct_1Connected', test: true });
    expect(((await connect.json()) as { data: Gateway }).data).to.include({
      stripe_account: 'acct_1Connected',
      enabled: false,
      test: true,
    });
    // A partial update: what is left out stays, the credentials included.
    expect((await put('authorize_net', { enabled: false })).status).to.equal(200);
    expect(await gateway('authorize_net')).to.include({
      enabled: false,
      test: true,
      login: '****',
      password: '****5678',
    });
    expect((await put('manual', { enabled: true })).status).to.equal(200);
    expect(await gateway('manual')).to.deep.equal({ type: 'gateway', name: 'Manual', slug: 'manual', enabled: true });

    noSecretIn(await (await api.request('/v2/gateways')).text(), 'the list');
    noSecretIn(
      await (await api.request('/v2/audit-events?filter=eq(resource_type,gateway)')).text(),
      'the audit trail',
    );
    noSecretIn(api.logs.text, 'the log');
    noSecretIn(JSON.stringify([...state.gatewaySettings.values()]), 'storage');
  });

  it('audits each change, the credentials redacted', async () => {
    await put('stripe_payment_intents', { enabled: true, login: STRIPE_KEY });
    const trail = (await (await api.request('/v2/audit-events?filter=eq(resource_type,gateway)')).json()) as {
      data: { action: string; resource: unknown; after: unknown }[];
    };
    expect(trail.data.map((e) => [e.action, e.resource, e.after])).to.deep.equal([
      [
        'gateway-settings.updated',
        { type: 'gateway', id: 'stripe_payment_intents' },
        { slug: 'stripe_payment_intents', enabled: true, test: false, login: '[redacted]' },
      ],
    ]);
  });

  it('takes no Idempotency-Key on a write that carries a credential: nothing of it is kept for a replay', async () => {
    const send = () =>
      put(
        'stripe_payment_intents',
        { login: STRIPE_KEY },
        { headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'k-1' } },
      );
    const [first, second] = [await send(), await send()];
    expect([first.status, second.status]).to.deep.equal([200, 200]);
    expect(second.headers.get('Idempotent-Replayed')).to.equal(null);
    expect(state.idempotencyRecords.size).to.equal(0);
  });

  it('refuses a first change without the credentials the gateway requires, and bad values without repeating them', async () => {
    const missing = await put('authorize_net', { enabled: true, login: API_LOGIN });
    expect(missing.status).to.equal(400);
    expect((await errorBody(missing)).errors.map((e) => [e['source'], e['detail']])).to.deep.equal([
      ['data.password', 'data.password is required: the authorize_net gateway has no password yet'],
    ]);
    const bad = await put('stripe_payment_intents', { login: 'pk_live_PublishableNotSecret', enabled: 'yes' });
    expect(bad.status).to.equal(400);
    const text = await bad.text();
    expect(text).not.to.include('PublishableNotSecret');
    expect((JSON.parse(text) as { errors: { source: string }[] }).errors.map((e) => e.source)).to.deep.equal([
      'data.enabled',
      'data.login',
    ]);
    expect(await gateway('authorize_net'))
      .to.include({ enabled: false })
      .and.not.to.have.property('login');
  });

  it('answers EPCC’s other gateways 422 and any other slug 404, each naming the served ones', async () => {
    const braintree = await api.request('/v2/gateways/braintree');
    expect(braintree.status).to.equal(422);
    const [refusal] = (await errorBody(braintree)).errors;
    expect(refusal).to.include({ code: 'gateway_not_served' });
    expect(refusal?.['detail']).to.include(
      'manual, stripe_payment_intents, elastic_path_payments_stripe, authorize_net',
    );
    const unknown = await api.request('/v2/gateways/paypal');
    expect(unknown.status).to.equal(404);
    expect((await errorBody(unknown)).errors[0]?.['detail']).to.include('this service serves manual');
    // EPCC's PUT of another gateway is a route this service does not have.
    expect((await put('braintree', { enabled: true })).status).to.equal(405);
  });

  it('is store administration: an implicit token gets 403, no token 401', async () => {
    const implicit = await api.token('implicit');
    expect((await api.request('/v2/gateways', { token: implicit })).status).to.equal(403);
    expect((await api.request('/v2/gateways/manual', { token: implicit })).status).to.equal(403);
    expect((await put('manual', { enabled: true }, { token: implicit })).status).to.equal(403);
    expect((await api.request('/v2/gateways', { token: null })).status).to.equal(401);
  });
});

describe('HTTP: gateways without GATEWAY_CREDENTIALS_KEY', () => {
  let api: TestApi;
  beforeEach(async () => {
    api = await startTestApi({ gatewayCredentialsKeys: [] });
  });
  afterEach(async () => api.close());

  it('refuses a credential with a 422 naming the setting and the field, and changes nothing', async () => {
    const refused = await api.request('/v2/gateways/authorize_net', {
      ...jsonBody({ data: { enabled: true, login: API_LOGIN, password: TRANSACTION_KEY } }),
      method: 'PUT',
    });
    expect(refused.status).to.equal(422);
    const text = await refused.text();
    for (const secret of [API_LOGIN, TRANSACTION_KEY]) expect(text).not.to.include(secret);
    const [error] = (JSON.parse(text) as { errors: Record<string, unknown>[] }).errors;
    expect(error).to.include({ status: '422', code: 'credentials_key_missing' });
    expect(error?.['detail']).to.equal(
      'data.login and data.password cannot be stored: set GATEWAY_CREDENTIALS_KEY, the key gateway credentials are encrypted with',
    );
    const kept = (await (await api.request('/v2/gateways/authorize_net')).json()) as { data: Gateway };
    expect(kept.data).to.include({ enabled: false }).and.not.to.have.property('login');
  });

  it('still reads every gateway and changes the settings that are not credentials', async () => {
    expect((await api.request('/v2/gateways')).status).to.equal(200);
    const connect = await api.request('/v2/gateways/elastic_path_payments_stripe', {
      ...jsonBody({ data: { enabled: true, stripe_account: 'acct_1NoKeyNeeded' } }),
      method: 'PUT',
    });
    expect(connect.status).to.equal(200);
    expect(((await connect.json()) as { data: Gateway }).data).to.include({
      enabled: true,
      stripe_account: 'acct_1NoKeyNeeded',
    });
  });
});
