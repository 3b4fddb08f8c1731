import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { pino } from 'pino';
import { DEFAULT_INTEGRATION_SETTINGS } from '../../../src/adapters/config/integration-settings.js';
import { startBackgroundWork } from '../../../src/adapters/service/start-background-work.js';
import { INTEGRATION_TOKENS } from '../../../src/application/integration-tokens.js';
import type { JobHandler } from '../../../src/application/ports/jobs/job-handler.js';
import { TOKENS } from '../../../src/application/tokens.js';
import { CreateStore } from '../../../src/application/use-cases/stores/create-store.js';
import { buildContainer, type ContainerOptions } from '../../../src/container.js';
import { DELIVERY_LIST } from '../../../src/domain/integrations/integration-query.js';
import { JOB_EVENTS } from '../../../src/domain/jobs/job-events.js';
import { anIntegration } from '../../support/integration-builders.js';
import { aJob } from '../../support/job-builders.js';
import { eventually } from '../../support/job-harness.js';
import { listQuery } from '../../support/list-queries.js';
import { RecordingJobQueue } from '../../support/recording-job-queue.js';
import { LogCapture } from '../../support/test-api.js';
import { webhookReceiver } from '../../support/webhook-receiver.js';

const coreWithStore = async (options: ContainerOptions = {}) => {
  const container = buildContainer({ kind: 'memory' }, options);
  const created = await container.get(CreateStore).execute('Background');
  if (E.isLeft(created)) throw new Error('no store');
  return { container, storeId: created.right.store.id };
};

const held = () => {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { gate, release: () => release() };
};

describe('Background work: what runs beside the API, in the service and in an embedding program', () => {
  it('warns at start when integrations may reach private addresses, saying what that exposes', async () => {
    for (const allowPrivate of [true, false]) {
      const { container } = await coreWithStore({
        integrations: { ...DEFAULT_INTEGRATION_SETTINGS, allowPrivate },
      });
      const logs = new LogCapture();
      const work = await startBackgroundWork(container, pino({ level: 'info' }, logs));
      await work.stop();
      const warnings = logs.lines.filter((l) => String(l['msg']).startsWith('INTEGRATIONS_ALLOW_PRIVATE=true'));
      expect(warnings, `allowPrivate: ${allowPrivate}`).to.have.length(allowPrivate ? 1 : 0);
      if (allowPrivate) {
        expect(warnings[0]).to.include({ level: 40 });
        expect(warnings[0]!['msg']).to.include('loopback, private-network and CGNAT').and.include('integration logs');
      }
    }
  });

  it('refuses a container whose job queue cannot run jobs, rather than leaving every job pending', async () => {
    const { container } = await coreWithStore({ jobQueue: new RecordingJobQueue() });
    let refusal: unknown;
    await startBackgroundWork(container, pino({ level: 'silent' })).catch((error: unknown) => {
      refusal = error;
    });
    expect(String(refusal)).to.include("the container's job queue cannot run jobs");
  });

  it('stops once the job run and the webhook attempt under way have finished, each with its outcome recorded', async () => {
    const job = held();
    const hook = held();
    let jobStarted = false;
    const billing: JobHandler = {
      run: async () => {
        jobStarted = true;
        await job.gate;
        return E.right({ invoices_ready_for_payment: 0 });
      },
    };
    const receiver = await webhookReceiver(async () => {
      await hook.gate;
      return 204;
    });
    try {
      const { container, storeId } = await coreWithStore({
        integrations: { ...DEFAULT_INTEGRATION_SETTINGS, allowPrivate: true },
        jobHandlers: { 'billing-run': billing },
      });
      const integration = anIntegration(storeId, {
        observes: ['subscription-job.created'],
        configuration: { url: receiver.url },
      });
      await container.get(INTEGRATION_TOKENS.IntegrationRepository).insert(integration);
      // A pending job: the recovery sweep at start enqueues it, and its creation is an event to deliver.
      const pending = aJob(storeId, { createdAt: new Date() });
      await container.get(TOKENS.JobRepository).insert(pending, [JOB_EVENTS.created(pending)]);

      const work = await startBackgroundWork(container, pino({ level: 'silent' }), { relayPollMs: 10 });
      await eventually(
        async () => jobStarted && receiver.received.length === 1,
        (ready) => ready,
      );
      let stopped = false;
      const stopping = work.stop().then(() => {
        stopped = true;
      });
      expect(work.stop(), 'asked twice, the same stop').to.equal(work.stop());
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(stopped, 'still waiting for the job and the attempt').to.equal(false);
      job.release();
      hook.release();
      await stopping;

      const finished = await container.get(TOKENS.JobRepository).findById(storeId, pending.id);
      expect(finished?.status).to.equal('success');
      const deliveries = await container
        .get(INTEGRATION_TOKENS.IntegrationRepository)
        .listDeliveries(storeId, integration.id, listQuery(DELIVERY_LIST, { limit: 10 }));
      expect(deliveries.items.map((d) => [d.key, d.status])).to.deep.equal([['subscription-job.created', 'succeeded']]);
    } finally {
      job.release();
      hook.release();
      await receiver.close();
    }
  });
});
