import type { Actor } from '../auth/actor.js';
import type { Uuid } from '../shared/uuid.js';

/**
 * Who made a change, as the trail names it: a program holding an application key, one of the merchant's
 * people (with their name when it is known), or the service's own background work. `system` is the one
 * variant `Actor` lacks: a billing run, the payment run, the scheduler or an import acts for nobody who
 * holds a token, and its `id` names the work (`billing-run`, `payment-run`, `schedule`, `import`, `service`).
 */
export interface AuditActor {
  readonly kind: 'key' | 'user' | 'system';
  readonly id: string;
  readonly name?: string;
}

/** The kinds of actor, in the order a filter offers them. */
export const AUDIT_ACTOR_KINDS = ['key', 'user', 'system'] as const;

/** The trail's name for a request's actor: a person with their name when the request knew it. */
export const auditActorOf = (actor: Actor): AuditActor =>
  actor.kind === 'user' && actor.name !== undefined
    ? { kind: actor.kind, id: actor.id, name: actor.name }
    : { kind: actor.kind, id: actor.id };

/** Background work: `work` names it. */
export const systemActor = (work: string): AuditActor => ({ kind: 'system', id: work });

/** What a change acts for, where it comes from, and the request that carried it: known before the change. */
export interface AuditContext {
  readonly actor: AuditActor;
  readonly address: string | null;
  readonly requestId: string | null;
}

/** A change outside any request or named work: the service itself (a migration's default store, a purge). */
export const SERVICE_CONTEXT: AuditContext = { actor: systemActor('service'), address: null, requestId: null };

/** The resource a change touched, by its API type and id. */
export interface AuditResource {
  readonly type: string;
  readonly id: string;
}

/**
 * One change as storage records it: what was done (`subscription.canceled`, `application-key.created`), to
 * what, and the resource as its GET shows it before and after (null before a create, after a delete).
 * `before` left undefined is the resource as the trail last recorded it, which storage reads in the change's
 * transaction.
 */
export interface AuditChange {
  readonly action: string;
  readonly resource: AuditResource;
  readonly before?: unknown;
  readonly after: unknown;
}

/** A recorded change: who, when, from where, what. */
export interface AuditEvent {
  readonly id: Uuid;
  readonly storeId: Uuid;
  readonly occurredAt: Date;
  readonly actor: AuditActor;
  readonly address: string | null;
  readonly action: string;
  readonly resource: AuditResource;
  /** The change's place among its resource's recorded changes, from 1: the chain's order, ties of time and all. */
  readonly sequence: number;
  readonly before: unknown;
  readonly after: unknown;
  readonly requestId: string | null;
}

/** Whether an action creates its resource, so that it has no before. */
export const createsResource = (action: string): boolean => action.endsWith('.created');
