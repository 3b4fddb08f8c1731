import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { InProcessJobQueue } from '../../../src/adapters/jobs/in-process-job-queue.js';
import { SubmitJob } from '../../../src/application/use-cases/jobs/submit-job.js';
import type { Job } from '../../../src/domain/jobs/job.js';
import { eventually, isFinishedJob, RecordingHandler, startJobCore } from '../../support/job-harness.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An in-process queue that refuses requests to run jobs until it is let work, as one whose Redis is away. */
class RefusingQueue extends InProcessJobQueue {
  refusing = true;
  override async enqueue(job: Pick<Job, 'id' | 'storeId' | 'jobType'>): Promise<void> {
    if (this.refusing) throw new Error('Redis is away');
    await super.enqueue(job);
  }
}

describe('startJobs: the recovery sweep', () => {
  it('logs a failing sweep once, not every sweep period, and once when it works again, then runs the job it could not enqueue', async () => {
    const queue = new RefusingQueue();
    const handler = new RecordingHandler();
    // A 2 s lease sweeps every 500 ms.
    const core = await startJobCore({ kind: 'memory' }, queue, { 'billing-run': handler }, 2000);
    try {
      const storeId = await core.newStore();
      const submitted = await core.container
        .get(SubmitJob)
        .execute(storeId, { type: 'subscription_job', attributes: { job_type: 'billing-run' } });
      if (E.isLeft(submitted)) throw new Error('not submitted');
      await sleep(1800);
      const messages = () =>
        core.logs.lines
          .map((l) => `${String(l['level'])} ${String(l['msg'])}`)
          .filter((m) => m.includes('recovery sweep'));
      expect(messages(), 'three sweeps or more failed, one line').to.deep.equal([
        '40 the recovery sweep failed; it runs again every sweep period, and says so once it works again',
      ]);

      queue.refusing = false;
      const done = await eventually(() => core.job(storeId, submitted.right.id), isFinishedJob);
      expect(done?.status).to.equal('success');
      expect(messages().slice(1)).to.deep.equal(['30 the recovery sweep works again']);
    } finally {
      await core.running.stop();
    }
  });
});
