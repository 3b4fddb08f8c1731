/** How jobs are claimed: how long a claim holds unless renewed, how often a running job renews it, and how often stranded jobs are looked for. */
export interface JobSettings {
  readonly leaseMs: number;
  /** Under `leaseMs`, so that a job runs on while a renewal is late. */
  readonly renewEveryMs: number;
  /** How often the recovery sweep enqueues pending jobs and jobs whose lease ran out. */
  readonly sweepEveryMs: number;
}
