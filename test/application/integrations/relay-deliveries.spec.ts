import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { DEFAULT_INTEGRATION_SETTINGS } from '../../../src/adapters/config/integration-settings.js';
import { INTEGRATION_TOKENS } from '../../../src/application/integration-tokens.js';
import type { AttemptReport } from '../../../src/application/ports/integrations/attempt-report.js';
import type {
  AttemptRecord,
  DeliveryRepository,
} from '../../../src/application/ports/integrations/delivery-repository.js';
import type {
  WebhookAnswer,
  WebhookRequest,
  WebhookSender,
} from '../../../src/application/ports/integrations/webhook-sender.js';
import type { Random } from '../../../src/application/ports/system.js';
import { TOKENS } from '../../../src/application/tokens.js';
import {
  DELIVERY_LEASE_MS,
  PER_INTEGRATION_CONCURRENCY,
  RELAY_CONCURRENCY,
  RelayDeliveries,
} from '../../../src/application/use-cases/integrations/relay-deliveries.js';
import { CreateStore } from '../../../src/application/use-cases/stores/create-store.js';
import { buildContainer } from '../../../src/container.js';
import { DELIVERY_LIST, LOG_LIST } from '../../../src/domain/integrations/integration-query.js';
import { JOB_EVENTS } from '../../../src/domain/jobs/job-events.js';
import type { Uuid } from '../../../src/domain/shared/uuid.js';
import { anIntegration } from '../../support/integration-builders.js';
import { aJob } from '../../support/job-builders.js';
import { everyRow, listQuery } from '../../support/list-queries.js';

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
  wrapDeliveries?: (deliveries: DeliveryRepository) => DeliveryRepository,
  random?: Random,
) => {
  const container = buildContainer(
    { kind: 'memory' },
    { webhookSender: sender, integrations: { ...DEFAULT_INTEGRATION_SETTINGS, retry: { baseMs, giveUpAfterMs } } },
  );
  if (random !== undefined) container.rebind(TOKENS.Random).toConstantValue(random);
  const stored = container.get(INTEGRATION_TOKENS.DeliveryRepository);
  if (wrapDeliveries !== undefined)
    container.rebind(INTEGRATION_TOKENS.DeliveryRepository).toConstantValue(wrapDeliveries(stored));
  const created = await container.get(CreateStore).execute('Relay');
  if (E.isLeft(created)) throw new Error('no store');
  const storeId = created.right.store.id;
  const integrations = container.get(INTEGRATION_TOKENS.IntegrationRepository);
  const jobs = container.get(TOKENS.JobRepository);
  /** An event for the integration: a job record made (subscription-job.created). */
  const fire = async () => {
    const job = aJob(storeId);
    await jobs.insert(job, [JOB_EVENTS.created(job)]);
  };
  const integration = async (url: string) => {
    const made = anIntegration(storeId, { observes: ['subscription-job.created'], configuration: { url } });
    await integrations.insert(made);
    return made.id;
  };
  const deliveriesOf = async (id: Uuid) =>
    (await integrations.listDeliveries(storeId, id, listQuery(DELIVERY_LIST, { limit: 100 }))).items;
  return { relay: container.get(RelayDeliveries), fire, integration, deliveriesOf, integrations, storeId, stored };
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The stored deliveries, with writes of attempts held until the test lets them go, or refused. */
const heldRecords = (deliveries: DeliveryRepository) => {
  const batches: (readonly AttemptRecord[])[] = [];
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  let refuse = false;
  const repository: DeliveryRepository = {
    claimDue: (...args) => deliveries.claimDue(...args),
    reclaim: (...args) => deliveries.reclaim(...args),
    purge: (before) => deliveries.purge(before),
    countPending: (...args) => deliveries.countPending(...args),
    async recordAttempts(records) {
      batches.push(records);
      await gate;
      if (refuse) throw new Error('the database went away');
      return deliveries.recordAttempts(records);
    },
  };
  return {
    repository,
    batches,
    /** Lets every write held and to come go on, or fail. */
    release(refusing = false) {
      refuse = refusing;
      open();
    },
  };
};

describe('Relaying deliveries', () => {
  it('never lets a slow receiver hold up another integration: it takes at most its share of the slots', async () => {
    const sender = new ScriptedSender((r) => (r.url.includes('slow') ? 'hold' : 204));
    const { relay, fire, integration, deliveriesOf } = await setup(sender);
    const slow = await integration('https://slow.example.com/');
    for (let n = 0; n < PER_INTEGRATION_CONCURRENCY + 4; n += 1) await fire();
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

  it('waits the backoff less the share its random source takes off: base 1 s, the first retry after 1 s to 0.5 s', async () => {
    // [what the source gives, the delay after the first failed attempt]: up to half of the base is taken off.
    const table: readonly (readonly [number, number])[] = [
      [0, 1000],
      [0.5, 750],
      [0.75, 625],
      [0.998, 501],
    ];
    for (const [fraction, delayMs] of table) {
      const sender = new ScriptedSender(() => 503);
      const source: Random = { fraction: () => fraction };
      const { relay, fire, integration, integrations, storeId } = await setup(
        sender,
        1000,
        undefined,
        undefined,
        source,
      );
      const reports: AttemptReport[] = [];
      relay.observeAttempts((report) => reports.push(report));
      const id = await integration('https://hooks.example.com/');
      await fire();
      await relay.pump();
      await relay.idle();
      const [log] = (await integrations.listLogs(storeId, { integrationId: id }, listQuery(LOG_LIST))).items;
      const due = reports[0]?.nextAttemptAt;
      expect([reports[0]?.outcome, log?.succeeded], `source ${fraction}`).to.deep.equal(['retrying', false]);
      expect(due!.getTime() - log!.createdAt.getTime(), `source ${fraction}`).to.equal(delayMs);
    }
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

  it('tells its observer of each attempt: retrying with the next attempt due, then failed for good, or succeeded', async () => {
    const sender = new ScriptedSender((r) => (r.url.includes('down') ? 503 : 204));
    // The second attempt comes 50–100 ms after the first; the third would be 100–200 ms after it, past 149 ms.
    const { relay, fire, integration, storeId } = await setup(sender, 100, 149);
    const reports: AttemptReport[] = [];
    relay.observeAttempts((report) => reports.push(report));
    const down = await integration('https://down.example.com/');
    const up = await integration('https://up.example.com/');
    await fire();
    for (let round = 0; round < 200 && !reports.some((r) => r.outcome === 'failed'); round += 1) {
      await relay.pump();
      await relay.idle();
      await sleep(5);
    }
    const ofDown = reports.filter((r) => r.integrationId === down);
    expect(ofDown.map((r) => [r.attempt, r.outcome, r.statusCode])).to.deep.equal([
      [1, 'retrying', 503],
      [2, 'failed', 503],
    ]);
    expect(ofDown[0]?.nextAttemptAt).to.be.instanceOf(Date);
    expect(ofDown[1]).to.not.have.property('nextAttemptAt');
    expect(
      reports.filter((r) => r.integrationId === up).map((r) => [r.outcome, r.statusCode, r.storeId]),
    ).to.deep.equal([['succeeded', 204, storeId]]);
  });

  it('records an attempt whose observer throws, as any other', async () => {
    const sender = new ScriptedSender(() => 204);
    const { relay, fire, integration, deliveriesOf } = await setup(sender);
    relay.observeAttempts(() => {
      throw new Error('a broken observer');
    });
    const id = await integration('https://hooks.example.com/');
    await fire();
    await relay.pump();
    await relay.idle();
    expect((await deliveriesOf(id)).map((d) => d.status)).to.deep.equal(['succeeded']);
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

  it('gives an integration its share back when the receiver answers, while the record is still being written', async () => {
    const sender = new ScriptedSender(() => 204);
    let held: ReturnType<typeof heldRecords> | undefined;
    const { relay, fire, integration, integrations, storeId } = await setup(sender, 1, undefined, (d) => {
      held = heldRecords(d);
      return held.repository;
    });
    const id = await integration('https://hooks.example.com/');
    for (let n = 0; n < RELAY_CONCURRENCY + 8; n += 1) await fire();
    // Each round the receiver answers the share at once; the writes of their records wait.
    let rounds = 0;
    while (relay.room > 0 && rounds < 20) {
      expect(await relay.pump()).to.be.at.most(PER_INTEGRATION_CONCURRENCY);
      await sleep(1);
      rounds += 1;
    }
    expect(sender.sent).to.have.length(RELAY_CONCURRENCY);
    expect(rounds).to.equal(RELAY_CONCURRENCY / PER_INTEGRATION_CONCURRENCY);
    // Every slot of the instance is held until its attempt is recorded.
    expect(await relay.pump()).to.equal(0);
    const logsOf = () => integrations.listLogs(storeId, { integrationId: id }, everyRow());
    expect((await logsOf()).total).to.equal(0);
    held!.release();
    await relay.idle();
    // Every attempt made has its own log, and its delivery is over.
    const logs = (await logsOf()).items;
    const succeeded = (
      await integrations.listDeliveries(storeId, id, everyRow([{ op: 'eq', field: 'status', value: 'succeeded' }]))
    ).items;
    expect(succeeded).to.have.length(RELAY_CONCURRENCY);
    expect(logs.map((l) => [l.deliveryId, l.attempt, l.succeeded, l.statusCode]).sort()).to.deep.equal(
      succeeded.map((d) => [d.id, 1, true, 204]).sort(),
    );
  });

  it('leaves the attempts of a record write that fails to be claimed again once their claims run out, and frees their slots', async () => {
    const sender = new ScriptedSender(() => 204);
    let held: ReturnType<typeof heldRecords> | undefined;
    const { relay, fire, integration, deliveriesOf, integrations, storeId, stored } = await setup(
      sender,
      1,
      undefined,
      (d) => {
        held = heldRecords(d);
        return held.repository;
      },
    );
    const id = await integration('https://hooks.example.com/');
    for (let n = 0; n < 3; n += 1) await fire();
    expect(await relay.pump()).to.equal(3);
    await sleep(1);
    held!.release(true);
    await relay.idle();
    expect(relay.room).to.equal(RELAY_CONCURRENCY);
    expect(held!.batches.flat()).to.have.length(3);
    expect((await deliveriesOf(id)).map((d) => [d.status, d.attempts])).to.deep.equal(Array(3).fill(['pending', 1]));
    expect((await integrations.listLogs(storeId, { integrationId: id }, listQuery(LOG_LIST))).total).to.equal(0);
    const again = await stored.claimDue(new Date(Date.now() + DELIVERY_LEASE_MS + 1000), 10, 1000, new Map(), 16);
    expect(again.map((c) => c.delivery.attempts)).to.deep.equal([2, 2, 2]);
  });
});
