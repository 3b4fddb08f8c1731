import type { Logger } from 'pino';
import type { AttemptObserver } from '../../application/ports/integrations/attempt-report.js';
import { sampledLog } from '../logging/sampled-log.js';

/** At most one line per integration and outcome in this time: a receiver that is down costs a line a minute, not one per event. */
export const FAILED_ATTEMPT_LOG_INTERVAL_MS = 60_000;

/**
 * Logs failed attempts: a warning for one that is retried, an error for a delivery that failed for good,
 * each line sampled per integration and saying how many failed attempts were left out since the last.
 * Ids, the status code and the error only: never the body, the receiver's URL (it may carry a token) or the secret.
 */
export const logFailedAttempts = (log: Logger, intervalMs = FAILED_ATTEMPT_LOG_INTERVAL_MS): AttemptObserver => {
  const sampled = sampledLog(intervalMs);
  return (report) => {
    if (report.outcome === 'succeeded') return;
    sampled(`${report.integrationId} ${report.outcome}`, (suppressed) => {
      const fields = {
        store_id: report.storeId,
        integration_id: report.integrationId,
        delivery_id: report.deliveryId,
        attempt: report.attempt,
        status_code: report.statusCode,
        error: report.error,
        duration_ms: report.durationMs,
        next_attempt_at: report.nextAttemptAt?.toISOString(),
        suppressed_since_last: suppressed,
      };
      if (report.outcome === 'failed') log.error(fields, 'webhook delivery failed for good: no more attempts are made');
      else log.warn(fields, 'webhook attempt failed; it is tried again');
    });
  };
};
