import { expect } from 'chai';
import { Webhook } from 'standardwebhooks';
import { DEFAULT_INTEGRATION_SETTINGS } from '../../../src/adapters/config/integration-settings.js';
import { HttpWebhookSender } from '../../../src/adapters/integrations/http-webhook-sender.js';
import { webhookReceiver } from '../../support/webhook-receiver.js';

describe('Webhooks over HTTP', () => {
  const sender = new HttpWebhookSender({ ...DEFAULT_INTEGRATION_SETTINGS, allowPrivate: true });
  after(() => sender.close());

  it('answers a secret_key Node cannot send in a header with a failed attempt saying so, never with a rejection', async () => {
    const hook = await webhookReceiver(() => 204);
    try {
      const answer = await sender.send({
        url: hook.url,
        body: '{}',
        messageId: 'msg_1',
        secretKey: 'price-in-€',
        sentAt: new Date(),
      });
      expect(answer.statusCode).to.equal(undefined);
      expect(answer.error).to.match(/^the request could not be made: .*x-moltin-secret-key/i);
      expect(answer.error, 'the secret itself is not repeated').not.to.include('price-in-€');
      expect(hook.received).to.deep.equal([]);
    } finally {
      await hook.close();
    }
  });

  it('signs so that the Standard Webhooks library, given the secret_key raw, verifies the delivery', async () => {
    const hook = await webhookReceiver(() => 204);
    try {
      const secret = 'ascii-secret';
      const body = JSON.stringify({ hello: 'world' });
      const answer = await sender.send({
        url: hook.url,
        body,
        messageId: 'msg_2',
        secretKey: secret,
        sentAt: new Date(),
      });
      expect(answer.statusCode).to.equal(204);
      const [delivered] = hook.received;
      const headers = Object.fromEntries(Object.entries(delivered!.headers).map(([k, v]) => [k, String(v)]));
      expect(new Webhook(secret, { format: 'raw' }).verify(delivered!.body, headers)).to.deep.equal({ hello: 'world' });
      expect(headers['webhook-id']).to.equal('msg_2');
    } finally {
      await hook.close();
    }
  });
});
