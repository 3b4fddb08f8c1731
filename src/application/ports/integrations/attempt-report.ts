import type { Uuid } from '../../../domain/shared/uuid.js';

/** What an attempt came to: `retrying` failed with another attempt scheduled, `failed` failed for good. */
export const ATTEMPT_OUTCOMES = ['succeeded', 'retrying', 'failed'] as const;
export type AttemptResult = (typeof ATTEMPT_OUTCOMES)[number];

/**
 * One attempt as operations see it (metrics, log lines): who it was for and how it ended, never its
 * body, its receiver's URL or the integration's secret.
 */
export interface AttemptReport {
  readonly storeId: Uuid;
  readonly integrationId: Uuid;
  readonly deliveryId: Uuid;
  readonly attempt: number;
  readonly outcome: AttemptResult;
  /** The receiver's status code; undefined when it never answered. */
  readonly statusCode?: number;
  /** Why a receiver that did not answer gave no answer (refused, timed out, connection lost). */
  readonly error?: string;
  readonly durationMs: number;
  /** When the next attempt is due, for `retrying`. */
  readonly nextAttemptAt?: Date;
}

/** Told of every attempt the relay of this process makes, once its outcome is known. */
export type AttemptObserver = (report: AttemptReport) => void;
