import type { Transaction } from 'kysely';
import type { AuditScope } from '../../../../application/ports/audit/audit-scope.js';
import type { Clock, IdGenerator } from '../../../../application/ports/system.js';
import { type AuditChange, createsResource } from '../../../../domain/audit/audit-event.js';
import { auditSnapshot } from '../../../../domain/audit/audit-snapshot.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { Tables } from '../engine/schema.js';
import { parseJson } from '../sql/stored-json.js';
import { snapshotText } from './audit-rows.js';

/**
 * Writes the audit events of a change inside the change's own transaction: who from the scope the change
 * runs in, what from the change. A change that rolls back leaves no event, one that commits cannot lose it.
 * Each event reads its resource's latest one (an indexed read), for its number in the resource's chain and,
 * where the change brings no before, for the before the trail last recorded.
 */
export class KyselyAuditRecorder {
  constructor(
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly scope: AuditScope,
  ) {}

  async record(trx: Transaction<Tables>, storeId: Uuid, changes: readonly AuditChange[]): Promise<void> {
    if (changes.length === 0) return;
    const { actor, address, requestId } = this.scope.current();
    // The system's time, not a store's test clock: the trail says when things happened, and is kept in real time.
    const now = this.clock.now();
    for (const change of changes) {
      const latest = await trx
        .selectFrom('audit_events')
        .select(['resource_seq', 'after_json'])
        .where('store_id', '=', storeId)
        .where('resource_id', '=', change.resource.id)
        .where('resource_type', '=', change.resource.type)
        .orderBy('resource_seq', 'desc')
        .limit(1)
        .executeTakeFirst();
      const before =
        change.before !== undefined
          ? auditSnapshot(change.before)
          : createsResource(change.action) || latest?.after_json == null
            ? null
            : parseJson('audit after', latest.after_json);
      await trx
        .insertInto('audit_events')
        .values({
          id: this.ids.uuid(),
          store_id: storeId,
          created_at: now,
          actor_kind: actor.kind,
          actor_id: actor.id,
          actor_name: actor.name ?? null,
          address,
          action: change.action,
          resource_type: change.resource.type,
          resource_id: change.resource.id,
          resource_seq: (latest?.resource_seq ?? 0) + 1,
          before_json: snapshotText(before),
          after_json: snapshotText(auditSnapshot(change.after)),
          request_id: requestId,
        })
        .execute();
    }
  }
}
