import type { FiringKey } from './event-keys.js';

/**
 * A created or changed resource, named by its subject (the resource and what its GET shows with it):
 * `payload.data` is the subject as its GET returns it, rendered only when some integration observes the key.
 */
export interface ResourceEvent<S> {
  readonly _tag: 'ResourceEvent';
  readonly key: FiringKey;
  readonly subject: S;
}

/** A deleted resource: the payload is its type and id only, as EPCC sends it. */
export interface DeletionEvent {
  readonly _tag: 'DeletionEvent';
  readonly key: FiringKey;
  readonly type: string;
  readonly id: string;
}

/** What a change fires: plain data, decided by the concept's rules and written with the change. */
export type DomainEvent<S> = ResourceEvent<S> | DeletionEvent;

export const resourceEvent = <S>(key: FiringKey, subject: S): ResourceEvent<S> => ({
  _tag: 'ResourceEvent',
  key,
  subject,
});

export const deletionEvent = (key: FiringKey, type: string, id: string): DeletionEvent => ({
  _tag: 'DeletionEvent',
  key,
  type,
  id,
});

/**
 * The events of a change whose subject only storage knows when it writes (the row as changed under its
 * lock, the numbers it assigns, the snapshot it resolves): a pure function of the change's outcome, which
 * the use case supplies from the concept's rules and storage calls in the change's transaction.
 */
export type EventsOf<A, E = DomainEvent<unknown>> = (outcome: A) => readonly E[];

/** What a change that fires no event passes, saying so. */
export const NO_EVENTS: readonly never[] = [];

/** The `EventsOf` of a change that fires no event whatever its outcome. */
export const firesNothing = (): readonly never[] => NO_EVENTS;
