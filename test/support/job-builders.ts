import { randomIds } from '../../src/adapters/system/system-module.js';
import type { Job } from '../../src/domain/jobs/job.js';
import type { Uuid } from '../../src/domain/shared/uuid.js';

/** A pending job of `storeId`, created at `createdAt` (default 2026-03-01). */
export const aJob = (storeId: Uuid, overrides: Partial<Job> = {}): Job => {
  const createdAt = overrides.createdAt ?? new Date('2026-03-01T00:00:00.000Z');
  return {
    id: randomIds.uuid(),
    storeId,
    jobType: 'billing-run',
    status: 'pending',
    createdAt,
    updatedAt: createdAt,
    ...overrides,
  };
};

export const at = (ms: number): Date => new Date(Date.parse('2026-03-01T00:00:00.000Z') + ms);
