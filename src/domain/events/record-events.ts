import { type DeletionEvent, deletionEvent, type ResourceEvent, resourceEvent } from './domain-event.js';
import type { FiringKey } from './event-keys.js';

/** The events of a kind of record that is created, changed and deleted as a whole. */
export interface RecordEvents<R, S> {
  readonly created: (record: R) => ResourceEvent<S>;
  readonly updated: (record: R) => ResourceEvent<S>;
  readonly deleted: (id: string) => DeletionEvent;
}

/** The keys a kind of record fires: one for each of its changes. */
export interface RecordKeys {
  readonly created: FiringKey;
  readonly updated: FiringKey;
  readonly deleted: FiringKey;
}

/** A kind's events: its changed records named by `subject`, its deleted ones by `type` and id. */
export const recordEvents = <R, S>(keys: RecordKeys, type: string, subject: (record: R) => S): RecordEvents<R, S> => ({
  created: (record) => resourceEvent(keys.created, subject(record)),
  updated: (record) => resourceEvent(keys.updated, subject(record)),
  deleted: (id) => deletionEvent(keys.deleted, type, id),
});
