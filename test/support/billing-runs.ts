import * as E from 'fp-ts/lib/Either.js';
import type { Container } from 'inversify';
import { randomIds } from '../../src/adapters/system/system-module.js';
import type { JobHandler } from '../../src/application/ports/jobs/job-handler.js';
import { JOB_HANDLER_CLASSES } from '../../src/application/use-cases/jobs/job-handlers.js';
import type { InvoiceTaxes, Job, JobReport, JobType } from '../../src/domain/jobs/job.js';
import type { Uuid } from '../../src/domain/shared/uuid.js';

/** A started job made by hand: the job machinery is not needed to run a handler. */
export const aJob = (storeId: Uuid, jobType: JobType, at: Date, taxes?: readonly InvoiceTaxes[]): Job => ({
  id: randomIds.uuid(),
  storeId,
  jobType,
  ...(taxes === undefined ? {} : { taxes }),
  status: 'started',
  createdAt: at,
  updatedAt: at,
  startedAt: at,
});

/** The service's own handler of the job type, from the one map the service resolves its handlers from. */
const handlerOf = (container: Container, jobType: JobType): JobHandler => container.get(JOB_HANDLER_CLASSES[jobType]);

/** Runs one billing, tax or payment job through its handler, counting heartbeats. */
export const runJob = async (
  container: Container,
  job: Job,
  startedAt: Date,
): Promise<{ report: JobReport; heartbeats: number }> => {
  let heartbeats = 0;
  const handler = handlerOf(container, job.jobType);
  const ran = await handler.run({
    job,
    startedAt,
    heartbeat: async () => {
      heartbeats += 1;
    },
  });
  if (E.isLeft(ran)) throw new Error(`the ${job.jobType} was refused: ${JSON.stringify(ran.left)}`);
  return { report: ran.right, heartbeats };
};
