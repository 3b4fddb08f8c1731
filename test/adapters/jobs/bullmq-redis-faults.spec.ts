import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { expect } from 'chai';
import {
  BullMqJobQueue,
  JobQueueUnavailable,
  QUEUE_COMMAND_TIMEOUT_MS,
} from '../../../src/adapters/jobs/bullmq-job-queue.js';
import type { Uuid } from '../../../src/domain/shared/uuid.js';
import { type FaultProxy, startFaultProxy, throughProxy } from '../../support/fault-proxy.js';

const redisUrl = process.env['TEST_REDIS_URL'];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The job queue's side of the Redis fault suite: a TCP proxy between the queue and Redis cuts or freezes it. */
(redisUrl === undefined ? describe.skip : describe)('BullMQ job queue with Redis faults (TEST_REDIS_URL)', function () {
  this.timeout(180_000);
  let proxy: FaultProxy;
  let queue: BullMqJobQueue;
  const name = `test-faults-${randomUUID()}`;
  const lines: { level: string; msg: string }[] = [];
  const log = {
    info: () => undefined,
    warn: (_: object, msg: string) => lines.push({ level: 'warn', msg }),
    error: (_: object, msg: string) => lines.push({ level: 'error', msg }),
  };
  const job = () => ({ id: randomUUID() as Uuid, storeId: randomUUID() as Uuid, jobType: 'billing-run' as const });

  before(async () => {
    const direct = new URL(redisUrl!);
    proxy = await startFaultProxy(direct.hostname, Number(direct.port));
    queue = new BullMqJobQueue({ redisUrl: throughProxy(redisUrl!, proxy), name, log });
    // A worker that takes nothing it is given to run: the test watches its connection, not its work.
    await queue.start({ runLane: async () => undefined, scheduleDue: async () => undefined });
  });
  after(async () => {
    await proxy.restore();
    proxy.resume();
    await queue?.stop();
    await proxy?.close();
    const direct = new Queue(name, { connection: { url: redisUrl! } });
    await direct.obliterate({ force: true });
    await direct.close();
  });

  it('logs one line when Redis is cut off and one when it is back, however many polls fail meanwhile', async () => {
    await proxy.drop();
    await sleep(3000);
    expect(lines, 'one line for the whole outage').to.deep.equal([
      {
        level: 'warn',
        msg: 'the job queue lost Redis: queued jobs wait until it is back, and it reconnects by itself',
      },
    ]);
    await proxy.restore();
    const deadline = Date.now() + 5000;
    while (lines.length < 2 && Date.now() < deadline) await sleep(100);
    await sleep(500);
    expect(lines.slice(1)).to.deep.equal([{ level: 'warn', msg: 'the job queue has Redis again' }]);
  });

  it('gives up on a frozen Redis within its command timeout, then at once, and enqueues again once it answers', async () => {
    lines.splice(0);
    proxy.pause();
    const took: number[] = [];
    const errors: unknown[] = [];
    try {
      for (let i = 0; i < 6; i += 1) {
        const started = performance.now();
        await queue.enqueue(job()).catch((error: unknown) => errors.push(error));
        took.push(performance.now() - started);
      }
    } finally {
      proxy.resume();
    }
    expect(errors, 'every request refused').to.have.length(6);
    expect(Math.max(...took), `durations ${took.map((t) => t.toFixed(0)).join(', ')} ms`).to.be.below(
      QUEUE_COMMAND_TIMEOUT_MS + 100,
    );
    expect(
      errors.slice(3).every((e) => e instanceof JobQueueUnavailable),
      'after three failures Redis is not asked',
    ).to.equal(true);
    expect(
      took.slice(3).every((t) => t < 20),
      'and it costs nothing',
    ).to.equal(true);
    expect(lines).to.deep.equal([
      {
        level: 'warn',
        msg: 'the job queue lost Redis: queued jobs wait until it is back, and it reconnects by itself',
      },
    ]);

    await sleep(1100);
    await queue.enqueue(job());
    expect(lines.slice(1)).to.deep.equal([{ level: 'warn', msg: 'the job queue has Redis again' }]);
  });
});
