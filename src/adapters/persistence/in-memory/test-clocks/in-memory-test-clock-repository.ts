import { inject, injectable } from 'inversify';
import type { TestClockRepository } from '../../../../application/ports/test-clocks/store-clock.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { InMemoryState } from '../in-memory-state.js';
import { IN_MEMORY } from '../in-memory-tokens.js';

@injectable()
export class InMemoryTestClockRepository implements TestClockRepository {
  constructor(@inject(IN_MEMORY.State) private readonly state: InMemoryState) {}

  async find(storeId: Uuid): Promise<Date | undefined> {
    return this.state.testClocks.get(storeId);
  }

  async move(storeId: Uuid, from: Date | undefined, to: Date): Promise<boolean> {
    if (this.state.testClocks.get(storeId)?.getTime() !== from?.getTime()) return false;
    this.state.testClocks.set(storeId, to);
    return true;
  }

  async clear(storeId: Uuid, from: Date): Promise<boolean> {
    if (this.state.testClocks.get(storeId)?.getTime() !== from.getTime()) return false;
    this.state.testClocks.delete(storeId);
    return true;
  }
}
