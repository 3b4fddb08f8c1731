import { expect } from 'chai';
import { coreJobWorker } from '../../../../src/adapters/jobs/start-jobs.js';
import { errorBody } from '../../../support/error-body.js';
import { TableResolver, withIntegrations } from '../../../support/integration-fakes.js';
import { planData, productData, subscriptionData } from '../../../support/subscription-core.js';
import { jsonBody, startTestApi, type TestApi } from '../../../support/test-api.js';

interface AuditDoc {
  id: string;
  occurred_at: string;
  actor: { kind: string; id: string; name?: string };
  address: string | null;
  action: string;
  resource: { type: string; id: string };
  sequence: number;
  before: any;
  after: any;
  request_id: string | null;
}
type Resource = Record<string, any> & { id: string };

describe('HTTP: /v2/audit-events', () => {
  let api: TestApi;
  beforeEach(async () => {
    const resolver = new TableResolver({ 'hooks.example.com': ['93.184.215.14'] });
    api = await startTestApi({ configure: withIntegrations(resolver, false) });
  });
  afterEach(async () => api.close());

  const send = async (method: string, path: string, data?: unknown, headers: Record<string, string> = {}) => {
    const response = await api.request(path, {
      ...(data === undefined ? {} : jsonBody({ data })),
      method,
      headers: { ...(data === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    });
    expect(response.status, `${method} ${path}: ${await response.clone().text()}`).to.be.below(300);
    return response.status === 204 ? undefined : ((await response.json()) as { data: Resource });
  };
  const trail = async (filter: string): Promise<AuditDoc[]> => {
    const response = await api.request(`/v2/audit-events?filter=${encodeURIComponent(filter)}&page[limit]=100`);
    expect(response.status, await response.clone().text()).to.equal(200);
    return ((await response.json()) as { data: AuditDoc[] }).data;
  };
  const theKey = () => ({ kind: 'key', id: api.store.key.id });

  it('records a key’s creation, change and deletion by the calling key, from its address, with no secret anywhere', async () => {
    const created = (await send('POST', '/v2/application-keys', { type: 'application_key', name: 'Back office' }))!;
    const secret = created.data['client_secret'] as string;
    await send(
      'PUT',
      `/v2/application-keys/${created.data.id}`,
      { type: 'application_key', name: 'Warehouse' },
      {
        'X-Request-Id': 'rename-1',
      },
    );
    await send('DELETE', `/v2/application-keys/${created.data.id}`);
    const events = await trail(`eq(resource_id,${created.data.id})`);
    expect(events.map((e) => e.action)).to.deep.equal([
      'application-key.deleted',
      'application-key.updated',
      'application-key.created',
    ]);
    for (const e of events) {
      expect(e.actor).to.deep.equal(theKey());
      expect(e.address).to.equal('127.0.0.1');
      expect(e.resource.type).to.equal('application_key');
    }
    const [deleted, renamed, made] = events;
    expect(made!.before).to.equal(null);
    expect(made!.after).to.deep.include({ name: 'Back office', secretHash: '[redacted]' });
    expect(renamed!.request_id).to.equal('rename-1');
    expect(renamed!.before).to.deep.include({ name: 'Back office' });
    expect(renamed!.after).to.deep.include({ name: 'Warehouse' });
    expect(deleted!.after).to.equal(null);
    const everything = JSON.stringify(await trail('eq(actor_kind,key)'));
    expect(everything).not.to.include(secret);
    const one = await api.request(`/v2/audit-events/${made!.id}`);
    expect(((await one.json()) as { data: AuditDoc }).data).to.deep.include({ id: made!.id, sequence: 1 });
  });

  it('records an integration with its webhook secret redacted, and the mapping’s prefix and the cart settings before and after', async () => {
    const integration = (await send('POST', '/v2/integrations', {
      type: 'integration',
      name: 'Fulfilment',
      integration_type: 'webhook',
      observes: ['subscription.created'],
      configuration: { url: 'https://hooks.example.com/epcc', secret_key: 'whsec-very-secret' },
    }))!;
    const [made] = await trail(`eq(resource_type,integration)`);
    expect(made).to.deep.include({
      action: 'integration.created',
      resource: { type: 'integration', id: integration.data.id },
    });
    expect(made!.after.attributes.configuration).to.deep.equal({
      url: 'https://hooks.example.com/epcc',
      secret_key: '[redacted]',
    });
    expect(JSON.stringify(await trail('eq(actor_kind,key)'))).not.to.include('whsec-very-secret');

    const mapping = api.store.realmMapping;
    await send('PUT', `/v2/merchant-realm-mappings/${mapping.id}`, { type: 'merchant-realm-mappings', prefix: 'acme' });
    const [prefixed] = await trail(`eq(resource_id,${mapping.id})`);
    expect(prefixed).to.deep.include({ action: 'merchant-realm-mapping.updated', actor: theKey() });
    expect(prefixed!.before).to.deep.include({ prefix: null });
    expect(prefixed!.after).to.deep.include({ prefix: 'acme' });

    await send('PUT', '/v2/settings/cart', { type: 'settings', cart_expiry_days: 30 });
    const [cart] = await trail('eq(action,cart-settings.updated)');
    expect(cart!.resource).to.deep.equal({ type: 'cart_settings', id: api.store.store.id });
    expect(cart!.before).to.deep.include({ cartExpiryDays: 7 });
    expect(cart!.after).to.deep.include({ cartExpiryDays: 30 });
  });

  it('records the catalogue, a subscription and its state changes as their GETs show them, and a billing run as the work of billing', async () => {
    const product = (await send('POST', '/v2/subscriptions/products', productData({ external_ref: 'beans' })))!;
    const plan = (await send('POST', '/v2/subscriptions/plans', planData()))!;
    const offering = (await send('POST', '/v2/subscriptions/offerings/build', {
      name: 'Coffee club',
      products: [product.data.id],
      plans: [plan.data.id],
    }))!;
    const planId = offering.data['relationships'].plans.data[0].id as string;
    const subscription = (await send(
      'POST',
      '/v2/subscriptions/subscriptions',
      subscriptionData(offering.data.id, planId),
    ))!;
    await send('POST', `/v2/subscriptions/subscriptions/${subscription.data.id}/states`, {
      type: 'subscription_state',
      attributes: { action: 'pause' },
    });
    const [productMade] = await trail(`eq(resource_id,${product.data.id})`);
    expect(productMade).to.deep.include({ action: 'subscription-product.created', actor: theKey() });
    const productNow = (await (await api.request(`/v2/subscriptions/products/${product.data.id}`)).json()) as {
      data: unknown;
    };
    expect(productMade!.after).to.deep.equal(productNow.data);
    const changes = await trail(`eq(resource_id,${subscription.data.id}):eq(resource_type,subscription)`);
    expect(changes.map((e) => e.action)).to.deep.equal(['subscription.paused', 'subscription.created']);
    expect(changes[0]!.before).to.deep.equal(changes[1]!.after);
    expect(changes[0]!.after).to.not.deep.equal(changes[1]!.after);

    const job = (await send('POST', '/v2/subscriptions/jobs', {
      type: 'subscription_job',
      attributes: { job_type: 'billing-run' },
    }))!;
    const [submitted] = await trail(`eq(resource_id,${job.data.id})`);
    expect(submitted).to.deep.include({ action: 'subscription-job.created', actor: theKey() });
    // The run itself is the service's work, as a worker would run it.
    await coreJobWorker(api.container, { log: { info: () => {}, warn: () => {}, error: () => {} } }).runLane({
      storeId: api.store.store.id,
      lane: 'billing-run',
    });
    const run = await trail('eq(actor_kind,system)');
    expect(run.length).to.be.greaterThan(0);
    for (const e of run) expect(e.actor).to.deep.equal({ kind: 'system', id: 'billing-run' });
    expect(run.map((e) => e.action)).to.include('subscription-job.updated');
  });

  it('pages newest first with the list links, filters by time, and refuses a filter it does not take', async () => {
    for (const name of ['one', 'two', 'three'])
      await send('POST', '/v2/application-keys', { type: 'application_key', name });
    const page = await api.request('/v2/audit-events?page[limit]=2&filter=eq(action,application-key.created)');
    const body = (await page.json()) as { data: AuditDoc[]; meta: any; links: any };
    expect(body.data.map((e) => e.after.name)).to.deep.equal(['three', 'two']);
    expect(body.meta.results.total).to.equal(3);
    expect(body.links.next).to.be.a('string');
    const later = await trail(`eq(action,application-key.created):gt(occurred_at,"${body.data[1]!.occurred_at}")`);
    expect(later.map((e) => e.after.name)).to.deep.equal(['three']);
    const refused = await api.request('/v2/audit-events?filter=gt(occurred_at,yesterday)');
    expect(refused.status).to.equal(400);
    expect(JSON.stringify(await errorBody(refused))).to.include('takes an instant');
    expect((await api.request('/v2/audit-events/11111111-1111-4111-8111-111111111111')).status).to.equal(404);
  });
});
