import * as E from 'fp-ts/lib/Either.js';
import type { SettingsRepository } from '../../../../application/ports/settings/settings-repository.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { InMemoryState } from '../in-memory-state.js';

/** One group of settings, kept only for the stores that changed them. */
export class InMemorySettingsRepository<S> implements SettingsRepository<S> {
  constructor(
    private readonly state: InMemoryState,
    private readonly changed: Map<string, S>,
    private readonly defaults: S,
  ) {}

  async find(storeId: Uuid): Promise<S | undefined> {
    return this.state.stores.has(storeId) ? (this.changed.get(storeId) ?? this.defaults) : undefined;
  }

  async update<R>(storeId: Uuid, change: (current: S) => E.Either<R, S>): Promise<E.Either<R, S> | undefined> {
    if (!this.state.stores.has(storeId)) return undefined;
    const next = change(this.changed.get(storeId) ?? this.defaults);
    if (E.isRight(next)) this.changed.set(storeId, next.right);
    return next;
  }
}
