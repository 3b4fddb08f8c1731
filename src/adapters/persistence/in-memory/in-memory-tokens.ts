import type { ServiceIdentifier } from 'inversify';
import type { InMemoryAuditRecorder } from './audit/in-memory-audit-recorder.js';
import type { InMemoryState } from './in-memory-state.js';
import type { InMemoryOutbox } from './integrations/in-memory-outbox.js';

export const IN_MEMORY = {
  State: Symbol.for('commerce-core.in-memory.State') as ServiceIdentifier<InMemoryState>,
  Outbox: Symbol.for('commerce-core.in-memory.Outbox') as ServiceIdentifier<InMemoryOutbox>,
  AuditRecorder: Symbol.for('commerce-core.in-memory.AuditRecorder') as ServiceIdentifier<InMemoryAuditRecorder>,
} as const;
