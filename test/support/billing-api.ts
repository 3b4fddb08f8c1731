import { expect } from 'chai';
import type { Container } from 'inversify';
import { pino } from 'pino';
import type { BackgroundJobQueue } from '../../src/adapters/jobs/background-job-queue.js';
import { type RunningJobs, startJobs } from '../../src/adapters/jobs/start-jobs.js';
import { TOKENS } from '../../src/application/tokens.js';
import type { Persistence } from '../../src/container.js';
import { eventually } from './job-harness.js';
import { jsonBody, LogCapture, startTestApi, type TestApi } from './test-api.js';

/** A resource as the API answers it, loosely typed for reading what a test checks. */
export type Resource = {
  id: string;
  type: string;
  attributes: Record<string, any>;
  meta: Record<string, any>;
  relationships?: Record<string, any>;
};

/** The API over a real socket with test clocks on and its job workers running: billing driven from outside, month by month. */
export interface BillingApi {
  readonly api: TestApi;
  /** Moves the store's test clock to `now` (RFC 3339), expecting the move to be taken. */
  move(now: string): Promise<void>;
  /** POSTs `{data}` to `path`, expecting 201, and answers its `data`. */
  created(path: string, data: unknown): Promise<Resource>;
  /** GETs `path`, expecting 200, and answers its `data`. */
  read<A = Resource>(path: string): Promise<A>;
  /** Submits a job with these attributes and answers it once it has finished. */
  runJob(attributes: Record<string, unknown>): Promise<Resource>;
  stop(): Promise<void>;
}

const finished = (job: Resource): boolean =>
  job.attributes['status'] === 'success' || job.attributes['status'] === 'failed';

export const startBillingApi = async (
  persistence: Persistence,
  options: { configure?: (container: Container) => void } = {},
): Promise<BillingApi> => {
  const api = await startTestApi({ persistence, testClocks: true, ...options });
  const jobs: RunningJobs = await startJobs(api.container, api.container.get(TOKENS.JobQueue) as BackgroundJobQueue, {
    log: pino({ level: 'warn' }, new LogCapture()),
  });
  const created = async (path: string, data: unknown): Promise<Resource> => {
    const response = await api.request(path, jsonBody({ data }));
    expect(response.status, `${path}: ${await response.clone().text()}`).to.equal(201);
    return ((await response.json()) as { data: Resource }).data;
  };
  const read = async <A = Resource>(path: string): Promise<A> => {
    const response = await api.request(path);
    expect(response.status, path).to.equal(200);
    return ((await response.json()) as { data: A }).data;
  };
  return {
    api,
    async move(now) {
      const response = await api.request('/v2/subscriptions/test-clock', {
        ...jsonBody({ data: { type: 'subscription_test_clock', attributes: { now } } }),
        method: 'PUT',
      });
      expect(response.status, `${now}: ${await response.clone().text()}`).to.equal(200);
    },
    created,
    read,
    async runJob(attributes) {
      const job = await created('/v2/subscriptions/jobs', { type: 'subscription_job', attributes });
      return eventually(() => read(`/v2/subscriptions/jobs/${job.id}`), finished);
    },
    async stop() {
      await jobs.stop();
      await api.close();
    },
  };
};
