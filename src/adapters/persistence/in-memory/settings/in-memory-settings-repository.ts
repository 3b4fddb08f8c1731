import * as E from 'fp-ts/lib/Either.js';
import type { SettingsRepository } from '../../../../application/ports/settings/settings-repository.js';
import type { AuditedKind } from '../../../../domain/audit/audited-records.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { InMemoryAuditRecorder } from '../audit/in-memory-audit-recorder.js';
import type { InMemoryState } from '../in-memory-state.js';

/** One group of settings, kept only for the stores that changed them. */
export class InMemorySettingsRepository<S> implements SettingsRepository<S> {
  constructor(
    private readonly state: InMemoryState,
    private readonly changed: Map<string, S>,
    private readonly defaults: S,
    private readonly audit: InMemoryAuditRecorder,
    private readonly audited: AuditedKind<S>,
  ) {}

  async find(storeId: Uuid): Promise<S | undefined> {
    return this.state.stores.has(storeId) ? (this.changed.get(storeId) ?? this.defaults) : undefined;
  }

  async update<R>(storeId: Uuid, change: (current: S) => E.Either<R, S>): Promise<E.Either<R, S> | undefined> {
    if (!this.state.stores.has(storeId)) return undefined;
    const current = this.changed.get(storeId) ?? this.defaults;
    const next = change(current);
    if (E.isRight(next)) {
      this.changed.set(storeId, next.right);
      this.audit.record(storeId, [this.audited.updated(storeId, current, next.right)]);
    }
    return next;
  }
}
