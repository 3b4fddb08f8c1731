import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { CreateStore } from '../../../../src/application/use-cases/stores/create-store.js';
import { productData } from '../../../support/subscription-core.js';
import { startTestApi, type TestApi } from '../../../support/test-api.js';

describe('HTTP: Idempotency-Key on POST', () => {
  let api: TestApi;
  beforeEach(async () => {
    api = await startTestApi();
  });
  afterEach(async () => api.close());

  const create = (key: string | undefined, name = 'Coffee beans', token?: string) =>
    api.request('/v2/subscriptions/products', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(key === undefined ? {} : { 'Idempotency-Key': key }) },
      body: JSON.stringify({ data: productData({ name }) }),
      ...(token === undefined ? {} : { token }),
    });
  const count = async () =>
    ((await (await api.request('/v2/subscriptions/products')).json()) as { meta: { results: { total: number } } }).meta
      .results.total;

  it('replays the first response to a retry with the same key: same status, same body, one product', async () => {
    const first = await create('retry-1');
    expect(first.status).to.equal(201);
    expect(first.headers.get('idempotent-replayed')).to.equal(null);
    const body = await first.text();
    const retry = await create('retry-1');
    expect(retry.status).to.equal(201);
    expect(retry.headers.get('idempotent-replayed')).to.equal('true');
    expect(retry.headers.get('content-type')).to.match(/^application\/json/);
    expect(await retry.text()).to.equal(body);
    expect(await count()).to.equal(1);
    expect((await create(undefined)).status, 'without a key, every POST runs').to.equal(201);
    expect(await count()).to.equal(2);
  });

  it('answers 422 when the key is reused for a different request', async () => {
    await create('reused');
    const other = await create('reused', 'Tea leaves');
    expect(other.status).to.equal(422);
    expect(((await other.json()) as { errors: { source: string; detail: string }[] }).errors[0]).to.include({
      source: 'Idempotency-Key',
    });
    expect(await count()).to.equal(1);
  });

  it('tells a key used under /generations/2025 and again un-prefixed that it was reused for a different request', async () => {
    const build = {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'across-generations' },
      body: JSON.stringify({
        data: {
          name: 'Club',
          plans: [{ name: 'Gold', price: { USD: { amount: 1000, includes_tax: false } } }],
          pricing_options: [
            {
              name: 'Monthly',
              billing_interval_type: 'month',
              billing_frequency: 1,
              plan_length: 12,
              end_behavior: 'roll',
              can_pause: true,
              can_resume: true,
              can_cancel: true,
            },
          ],
        },
      }),
    };
    expect((await api.request('/generations/2025/v2/subscriptions/offerings/build', build)).status).to.equal(201);
    // The same method, path and body on the store's own 2024 paths: another request, not a retry.
    const unprefixed = await api.request('/v2/subscriptions/offerings/build', build);
    expect(unprefixed.status).to.equal(422);
    expect(unprefixed.headers.get('idempotent-replayed')).to.equal(null);
    expect(((await unprefixed.json()) as { errors: { code: string }[] }).errors[0]?.code).to.equal(
      'idempotency_key_reused',
    );
  });

  it('lets one of many concurrent requests with one key run; the others get 409 or the replay', async () => {
    const responses = await Promise.all(Array.from({ length: 10 }, () => create('burst')));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201).length).to.be.at.least(1);
    expect(statuses.every((s) => s === 201 || s === 409)).to.equal(true);
    expect(responses.filter((r) => r.status === 201 && r.headers.get('idempotent-replayed') === null)).to.have.length(
      1,
    );
    expect(await count()).to.equal(1);
  });

  it('keeps a validation error for replay, and releases the key after a failure the client may retry', async () => {
    const invalid = () =>
      api.request('/v2/subscriptions/products', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'bad-body' },
        body: JSON.stringify({ data: { type: 'subscription_product', attributes: { name: 'x' } } }),
      });
    expect((await invalid()).status).to.equal(400);
    const replayed = await invalid();
    expect(replayed.status).to.equal(400);
    expect(replayed.headers.get('idempotent-replayed')).to.equal('true');
  });

  it('scopes keys to the store: another store may use the same key for its own request', async () => {
    await create('shared-key');
    const other = await api.container.get(CreateStore).execute('Other store');
    if (E.isLeft(other)) throw new Error('store not created');
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: other.right.key.clientId,
      client_secret: other.right.clientSecret,
    });
    const token = (
      (await (await fetch(`${api.url}/oauth/access_token`, { method: 'POST', body: form })).json()) as {
        access_token: string;
      }
    ).access_token;
    const theirs = await create('shared-key', 'Coffee beans', token);
    expect(theirs.status).to.equal(201);
    expect(theirs.headers.get('idempotent-replayed')).to.equal(null);
  });

  it('refuses a malformed key with a 400 naming the header, and ignores keys on other methods', async () => {
    const bad = await create('x'.repeat(256));
    expect(bad.status).to.equal(400);
    expect(((await bad.json()) as { errors: { source: string }[] }).errors[0]?.source).to.equal('Idempotency-Key');
    const get = await api.request('/v2/subscriptions/products', { headers: { 'Idempotency-Key': 'x'.repeat(300) } });
    expect(get.status).to.equal(200);
  });
});
