import { expect } from 'chai';
import { pino } from 'pino';
import { DEFAULT_INTEGRATION_SETTINGS } from '../../../../src/adapters/config/integration-settings.js';
import {
  type RunningBackgroundWork,
  startBackgroundWork,
} from '../../../../src/adapters/service/start-background-work.js';
import { deliverOnLoopback } from '../../../support/integration-fakes.js';
import { eventually } from '../../../support/job-harness.js';
import { parsePrometheusText, type Sample, sampleValue } from '../../../support/prometheus-text.js';
import { productData } from '../../../support/subscription-core.js';
import { jsonBody, LogCapture, startTestApi, type TestApi } from '../../../support/test-api.js';
import { webhookReceiver } from '../../../support/webhook-receiver.js';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

describe('HTTP: webhook deliveries on /metrics and in the log', () => {
  let api: TestApi;
  let work: RunningBackgroundWork;
  let logs: LogCapture;
  const settings = {
    ...DEFAULT_INTEGRATION_SETTINGS,
    allowPrivate: true,
    retry: { ...DEFAULT_INTEGRATION_SETTINGS.retry, baseMs: 20 },
  };

  beforeEach(async () => {
    api = await startTestApi({
      configure: deliverOnLoopback(settings),
    });
    logs = new LogCapture();
    work = await startBackgroundWork(api.container, pino({ level: 'info' }, logs), { relayPollMs: 20 });
  });
  afterEach(async () => {
    await work.stop();
    await api.close();
  });

  const scrape = async (): Promise<Sample[]> => {
    const response = await api.request('/metrics', { token: null });
    expect(response.status).to.equal(200);
    return parsePrometheusText(await response.text());
  };
  const integration = async (name: string, url: string, secret?: string): Promise<string> => {
    const response = await api.request(
      '/v2/integrations',
      jsonBody({
        data: {
          type: 'integration',
          name,
          integration_type: 'webhook',
          observes: ['subscription-product.created'],
          configuration: { url, ...(secret === undefined ? {} : { secret_key: secret }) },
        },
      }),
    );
    expect(response.status, await response.clone().text()).to.equal(200);
    return ((await response.json()) as { data: { id: string } }).data.id;
  };
  const createProduct = async (name: string) => {
    const response = await api.request('/v2/subscriptions/products', jsonBody({ data: productData({ name }) }));
    expect(response.status).to.equal(201);
  };
  const attempts = (samples: readonly Sample[], outcome: string) =>
    sampleValue(samples, 'integration_delivery_attempts_total', { outcome }) ?? 0;
  const timed = (samples: readonly Sample[], outcome: string) =>
    sampleValue(samples, 'integration_delivery_attempt_duration_seconds_count', { outcome }) ?? 0;

  it('counts and times attempts by outcome, and reads the pending deliveries when scraped, with no id in a label', async () => {
    const down = await webhookReceiver(() => 503);
    const up = await webhookReceiver(() => 204);
    try {
      await integration('Down', down.url);
      await integration('Up', up.url);
      const before = await scrape();
      await createProduct('Beans');
      await eventually(
        async () => [up.received.length, down.received.length],
        ([ok, failing]) => ok === 1 && failing! >= 2,
      );
      const after = await eventually(
        scrape,
        (samples) => attempts(samples, 'retrying') - attempts(before, 'retrying') >= 2,
      );
      expect(attempts(after, 'succeeded') - attempts(before, 'succeeded')).to.equal(1);
      expect(timed(after, 'succeeded') - timed(before, 'succeeded')).to.equal(1);
      expect(timed(after, 'retrying') - timed(before, 'retrying')).to.be.at.least(2);
      expect(attempts(after, 'failed') - attempts(before, 'failed'), 'none failed for good').to.equal(0);
      const pending =
        (sampleValue(after, 'integration_deliveries_pending', { due: 'now' }) ?? Number.NaN) +
        (sampleValue(after, 'integration_deliveries_pending', { due: 'later' }) ?? Number.NaN);
      expect(pending, "the failing receiver's delivery, due now or being retried").to.equal(1);
      const labelled = after.filter((s) => s.name.startsWith('integration_'));
      expect(labelled.flatMap((s) => Object.values(s.labels)).filter((v) => UUID.test(v))).to.deep.equal([]);
    } finally {
      await Promise.all([down.close(), up.close()]);
    }
  });

  it('stops reading the pending deliveries once the relay stops: no figure rather than a stale one', async () => {
    expect(sampleValue(await scrape(), 'integration_deliveries_pending', { due: 'now' })).to.equal(0);
    await work.stop();
    expect(sampleValue(await scrape(), 'integration_deliveries_pending', { due: 'now' })).to.equal(undefined);
  });

  it('logs one line for many failed attempts of an integration, with its ids and status and never its body, URL or secret', async () => {
    const down = await webhookReceiver(() => 500, '/hooks?token=url-token-never-logged');
    const refused = await webhookReceiver(() => 500);
    try {
      const failing = await integration('Failing', down.url, 'secret-never-logged');
      const other = await integration('Other', refused.url);
      for (let n = 0; n < 10; n += 1) await createProduct(`Product body ${n}`);
      await eventually(
        async () => [down.received.length, refused.received.length],
        ([a, b]) => a! >= 20 && b! >= 20,
      );
      const lines = logs.lines.filter((l) => l['msg'] === 'webhook attempt failed; it is tried again');
      expect(lines.map((l) => l['integration_id']).sort()).to.deep.equal([failing, other].sort());
      expect(lines.find((l) => l['integration_id'] === failing)).to.deep.include({
        level: 40,
        store_id: api.store.store.id,
        attempt: 1,
        status_code: 500,
        suppressed_since_last: 0,
      });
      for (const secret of ['url-token-never-logged', 'secret-never-logged', 'Product body', '127.0.0.1'])
        expect(logs.text, secret).not.to.include(secret);
    } finally {
      await Promise.all([down.close(), refused.close()]);
    }
  });
});
