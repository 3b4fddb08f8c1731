import type { AuditChange } from '../../../domain/audit/audit-event.js';
import { type ChangeEvent, changePayload, type ObservedPayloads } from '../integrations/observed-payloads.js';

const field = (data: unknown, name: 'type' | 'id'): string | undefined => {
  const value = typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : undefined;
};

/**
 * What the trail records of a change's event: the event's key is the action, and the resource is as its
 * GET shows it (the webhook's `payload.data`), or gone after a deletion. Every event a change fires is
 * audited: the events are where the core decides what a change was.
 */
export const auditedEvent = (payloads: ObservedPayloads, event: ChangeEvent): AuditChange => {
  if (event._tag === 'DeletionEvent')
    return { action: event.key, resource: { type: event.type, id: event.id }, after: null };
  const data = (changePayload(payloads, event) as { readonly data: unknown }).data;
  return {
    action: event.key,
    resource: { type: field(data, 'type') ?? event.subject.resource, id: field(data, 'id') ?? '' },
    after: data,
  };
};
