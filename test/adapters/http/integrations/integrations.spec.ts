import { expect } from 'chai';
import { SECRET_KEY_RULE } from '../../../../src/domain/integrations/integration.js';
import { errorBody } from '../../../support/error-body.js';
import { TableResolver, withIntegrations } from '../../../support/integration-fakes.js';
import { jsonBody, startTestApi, type TestApi } from '../../../support/test-api.js';

type Integration = Record<string, any> & { id: string };
type ListDoc = {
  data: Record<string, any>[];
  links: Record<string, string | null>;
  meta: { page: Record<string, number>; results: { total: number } };
  results?: { total: number };
};

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{9}Z$/;
const UNKNOWN = '0d7a3b9e-6c1f-4f0e-9a55-2b1c3d4e5f60';

/** EPCC's own Postman request "Create an integration", as it is. */
const POSTMAN_CREATE = {
  data: {
    type: 'integration',
    name: 'Order notification',
    description: 'Send an order notification via email with discount code.',
    enabled: true,
    observes: ['order.created'],
    integration_type: 'webhook',
    configuration: { url: 'https://yourwebsite.com/order-created-notification' },
  },
};

describe('HTTP: integrations', () => {
  let api: TestApi;
  let resolver: TableResolver;

  const post = (data: unknown) => api.request('/v2/integrations', jsonBody({ data }));
  const put = (id: string, data: unknown) =>
    api.request(`/v2/integrations/${id}`, { ...jsonBody({ data }), method: 'PUT' });
  const webhook = (url: string, more: Record<string, unknown> = {}) => ({
    type: 'integration',
    name: 'Fulfilment',
    integration_type: 'webhook',
    observes: ['subscription.created'],
    configuration: { url, secret_key: 'whsec-test' },
    ...more,
  });
  const created = async (data: unknown = webhook('https://hooks.example.com/epcc')): Promise<Integration> => {
    const response = await post(data);
    expect(response.status, await response.clone().text()).to.equal(200);
    return ((await response.json()) as { data: Integration }).data;
  };
  const list = async (path: string) => {
    const response = await api.request(path);
    expect(response.status, path).to.equal(200);
    return (await response.json()) as ListDoc;
  };
  const start = async (allowPrivate = false) => {
    resolver = new TableResolver({
      'hooks.example.com': ['93.184.215.14'],
      'yourwebsite.com': ['203.0.114.10', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
      'internal.example.com': ['93.184.215.14', '10.1.2.3'],
      'rebind.example.com': ['::ffff:127.0.0.1'],
      'metadata.example.com': ['169.254.169.254'],
      'localhost.': ['127.0.0.1'],
    });
    api = await startTestApi({ configure: withIntegrations(resolver, allowPrivate) });
  };

  afterEach(async () => api.close());

  describe('with the default receiver policy', () => {
    beforeEach(async () => start());

    it("runs EPCC's Postman create and update requests unmodified, answering EPCC's shapes", async () => {
      const integration = await created(POSTMAN_CREATE.data);
      expect(integration).to.deep.include({
        type: 'integration',
        name: 'Order notification',
        enabled: true,
        integration_type: 'webhook',
        observes: ['order.created'],
      });
      expect(integration['configuration']).to.deep.equal({ url: 'https://yourwebsite.com/order-created-notification' });
      expect(integration['links'].self).to.equal(`${api.url}/v2/integrations/${integration.id}`);
      expect(integration['meta'].timestamps.created_at).to.match(TIMESTAMP);
      const updated = await put(integration.id, {
        id: integration.id,
        type: 'integration',
        observes: ['order.created'],
      });
      expect(updated.status).to.equal(200);
      const read = await api.request(`/v2/integrations/${integration.id}`);
      const readBack = ((await read.json()) as { data: Integration }).data;
      expect(readBack).to.deep.include({
        name: 'Order notification',
        description: POSTMAN_CREATE.data.description,
        observes: ['order.created'],
      });
      expect(resolver.asked).to.deep.equal(['yourwebsite.com']);
    });

    it("answers Postman's 'Get integration attributes' with the fields a create takes, each required one refused when left out", async () => {
      const response = await api.request('/v2/integrations/attributes');
      expect(response.status).to.equal(200);
      const { data } = (await response.json()) as { data: { value: string; required: boolean }[] };
      expect(data.map((a) => a.value)).to.deep.equal([
        'name',
        'description',
        'enabled',
        'integration_type',
        'observes',
        'configuration.url',
        'configuration.secret_key',
      ]);
      // The required ones are what a create with none of them names.
      const refused = await post({ type: 'integration', configuration: {} });
      const sources = ((await refused.json()) as { errors: { source: string }[] }).errors.map((e) =>
        e.source.replace(/^data\./, ''),
      );
      expect(
        data
          .filter((a) => a.required)
          .map((a) => a.value)
          .sort(),
      ).to.deep.equal([...new Set(sources)].sort());
    });

    it('accepts every observable key of EPCC, each once, and keeps the secret', async () => {
      const integration = await created(
        webhook('https://hooks.example.com/x', {
          observes: ['subscription.created', 'order.paid', 'subscription.created', 'subscription-invoice.created'],
          enabled: false,
        }),
      );
      expect(integration['observes']).to.deep.equal([
        'subscription.created',
        'order.paid',
        'subscription-invoice.created',
      ]);
      expect(integration['enabled']).to.equal(false);
      expect(integration['configuration']).to.deep.equal({
        url: 'https://hooks.example.com/x',
        secret_key: 'whsec-test',
      });
    });

    it('answers 400 listing every problem, each with its source, and stores nothing', async () => {
      const response = await post({
        type: 'integration',
        name: '',
        integration_type: 'email',
        observes: ['subscription.created', 'nothing.happened', 7],
        configuration: { url: 'ftp://x.example.com/', secret_key: 5 },
      });
      expect(response.status).to.equal(400);
      expect((await errorBody(response)).errors.map((e) => e['source'])).to.deep.equal([
        'data.name',
        'data.integration_type',
        'data.observes.1',
        'data.observes.2',
        'data.configuration.url',
        'data.configuration.secret_key',
      ]);
      const missing = await post({ type: 'integration' });
      expect((await errorBody(missing)).errors.map((e) => e['source'])).to.deep.equal([
        'data.name',
        'data.integration_type',
        'data.observes',
        'data.configuration',
      ]);
      const wrongType = await post({ ...webhook('https://hooks.example.com/'), type: 'webhook' });
      expect((await errorBody(wrongType)).errors.map((e) => e['source'])).to.deep.equal(['data.type']);
      for (const url of ['not a url', 'https://user:pw@hooks.example.com/', '/relative']) {
        const refused = await post(webhook(url));
        expect(refused.status, url).to.equal(400);
      }
      expect((await list('/v2/integrations')).meta.results.total).to.equal(0);
    });

    it('refuses a secret_key a header cannot carry as it is, naming it, at create and update; keeps a printable ASCII one', async () => {
      const kept = await created(webhook('https://hooks.example.com/a'));
      for (const secret of ['price-in-€', 'clé', 'tab\there', 'line\nbreak', ' padded ']) {
        const configuration = { url: 'https://hooks.example.com/b', secret_key: secret };
        for (const response of [
          await post(webhook('https://hooks.example.com/b', { configuration })),
          await put(kept.id, { type: 'integration', configuration: { secret_key: secret } }),
        ]) {
          expect(response.status, JSON.stringify(secret)).to.equal(400);
          const errors = (await errorBody(response)).errors;
          expect(errors.map((e) => e['source'])).to.deep.equal(['data.configuration.secret_key']);
          expect(errors[0]?.['detail']).to.include(SECRET_KEY_RULE);
        }
      }
      const ascii = '!"#$%&\'()*+,-./0123456789:;<=>?@AZ[\\]^_`az{|}~ with spaces';
      const changed = await put(kept.id, { type: 'integration', configuration: { secret_key: ascii } });
      expect(changed.status).to.equal(200);
      expect(((await changed.json()) as { data: Integration }).data['configuration'].secret_key).to.equal(ascii);
      expect((await list('/v2/integrations')).meta.results.total).to.equal(1);
    });

    it("answers 422 naming what is supported for EPCC's queue types, and stores nothing", async () => {
      for (const type of ['aws_sqs', 'stomp']) {
        const response = await post(webhook('https://hooks.example.com/', { integration_type: type }));
        expect(response.status, type).to.equal(422);
        const [error] = (await errorBody(response)).errors;
        expect(error?.['code']).to.equal('integration_type_unsupported');
        expect(error?.['detail']).to.contain(`'${type}'`).and.contain("only 'webhook'");
      }
      expect((await list('/v2/integrations')).meta.results.total).to.equal(0);
    });

    it('refuses receivers that are or resolve to loopback, private, link-local, metadata or mapped addresses (422), without sending them anything', async () => {
      const refused = [
        'http://127.0.0.1:8080/hook',
        'http://localhost.:1/',
        'http://10.0.0.7/',
        'http://[::1]/',
        'http://[fd00:ec2::254]/latest',
        'http://169.254.169.254/latest/meta-data',
        'http://100.64.1.1/',
        'http://0.0.0.0/',
        'http://224.0.0.1/',
        'https://internal.example.com/',
        'https://rebind.example.com/',
        'https://metadata.example.com/',
      ];
      for (const url of refused) {
        const response = await post(webhook(url));
        expect(response.status, url).to.equal(422);
        const [error] = (await errorBody(response)).errors;
        expect(error?.['code'], url).to.equal('receiver_refused');
      }
      expect((await list('/v2/integrations')).meta.results.total).to.equal(0);
    });

    it('accepts a name that does not resolve yet: its deliveries retry until it does', async () => {
      const integration = await created(webhook('https://not-yet.example.com/hook'));
      expect(integration['configuration'].url).to.equal('https://not-yet.example.com/hook');
    });

    it('updates partially; a refused URL or type answers 422 and changes nothing; null clears the description and secret', async () => {
      const integration = await created(webhook('https://hooks.example.com/a', { description: 'to clear' }));
      const moved = await put(integration.id, { type: 'integration', configuration: { url: 'http://192.168.1.10/' } });
      expect(moved.status).to.equal(422);
      const sqs = await put(integration.id, { type: 'integration', integration_type: 'aws_sqs' });
      expect(sqs.status).to.equal(422);
      const bad = await put(integration.id, { type: 'integration', name: null, enabled: 'yes' });
      expect((await errorBody(bad)).errors.map((e) => e['source'])).to.deep.equal(['data.name', 'data.enabled']);
      const unchanged = (
        (await (await api.request(`/v2/integrations/${integration.id}`)).json()) as { data: Integration }
      ).data;
      expect(unchanged).to.deep.equal(integration);
      const changed = await put(integration.id, {
        type: 'integration',
        enabled: false,
        description: null,
        configuration: { secret_key: null },
      });
      expect(changed.status).to.equal(200);
      const after = ((await changed.json()) as { data: Integration }).data;
      expect(after).to.not.have.property('description');
      expect(after['enabled']).to.equal(false);
      expect(after['configuration']).to.deep.equal({ url: 'https://hooks.example.com/a' });
    });

    it('lists newest first, paged and filtered like every list', async () => {
      const first = await created(webhook('https://hooks.example.com/1', { name: 'one' }));
      const second = await created(webhook('https://hooks.example.com/2', { name: 'two', enabled: false }));
      expect((await list('/v2/integrations')).data.map((i) => i['id'])).to.deep.equal([second.id, first.id]);
      expect((await list('/v2/integrations?filter=eq(enabled,false)')).data.map((i) => i['id'])).to.deep.equal([
        second.id,
      ]);
      expect((await list('/v2/integrations?filter=eq(name,one)')).data.map((i) => i['id'])).to.deep.equal([first.id]);
      const paged = await list('/v2/integrations?page[limit]=1&page[offset]=1');
      expect(paged.data.map((i) => i['id'])).to.deep.equal([first.id]);
      expect(paged.meta.results.total).to.equal(2);
      for (const filter of ['eq(url,x)', 'eq(enabled,yes)', 'in(enabled,true,maybe)']) {
        const badFilter = await api.request(`/v2/integrations?filter=${filter}`);
        expect(badFilter.status, filter).to.equal(400);
        expect((await errorBody(badFilter)).errors[0]?.['code'], filter).to.equal('invalid_filter');
      }
      expect((await api.request('/v2/integrations/logs?filter=eq(succeeded,1)')).status).to.equal(400);
    });

    it('deletes with 200 and no body, then 404 on every operation of it', async () => {
      const integration = await created();
      const deleted = await api.request(`/v2/integrations/${integration.id}`, { method: 'DELETE' });
      expect(deleted.status).to.equal(200);
      expect(await deleted.text()).to.equal('');
      for (const path of ['', '/logs', '/jobs', `/jobs/${UNKNOWN}/logs`]) {
        const response = await api.request(`/v2/integrations/${integration.id}${path}`);
        expect(response.status, path).to.equal(404);
      }
      expect((await api.request(`/v2/integrations/${integration.id}`, { method: 'DELETE' })).status).to.equal(404);
      expect((await api.request('/v2/integrations/not-a-uuid')).status).to.equal(404);
    });

    it("serves the store logs, an integration's logs and jobs, and 404 for a job it does not have", async () => {
      const integration = await created();
      const storeLogs = await list('/v2/integrations/logs');
      expect(storeLogs.data).to.deep.equal([]);
      expect(storeLogs.results).to.deep.equal({ total: 0 });
      expect((await list(`/v2/integrations/${integration.id}/logs?filter=eq(succeeded,false)`)).data).to.deep.equal([]);
      expect((await list(`/v2/integrations/${integration.id}/jobs?filter=eq(status,failed)`)).data).to.deep.equal([]);
      expect((await api.request(`/v2/integrations/${integration.id}/jobs/${UNKNOWN}/logs`)).status).to.equal(404);
      expect((await api.request(`/v2/integrations/${UNKNOWN}/logs`)).status).to.equal(404);
    });

    it('needs a client-credentials token: an implicit one gets 403', async () => {
      const implicit = await api.token('implicit');
      const response = await api.request('/v2/integrations', { token: implicit });
      expect(response.status).to.equal(403);
    });
  });

  describe('with private receivers allowed', () => {
    beforeEach(async () => start(true));

    it('accepts loopback and private receivers, and still refuses the metadata addresses', async () => {
      await created(webhook('http://127.0.0.1:9/hook'));
      await created(webhook('https://internal.example.com/'));
      for (const url of [
        'http://169.254.169.254/',
        'http://[fd00:ec2::254]/',
        'https://metadata.example.com/',
        'http://[::ffff:169.254.169.254]/',
      ]) {
        const response = await post(webhook(url));
        expect(response.status, url).to.equal(422);
      }
    });
  });
});
