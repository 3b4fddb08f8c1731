/** How jobs are claimed: how long a claim holds unless renewed, and how often a running job renews it. */
export interface JobSettings {
  readonly leaseMs: number;
  /** Under `leaseMs`, so that a job runs on while a renewal is late. */
  readonly renewEveryMs: number;
}
