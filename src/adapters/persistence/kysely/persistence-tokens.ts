import type { ServiceIdentifier } from 'inversify';
import type { KyselyAuditRecorder } from './audit/kysely-audit-recorder.js';
import type { DatabaseHandle } from './engine/open-database.js';
import type { KyselyOutbox } from './integrations/kysely-outbox.js';

export const PERSISTENCE = {
  Database: Symbol.for('commerce-core.persistence.Database') as ServiceIdentifier<DatabaseHandle>,
  Outbox: Symbol.for('commerce-core.persistence.Outbox') as ServiceIdentifier<KyselyOutbox>,
  AuditRecorder: Symbol.for('commerce-core.persistence.AuditRecorder') as ServiceIdentifier<KyselyAuditRecorder>,
} as const;
