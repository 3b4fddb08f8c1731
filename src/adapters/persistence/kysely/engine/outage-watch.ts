/** The start and the end of a time the database could not be used. */
export type OutageEvent =
  | { readonly kind: 'down'; readonly reason: string; readonly error: unknown }
  | { readonly kind: 'up'; readonly outageMs: number; readonly failedCalls: number };

/**
 * Calls must succeed for this long, without a failure, before an outage counts as over: right after a
 * restart, pooled connections to the old server still fail one by one, and each would otherwise open
 * and close an outage of its own.
 */
export const STEADY_MS = 1000;

/**
 * Turns the outcome of every database call into two events per outage: the first failure, and the
 * return of steady successes after it, with how long it lasted and how many calls failed meanwhile. An
 * outage of minutes at hundreds of requests a second would otherwise be as many log lines.
 */
export class OutageWatch {
  private since: number | undefined;
  private recovering: number | undefined;
  private failed = 0;

  constructor(
    private readonly report: (event: OutageEvent) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** True from the first failure until calls have succeeded steadily again. */
  get down(): boolean {
    return this.since !== undefined;
  }

  failure(reason: string, error: unknown): void {
    this.failed += 1;
    this.recovering = undefined;
    if (this.since !== undefined) return;
    this.since = this.now();
    this.report({ kind: 'down', reason, error });
  }

  success(): void {
    if (this.since === undefined) return;
    const now = this.now();
    this.recovering ??= now;
    if (now - this.recovering < STEADY_MS) return;
    const event: OutageEvent = { kind: 'up', outageMs: this.recovering - this.since, failedCalls: this.failed };
    this.since = undefined;
    this.recovering = undefined;
    this.failed = 0;
    this.report(event);
  }
}
