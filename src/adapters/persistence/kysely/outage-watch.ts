/** The start and the end of a time the database could not be used. */
export type OutageEvent =
  | { readonly kind: 'down'; readonly reason: string; readonly error: unknown }
  | { readonly kind: 'up'; readonly outageMs: number; readonly failedCalls: number };

/**
 * Turns the outcome of every database call into two events per outage: the first failure, and the first
 * success after it, with how long it lasted and how many calls failed meanwhile. An outage of minutes at
 * hundreds of requests a second would otherwise be as many log lines.
 */
export class OutageWatch {
  private since: number | undefined;
  private failed = 0;

  constructor(
    private readonly report: (event: OutageEvent) => void,
    private readonly now: () => number = Date.now,
  ) {}

  failure(reason: string, error: unknown): void {
    this.failed += 1;
    if (this.since !== undefined) return;
    this.since = this.now();
    this.report({ kind: 'down', reason, error });
  }

  success(): void {
    if (this.since === undefined) return;
    const event: OutageEvent = { kind: 'up', outageMs: this.now() - this.since, failedCalls: this.failed };
    this.since = undefined;
    this.failed = 0;
    this.report(event);
  }
}
