import type * as E from 'fp-ts/lib/Either.js';
import type { SettingsRepository } from '../../../application/ports/settings/settings-repository.js';
import type { Clock } from '../../../application/ports/system.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { FRESH_WITHIN_MS } from './fresh-repositories.js';
import { RecentlyRead } from './recently-read.js';

/**
 * A group of settings read by requests rather than by their own routes (a store's allowed origins,
 * read for every cross-origin answer): served from memory for up to a second per instance, and at once
 * after a change made through this instance.
 */
export class FreshSettings<S> implements SettingsRepository<S> {
  private readonly settings = new RecentlyRead<S>();

  constructor(
    private readonly inner: SettingsRepository<S>,
    private readonly clock: Clock,
  ) {}

  async find(storeId: Uuid): Promise<S | undefined> {
    const now = this.clock.now().getTime();
    const known = this.settings.get(storeId, now);
    if (known !== undefined) return known;
    const found = await this.inner.find(storeId);
    if (found !== undefined) this.settings.set(storeId, found, now + FRESH_WITHIN_MS);
    return found;
  }

  async update<R>(storeId: Uuid, change: (current: S) => E.Either<R, S>): Promise<E.Either<R, S> | undefined> {
    const updated = await this.inner.update(storeId, change);
    this.settings.delete(storeId);
    return updated;
  }
}
