import { Queue, QueueEvents, Worker } from 'bullmq';
import type { ClaimedDelivery, DeliveryRepository } from '../../application/ports/integrations/delivery-repository.js';
import type { RelayDeliveries } from '../../application/use-cases/integrations/relay-deliveries.js';
import { RELAY_CONCURRENCY } from '../../application/use-cases/integrations/relay-deliveries.js';
import type { JobLog } from '../jobs/background-job-queue.js';
import { RedisLink } from '../jobs/redis-link.js';

const DELIVER = 'deliver';

interface DeliverData {
  readonly deliveryId: string;
  readonly attempts: number;
}

/** How long the claiming instance waits for a worker to finish an attempt: longer than the attempt's 10 s. */
const WAIT_MS = 25_000;

/**
 * Attempts shared by every instance through BullMQ on Redis: the instance that claims a delivery in the
 * database adds one BullMQ job per attempt (its id is the delivery's id and attempt number, so it is queued
 * once), and whichever instance's worker takes it makes the attempt, once it has checked in the database
 * that the attempt is still the one claimed. A job lost with its instance costs nothing but the claim's
 * lease: the delivery is then due again, as its next attempt.
 */
export class BullMqDeliveryQueue {
  private readonly queue: Queue;
  private readonly events: QueueEvents;
  private worker: Worker | undefined;
  private readonly link: RedisLink;

  constructor(
    private readonly redisUrl: string,
    log: JobLog,
    name = 'commerce-core-deliveries',
  ) {
    this.link = new RedisLink(log);
    this.queue = new Queue(name, { connection: { url: redisUrl } });
    this.events = new QueueEvents(name, { connection: { url: redisUrl } });
    this.queue.on('error', (err: Error) => this.link.lost(err));
    this.events.on('error', (err: Error) => this.link.lost(err));
  }

  /** Adds the attempt and resolves once a worker on some instance has made it (or the wait runs out). */
  async run(claim: ClaimedDelivery): Promise<void> {
    const data: DeliverData = { deliveryId: claim.delivery.id, attempts: claim.delivery.attempts };
    const job = await this.queue.add(DELIVER, data, {
      jobId: `${data.deliveryId}-${data.attempts}`,
      removeOnComplete: true,
      removeOnFail: true,
    });
    await job.waitUntilFinished(this.events, WAIT_MS).catch(() => undefined);
  }

  /** Routes the relay's attempts through the queue and starts this instance's worker. */
  async start(relay: RelayDeliveries, deliveries: DeliveryRepository): Promise<void> {
    await this.events.waitUntilReady();
    relay.routeAttemptsTo((claim) => this.run(claim));
    this.worker = new Worker<DeliverData>(
      this.queue.name,
      async (job) => {
        const claim = await deliveries.reclaim(job.data.deliveryId, job.data.attempts);
        if (claim !== undefined) await relay.attempt(claim);
      },
      { connection: { url: this.redisUrl }, concurrency: RELAY_CONCURRENCY },
    );
    this.worker.on('error', (err: Error) => this.link.lost(err));
  }

  async stop(): Promise<void> {
    await this.worker?.close();
    await this.events.close();
    await this.queue.close();
  }
}
