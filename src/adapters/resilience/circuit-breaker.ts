export type CircuitState = 'closed' | 'open' | 'half_open';

export const CIRCUIT_STATES: readonly CircuitState[] = ['closed', 'open', 'half_open'];

export interface CircuitBreakerOptions {
  /** Consecutive failed calls that open the circuit. */
  readonly failuresToOpen: number;
  /** How long an open circuit refuses calls before it lets one probe through. */
  readonly openMs: number;
  /** Milliseconds, monotonic; `performance.now` unless a test moves time itself. */
  readonly now?: () => number;
  readonly onStateChange?: (to: CircuitState, from: CircuitState) => void;
}

/**
 * Stops calling a dependency that keeps failing, so that each caller pays for its failure at most a few
 * times rather than on every request:
 * - closed: every call goes through; `failuresToOpen` failures in a row open the circuit;
 * - open: no call goes through until `openMs` have passed;
 * - half-open: the first call after that is a probe, and only it goes through; its success closes the
 *   circuit, its failure opens it for another `openMs`.
 */
export class CircuitBreaker {
  private current: CircuitState = 'closed';
  private failures = 0;
  private openedAt = 0;
  private probing = false;
  private readonly entered: Record<CircuitState, number> = { closed: 0, open: 0, half_open: 0 };
  private readonly now: () => number;

  constructor(private readonly options: CircuitBreakerOptions) {
    this.now = options.now ?? (() => performance.now());
  }

  get state(): CircuitState {
    return this.current;
  }

  /** How many times the circuit has entered each state (for the metrics). */
  transitions(): Readonly<Record<CircuitState, number>> {
    return { ...this.entered };
  }

  /** Whether a call may go through now; when it does, its outcome must be told with `succeeded` or `failed`. */
  allows(): boolean {
    if (this.current === 'closed') return true;
    if (this.current === 'open') {
      if (this.now() - this.openedAt < this.options.openMs) return false;
      this.move('half_open');
    }
    if (this.probing) return false;
    this.probing = true;
    return true;
  }

  succeeded(): void {
    this.failures = 0;
    this.probing = false;
    if (this.current !== 'closed') this.move('closed');
  }

  failed(): void {
    this.probing = false;
    this.failures += 1;
    if (this.current === 'half_open' || (this.current === 'closed' && this.failures >= this.options.failuresToOpen)) {
      this.openedAt = this.now();
      this.move('open');
    }
  }

  /** `call` when the circuit allows it, else `fallback`; a call that throws counts as a failure and is rethrown. */
  async run<T>(call: () => Promise<T>, fallback: () => T): Promise<T> {
    if (!this.allows()) return fallback();
    try {
      const result = await call();
      this.succeeded();
      return result;
    } catch (error) {
      this.failed();
      throw error;
    }
  }

  private move(to: CircuitState): void {
    const from = this.current;
    this.current = to;
    this.entered[to] += 1;
    this.options.onStateChange?.(to, from);
  }
}
