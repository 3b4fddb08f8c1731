import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { INTEGRATION_TOKENS } from '../../../src/application/integration-tokens.js';
import type {
  WebhookAnswer,
  WebhookRequest,
  WebhookSender,
} from '../../../src/application/ports/integrations/webhook-sender.js';
import { TOKENS } from '../../../src/application/tokens.js';
import { CreateStore } from '../../../src/application/use-cases/stores/create-store.js';
import {
  PER_INTEGRATION_CONCURRENCY,
  RelayDeliveries,
} from '../../../src/application/use-cases/integrations/relay-deliveries.js';
import { DEFAULT_INTEGRATION_SETTINGS } from '../../../src/adapters/config/integration-settings.js';
import { buildContainer } from '../../../src/container.js';
import { DELIVERY_LIST, LOG_LIST } from '../../../src/domain/integrations/integration-query.js';
import type { Uuid } from '../../../src/domain/shared/uuid.js';
import { anIntegration } from '../../support/integration-builders.js';
import { listQuery } from '../../support/list-queries.js';
import { aJob } from '../../support/job-builders.js';

/** A sender whose answers the test decides, per URL: a status, or a hold released by the test. */
class ScriptedSender implements WebhookSender {
  readonly sent: WebhookRequest[] = [];
  private readonly held: (() => void)[] = [];
  constructor(private readonly answer: (request: WebhookRequest) => number | 'hold') {}

  async send(request: WebhookRequest): Promise<WebhookAnswer> {
    this.sent.push(request);
    const answer = this.answer(request);
    if (answer === 'hold') await new Promise<void>((resolve) => this.held.push(resolve));
    return { statusCode: answer === 'hold' ? 200 : answer, body: '', durationMs: 1 };
  }

  release(): void {
    for (const resume of this.held.splice(0)) resume();
  }
}

const setup = async (
  sender: WebhookSender,
  baseMs = 1,
  giveUpAfterMs = DEFAULT_INTEGRATION_SETTINGS.retry.giveUpAfterMs,
) => {
  const container = buildContainer(
    { kind: 'memory' },
    { webhookSender: sender, integrations: { ...DEFAULT_INTEGRATION_SETTINGS, retry: { baseMs, giveUpAfterMs } } },
  );
  const created = await container.get(CreateStore).execute('Relay');
  if (E.isLeft(created)) throw new Error('no store');
  const storeId = created.right.store.id;
  const integrations = container.get(INTEGRATION_TOKENS.IntegrationRepository);
  const jobs = container.get(TOKENS.JobRepository);
  /** An event for the integration: a job record made (subscription-job.created). */
  const fire = async () => {
    await jobs.insert(aJob(storeId));
  };
  const integration = async (url: string) => {
    const made = anIntegration(storeId, { observes: ['subscription-job.created'], configuration: { url } });
    await integrations.insert(made);
    return made.id;
  };
  const deliveriesOf = async (id: Uuid) =>
    (await integrations.listDeliveries(storeId, id, listQuery(DELIVERY_LIST, { limit: 100 }))).items;
  return { relay: container.get(RelayDeliveries), fire, integration, deliveriesOf, integrations, storeId };
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Relaying deliveries', () => {
  it('never lets a slow receiver hold up another integration: it takes at most its share of the slots', async () => {
    const sender = new ScriptedSender((r) => (r.url.includes('slow') ? 'hold' : 204));
    const { relay, fire, integration, deliveriesOf } = await setup(sender);
    const slow = await integration('https://slow.example.com/');
    for (let n = 0; n < 20; n += 1) await fire();
    await relay.pump();
    const fast = await integration('https://fast.example.com/');
    for (let n = 0; n < 5; n += 1) await fire();
    await relay.pump();
    await relay.pump();
    await sleep(10);
    expect(sender.sent.filter((r) => r.url.includes('slow'))).to.have.length(PER_INTEGRATION_CONCURRENCY);
    expect((await deliveriesOf(fast)).map((d) => d.status)).to.deep.equal(Array(5).fill('succeeded'));
    sender.release();
    await relay.idle();
    expect((await deliveriesOf(slow)).filter((d) => d.status === 'succeeded')).to.have.length(
      PER_INTEGRATION_CONCURRENCY,
    );
  });

  it('tries a failing delivery again after the backoff, with the next attempt number and the same webhook-id', async () => {
    let calls = 0;
    const sender = new ScriptedSender(() => {
      calls += 1;
      return calls <= 2 ? 500 : 200;
    });
    const { relay, fire, integration, deliveriesOf } = await setup(sender, 5);
    const id = await integration('https://hooks.example.com/');
    await fire();
    for (let round = 0; round < 200 && (await deliveriesOf(id))[0]?.status !== 'succeeded'; round += 1) {
      await relay.pump();
      await relay.idle();
      await sleep(5);
    }
    const [delivery] = await deliveriesOf(id);
    expect([delivery?.status, delivery?.attempts]).to.deep.equal(['succeeded', 3]);
    expect(sender.sent.map((r) => (JSON.parse(r.body) as { attempt: number }).attempt)).to.deep.equal([1, 2, 3]);
    expect(new Set(sender.sent.map((r) => r.messageId)).size).to.equal(1);
  });

  it('fails for good once the next attempt would come after the give-up time, and says so in the last log', async () => {
    const sender = new ScriptedSender(() => 503);
    const { relay, fire, integration, deliveriesOf, integrations, storeId } = await setup(sender, 10, 15);
    const id = await integration('https://hooks.example.com/');
    await fire();
    for (let round = 0; round < 100 && (await deliveriesOf(id))[0]?.status === 'pending'; round += 1) {
      await relay.pump();
      await relay.idle();
      await sleep(5);
    }
    const [delivery] = await deliveriesOf(id);
    expect(delivery?.status).to.equal('failed');
    const logs = (await integrations.listLogs(storeId, { integrationId: id }, listQuery(LOG_LIST))).items;
    expect(logs[0]?.errorDetail).to.contain('failed for good');
    expect(logs.every((l) => !l.succeeded && l.statusCode === 503)).to.equal(true);
  });

  it('logs no status code for an answer whose three digits are no HTTP status, and quotes them in the error', async () => {
    const answers = [999, 99, 600, 100, 599];
    const sender = new ScriptedSender(() => answers.shift() ?? 200);
    const { relay, fire, integration, integrations, storeId } = await setup(sender);
    const id = await integration('https://hooks.example.com/');
    for (let n = 0; n < 5; n += 1) await fire();
    await relay.pump();
    await relay.idle();
    const logs = (await integrations.listLogs(storeId, { integrationId: id }, listQuery(LOG_LIST))).items;
    expect(logs).to.have.length(5);
    const byDetail = (code: number) => logs.find((l) => l.errorDetail?.includes(`(${code})`));
    for (const code of [999, 99, 600]) expect(byDetail(code)).to.not.have.property('statusCode');
    for (const code of [100, 599]) expect(byDetail(code)?.statusCode).to.equal(code);
    expect(logs.some((l) => l.succeeded)).to.equal(false);
  });
});
