import type { Logger } from 'pino';

/** The signals that stop the service: a process manager's SIGTERM, and a terminal's Ctrl-C. */
export const SHUTDOWN_SIGNALS = ['SIGTERM', 'SIGINT'] as const;
export type ShutdownSignal = (typeof SHUTDOWN_SIGNALS)[number];

/** Where signals come from (the process, or a stand-in in tests). */
export interface SignalSource {
  on(signal: ShutdownSignal, listener: (signal: ShutdownSignal) => void): unknown;
}

export interface ShutdownPlan {
  readonly logger: Logger;
  /** The configured `SHUTDOWN_TIMEOUT_MS`, logged with the first signal. */
  readonly timeoutMs: number;
  /** When the graceful stop is given up on and the exit forced, counted from the first signal. */
  readonly deadlineMs: number;
  /** How long a forced exit waits for the database to close before it exits anyway. */
  readonly closeGraceMs: number;
  /** Drains, stops the jobs and closes the database; resolves with the exit code. */
  readonly stop: () => Promise<number>;
  /** Closes the database, or waits for the close already under way; safe to call while `stop` runs. */
  readonly closeDatabase: () => Promise<void>;
  readonly exit: (code: number) => void;
  /** Milliseconds since the epoch; the system's clock unless a test gives its own. */
  readonly now?: () => number;
}

/**
 * How soon after the first a second signal of the same name is taken for npm's copy of a terminal's Ctrl-C
 * (npm passes its own on within milliseconds); a later one, or another signal, was sent on purpose.
 */
export const DUPLICATE_SIGNAL_WINDOW_MS = 1_000;

/**
 * Stops the service on SIGTERM or SIGINT, once. A terminal sends Ctrl-C's SIGINT to npm and to the service
 * together and npm passes its own on, so a second signal is expected: it is ignored, and logged at info when
 * it is that copy (the first's name, within DUPLICATE_SIGNAL_WINDOW_MS), as a warning otherwise. A third
 * (Ctrl-C pressed again) or the deadline forces the exit, after closing the database so that the embedded
 * one is left whole and unlocked; a database that does not close within `closeGraceMs` is left as it is.
 */
export const handleShutdownSignals = (signals: SignalSource, plan: ShutdownPlan): void => {
  const { logger } = plan;
  const now = plan.now ?? Date.now;
  let received = 0;
  let first: { readonly signal: ShutdownSignal; readonly at: number } | undefined;
  let exited = false;
  const exit = (code: number): void => {
    if (exited) return;
    exited = true;
    plan.exit(code);
  };
  const force = (reason: string): void => {
    logger.warn({ reason, grace_ms: plan.closeGraceMs }, 'forcing the exit: closing the database first');
    let grace: NodeJS.Timeout | undefined;
    const closed = plan.closeDatabase().then(
      () => logger.warn('database closed; exiting'),
      (err: unknown) => logger.error({ err }, 'the database did not close cleanly; exiting'),
    );
    const givenUp = new Promise<void>((resolve) => {
      grace = setTimeout(() => {
        logger.error({ grace_ms: plan.closeGraceMs }, 'the database did not close in time; exiting');
        resolve();
      }, plan.closeGraceMs);
      grace.unref();
    });
    void Promise.race([closed, givenUp]).then(() => {
      clearTimeout(grace);
      exit(1);
    });
  };
  const onSignal = (signal: ShutdownSignal): void => {
    received += 1;
    if (received === 1) {
      first = { signal, at: now() };
      logger.info({ signal, timeout_ms: plan.timeoutMs }, 'shutting down');
      const deadline = setTimeout(
        () => force(`the shutdown overran its deadline of ${plan.deadlineMs} ms`),
        plan.deadlineMs,
      );
      deadline.unref();
      plan.stop().then(
        (code) => {
          clearTimeout(deadline);
          exit(code);
        },
        (err: unknown) => {
          clearTimeout(deadline);
          logger.error({ err }, 'shutdown failed');
          exit(1);
        },
      );
    } else if (received === 2) {
      const afterMs = now() - (first?.at ?? 0);
      if (signal === first?.signal && afterMs <= DUPLICATE_SIGNAL_WINDOW_MS)
        logger.info(
          { signal, after_ms: afterMs },
          "already shutting down: the same signal again, as npm passes on a terminal's Ctrl-C; ignored (a further one forces the exit)",
        );
      else
        logger.warn(
          { signal, after_ms: afterMs },
          'already shutting down: signal ignored (a further one forces the exit)',
        );
    } else if (received === 3) {
      force(`a third signal (${signal})`);
    }
  };
  for (const signal of SHUTDOWN_SIGNALS) signals.on(signal, onSignal);
};
