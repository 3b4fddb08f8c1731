import type { Insertable, Transaction } from 'kysely';
import type { AuditScope } from '../../../../application/ports/audit/audit-scope.js';
import type { Clock, IdGenerator } from '../../../../application/ports/system.js';
import { type AuditChange, type AuditResource, createsResource } from '../../../../domain/audit/audit-event.js';
import { auditSnapshotText } from '../../../../domain/audit/audit-snapshot.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { AuditEventsTable, Tables } from '../engine/schema.js';
import type { SqlFlavor } from '../engine/sql-flavor.js';
import { insertRows } from '../sql/bulk-insert.js';
import { chunks } from '../sql/chunks.js';

/** Resource ids per read of their latest events: a change of a thousand rows reads them in one statement. */
const IDS_PER_READ = 1000;

/** A resource's latest recorded event, as the next one needs it: its number in the chain and its after. */
interface Latest {
  readonly seq: number;
  readonly after: string | null;
}

const keyOf = (resource: AuditResource): string => `${resource.type}\u0000${resource.id}`;

/**
 * Writes the audit events of a change inside the change's own transaction: who from the scope the change
 * runs in, what from the change. A change that rolls back leaves no event, one that commits cannot lose it.
 * Each resource's latest event is read (an indexed read) for the next number in its chain and, where the
 * change brings no before, for the before the trail last recorded. A change of many resources costs two
 * statements, not two a resource: a thousand-row import or billing run is audited in one read and one insert.
 */
export class KyselyAuditRecorder {
  constructor(
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly scope: AuditScope,
    private readonly flavor: SqlFlavor,
  ) {}

  async record(trx: Transaction<Tables>, storeId: Uuid, changes: readonly AuditChange[]): Promise<void> {
    if (changes.length === 0) return;
    const { actor, address, requestId } = this.scope.current();
    // The system's time, not a store's test clock: the trail says when things happened, and is kept in real time.
    const now = this.clock.now();
    const latest = await this.latestOf(trx, storeId, changes);
    const rows = changes.map((change): Insertable<AuditEventsTable> => {
      const key = keyOf(change.resource);
      const previous = latest.get(key);
      const after = auditSnapshotText(change.after);
      const before =
        change.before !== undefined
          ? auditSnapshotText(change.before)
          : createsResource(change.action)
            ? null
            : (previous?.after ?? null);
      const seq = (previous?.seq ?? 0) + 1;
      // Two changes of one resource in one batch chain: the second's before is the first's after.
      latest.set(key, { seq, after });
      return {
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
        resource_seq: seq,
        before_json: before,
        after_json: after,
        request_id: requestId,
      };
    });
    await insertRows(trx, this.flavor, 'audit_events', rows);
  }

  /** The latest event of each resource the changes touch, read with the chain's index. */
  private async latestOf(
    trx: Transaction<Tables>,
    storeId: Uuid,
    changes: readonly AuditChange[],
  ): Promise<Map<string, Latest>> {
    const found = new Map<string, Latest>();
    const ids = [...new Set(changes.map((change) => change.resource.id))];
    for (const part of chunks(ids, IDS_PER_READ)) {
      const rows = await trx
        .selectFrom('audit_events as a')
        .select(['a.resource_type', 'a.resource_id', 'a.resource_seq', 'a.after_json'])
        .where('a.store_id', '=', storeId)
        .where('a.resource_id', 'in', part)
        .where('a.resource_seq', '=', (eb) =>
          eb
            .selectFrom('audit_events as b')
            .select((inner) => inner.fn.max('b.resource_seq').as('seq'))
            .whereRef('b.store_id', '=', 'a.store_id')
            .whereRef('b.resource_id', '=', 'a.resource_id')
            .whereRef('b.resource_type', '=', 'a.resource_type'),
        )
        .execute();
      for (const row of rows)
        found.set(keyOf({ type: row.resource_type, id: row.resource_id }), {
          seq: row.resource_seq,
          after: row.after_json,
        });
    }
    return found;
  }
}
