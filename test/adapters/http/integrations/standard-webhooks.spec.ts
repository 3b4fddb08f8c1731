import type { IncomingHttpHeaders } from 'node:http';
import { expect } from 'chai';
import { pino } from 'pino';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { DEFAULT_INTEGRATION_SETTINGS } from '../../../../src/adapters/config/integration-settings.js';
import {
  type RunningBackgroundWork,
  startBackgroundWork,
} from '../../../../src/adapters/service/start-background-work.js';
import { INTEGRATION_TOKENS } from '../../../../src/application/integration-tokens.js';
import { anIntegration } from '../../../support/integration-builders.js';
import { deliverOnLoopback } from '../../../support/integration-fakes.js';
import { eventually } from '../../../support/job-harness.js';
import { productData } from '../../../support/subscription-core.js';
import { jsonBody, LogCapture, startTestApi, type TestApi } from '../../../support/test-api.js';
import { type ReceivedWebhook, webhookReceiver } from '../../../support/webhook-receiver.js';

/** Node's headers as the library takes them: one string each. */
const headersOf = (headers: IncomingHttpHeaders): Record<string, string> =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, String(value)]));

/** What the library says of a delivery: the event it verified, or why it refused it. */
const verdict = (receiver: Webhook, body: string, headers: IncomingHttpHeaders): unknown => {
  try {
    return receiver.verify(body, headersOf(headers));
  } catch (error) {
    if (error instanceof WebhookVerificationError) return `refused: ${error.message}`;
    throw error;
  }
};

/**
 * Deliveries verified by the Standard Webhooks reference library as a receiver uses it: the key is the
 * secret_key's UTF-8 bytes, given as they are (`{ format: 'raw' }`), as docs/integrations.md says.
 */
describe('HTTP: deliveries a receiver verifies with the standardwebhooks library', () => {
  let api: TestApi;
  let work: RunningBackgroundWork;
  const settings = { ...DEFAULT_INTEGRATION_SETTINGS, allowPrivate: true };

  beforeEach(async () => {
    api = await startTestApi({
      configure: deliverOnLoopback(settings),
    });
    work = await startBackgroundWork(api.container, pino({ level: 'warn' }, new LogCapture()), { relayPollMs: 20 });
  });
  afterEach(async () => {
    await work.stop();
    await api.close();
  });

  /** Delivers one product event to a receiver that answers 204 to what `receiver` verifies and 401 to the rest. */
  const deliverTo = async (secret: string, receiver: Webhook, storedBeforeTheRule = false) => {
    const verdicts: unknown[] = [];
    const hook = await webhookReceiver(({ body, headers }: ReceivedWebhook) => {
      const result = verdict(receiver, body, headers);
      verdicts.push(result);
      return typeof result === 'string' ? 401 : 204;
    });
    try {
      const attributes = {
        name: 'Verified',
        integration_type: 'webhook' as const,
        observes: ['subscription-product.created' as const],
        configuration: { url: hook.url, secret_key: secret },
      };
      if (storedBeforeTheRule) {
        await api.container
          .get(INTEGRATION_TOKENS.IntegrationRepository)
          .insert(anIntegration(api.store.store.id, attributes));
      } else {
        const made = await api.request('/v2/integrations', jsonBody({ data: { type: 'integration', ...attributes } }));
        expect(made.status).to.equal(200);
      }
      const product = await api.request('/v2/subscriptions/products', jsonBody({ data: productData() }));
      expect(product.status).to.equal(201);
      await eventually(
        async () => hook.received.length,
        (n) => n >= 1,
      );
      return { verdict: verdicts[0], delivered: hook.received[0]! };
    } finally {
      await hook.close();
    }
  };

  it('verifies a delivery with the secret as the API shows it, given raw, and refuses it with its body tampered with', async () => {
    const secret = 'whsec-merchant-chosen-1';
    const receiver = new Webhook(secret, { format: 'raw' });
    const { verdict: first, delivered } = await deliverTo(secret, receiver);
    expect(first).to.deep.include({ triggered_by: 'subscription-product.created', attempt: 1 });
    const tampered = delivered.body.replace('"attempt":1', '"attempt":2');
    expect(tampered).to.not.equal(delivered.body);
    expect(verdict(receiver, tampered, delivered.headers)).to.equal('refused: No matching signature found');
    expect(
      verdict(new Webhook('whsec-another-secret', { format: 'raw' }), delivered.body, delivered.headers),
      'another secret',
    ).to.equal('refused: No matching signature found');
  });

  it('signs with the UTF-8 bytes of a Latin-1 secret stored before the API took printable ASCII only; the string itself, which the library reads as Latin-1, does not verify', async () => {
    const secret = 'clé-secrète-ü';
    const { verdict: first, delivered } = await deliverTo(
      secret,
      new Webhook(new TextEncoder().encode(secret), { format: 'raw' }),
      true,
    );
    expect(first).to.deep.include({ triggered_by: 'subscription-product.created' });
    expect(verdict(new Webhook(secret, { format: 'raw' }), delivered.body, delivered.headers)).to.equal(
      'refused: No matching signature found',
    );
  });

  it('is not verified by a receiver that lets the library base64-decode the secret (its default)', async () => {
    // "c2VjcmV0" is valid base64: decoded, it is a key other than the secret's own bytes.
    const secret = 'c2VjcmV0';
    const { verdict: first, delivered } = await deliverTo(secret, new Webhook(secret, { format: 'raw' }));
    expect(first).to.deep.include({ triggered_by: 'subscription-product.created' });
    expect(verdict(new Webhook(secret), delivered.body, delivered.headers)).to.equal(
      'refused: No matching signature found',
    );
  });
});
