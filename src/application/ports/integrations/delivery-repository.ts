import type { Delivery, DeliveryLog, ObservedEvent } from '../../../domain/integrations/delivery.js';
import type { Integration } from '../../../domain/integrations/integration.js';

/** A delivery claimed for one attempt, with its event and its integration as they are now. */
export interface ClaimedDelivery {
  /** With `attempts` already counting this attempt. */
  readonly delivery: Delivery;
  readonly event: ObservedEvent;
  readonly integration: Integration;
}

/** What an attempt leaves the delivery as. */
export type AttemptOutcome =
  | { readonly status: 'succeeded' | 'failed' }
  | { readonly status: 'pending'; readonly nextAttemptAt: Date };

/** One attempt made, as it is to be stored. */
export interface AttemptRecord {
  readonly claim: ClaimedDelivery;
  readonly log: DeliveryLog;
  readonly outcome: AttemptOutcome;
}

/** Pending deliveries of every store, each count stopping at the cap it was asked for. */
export interface PendingDeliveries {
  /** Due and not claimed: waiting for a relay. */
  readonly dueNow: number;
  /** Due later: waiting for a retry, or claimed for an attempt under way. */
  readonly dueLater: number;
}

/** The relay's side of the outbox: due deliveries, claimed one attempt at a time, and their logs. */
export interface DeliveryRepository {
  /**
   * Claims up to `limit` deliveries that are due, each for one attempt held for `leaseMs` (then it is due
   * again, as when the instance making it died): of several instances, exactly one claims each attempt.
   * No integration gets more than `perIntegration` beside the attempts `inFlight` counts for it.
   */
  claimDue(
    now: Date,
    limit: number,
    leaseMs: number,
    inFlight: ReadonlyMap<string, number>,
    perIntegration: number,
  ): Promise<readonly ClaimedDelivery[]>;
  /** A claim made by another instance, by the delivery's id and the attempt claimed: undefined once that attempt was recorded. */
  reclaim(deliveryId: string, attempts: number): Promise<ClaimedDelivery | undefined>;
  /**
   * Stores attempts' logs and outcomes, all in one transaction; an attempt whose delivery was deleted or
   * claimed again since (its claim ran out) records nothing.
   */
  recordAttempts(records: readonly AttemptRecord[]): Promise<void>;
  /**
   * Counts pending deliveries, due now and later, each up to `cap`: a bounded read of the due index,
   * cheap enough for every metrics scrape however large the backlog grows.
   */
  countPending(now: Date, cap: number): Promise<PendingDeliveries>;
  /** Deletes logs, finished deliveries and delivered events older than `before`. */
  purge(before: Date): Promise<void>;
}
