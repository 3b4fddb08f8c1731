import type { ObservableKey } from '../events/event-keys.js';
import type { Uuid } from '../shared/uuid.js';

/** A change to tell integrations about: written in the change's own transaction (the outbox). */
export interface ObservedEvent {
  readonly id: Uuid;
  readonly storeId: Uuid;
  readonly key: ObservableKey;
  /** The resource as its GET returns it (`data`), or only its type and id once it is deleted. */
  readonly payload: unknown;
  readonly createdAt: Date;
}

/** Where one event's delivery to one integration stands: EPCC's integration job. */
export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export interface Delivery {
  readonly id: Uuid;
  readonly storeId: Uuid;
  readonly integrationId: Uuid;
  readonly eventId: Uuid;
  readonly key: ObservableKey;
  readonly status: DeliveryStatus;
  /** Attempts made so far. */
  readonly attempts: number;
  /** When the next attempt is due; undefined once the delivery is over. */
  readonly nextAttemptAt?: Date;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** One attempt at a delivery, as EPCC's integration log shows it. */
export interface DeliveryLog {
  readonly id: Uuid;
  readonly storeId: Uuid;
  readonly integrationId: Uuid;
  readonly deliveryId: Uuid;
  readonly attempt: number;
  readonly succeeded: boolean;
  /** The receiver's status code; undefined when it never answered. */
  readonly statusCode?: number;
  /** The start of the receiver's answer. */
  readonly body: string;
  readonly errorDetail?: string;
  readonly durationMs: number;
  readonly createdAt: Date;
}

/**
 * RFC 9110 section 15: a status code is 100 to 599. A receiver's status line may carry any three digits;
 * one outside that range is no HTTP status, so a log shows none (its error detail quotes what came).
 */
export const HTTP_STATUS_MIN = 100;
export const HTTP_STATUS_MAX = 599;
export const isHttpStatus = (code: number): boolean =>
  Number.isInteger(code) && code >= HTTP_STATUS_MIN && code <= HTTP_STATUS_MAX;

/** How much of a receiver's answer a log keeps. */
export const LOGGED_BODY_MAX = 1024;

export const truncateBody = (body: string): string =>
  body.length <= LOGGED_BODY_MAX ? body : body.slice(0, LOGGED_BODY_MAX);
