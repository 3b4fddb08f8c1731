/** What one unit of work has committed so far, as the code that runs the unit sees it. */
export interface UnitWrites {
  /** True once any transaction of the unit committed, or may have (its commit went unanswered). */
  readonly committed: boolean;
}

/**
 * Records what each unit of work (an HTTP request) commits, so that the caller of a unit that failed for want
 * of storage can tell "nothing was stored" (retry at will) from "something was, or may have been" (only the
 * Idempotency-Key can tell). Storage records every commit in the unit running at the time; the caller only
 * reads.
 */
export interface WriteLedger {
  /** Runs `work` as one unit; `unit.committed` is read at any time, as the unit goes. */
  run<A>(work: (unit: UnitWrites) => Promise<A>): Promise<A>;
  /** Whether the unit running now has committed anything (or may have); false outside any unit. */
  committedSoFar(): boolean;
}
