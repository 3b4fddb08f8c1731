import { inject, injectable } from 'inversify';
import type { TestClockRepository } from '../../../../application/ports/test-clocks/store-clock.js';
import { TEST_CLOCK_AUDIT } from '../../../../domain/audit/audited-records.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { InMemoryAuditRecorder } from '../audit/in-memory-audit-recorder.js';
import type { InMemoryState } from '../in-memory-state.js';
import { IN_MEMORY } from '../in-memory-tokens.js';

@injectable()
export class InMemoryTestClockRepository implements TestClockRepository {
  constructor(
    @inject(IN_MEMORY.State) private readonly state: InMemoryState,
    @inject(IN_MEMORY.AuditRecorder) private readonly audit: InMemoryAuditRecorder,
  ) {}

  async find(storeId: Uuid): Promise<Date | undefined> {
    return this.state.testClocks.get(storeId);
  }

  async move(storeId: Uuid, from: Date | undefined, to: Date): Promise<boolean> {
    if (this.state.testClocks.get(storeId)?.getTime() !== from?.getTime()) return false;
    this.state.testClocks.set(storeId, to);
    this.audit.record(storeId, [
      from === undefined
        ? TEST_CLOCK_AUDIT.created(storeId, { heldAt: to })
        : TEST_CLOCK_AUDIT.updated(storeId, { heldAt: from }, { heldAt: to }),
    ]);
    return true;
  }

  async clear(storeId: Uuid, from: Date): Promise<boolean> {
    if (this.state.testClocks.get(storeId)?.getTime() !== from.getTime()) return false;
    this.state.testClocks.delete(storeId);
    this.audit.record(storeId, [TEST_CLOCK_AUDIT.deleted(storeId, { heldAt: from })]);
    return true;
  }
}
