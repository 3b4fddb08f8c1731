import type * as E from 'fp-ts/lib/Either.js';
import type { AccessTokenRepository } from '../../../application/ports/auth/access-token-repository.js';
import type { ApplicationKeyRepository } from '../../../application/ports/keys/application-key-repository.js';
import type { Missing, OverBudget } from '../../../application/ports/storage-outcomes.js';
import type { NewStoreRecords, StoreRepository } from '../../../application/ports/stores/store-repository.js';
import type { Clock } from '../../../application/ports/system.js';
import type { AccessToken, ActiveToken } from '../../../domain/auth/access-token.js';
import type { StoreRates } from '../../../domain/rate-limits/admission.js';
import type { SettingsChanges } from '../../../domain/settings/settings-input.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { Store } from '../../../domain/stores/store.js';
import { RecentlyRead } from './recently-read.js';

/**
 * How long a store, its rates or a token may be served from memory: every request reads them, and a
 * change made on another instance shows here within this long. A change made through this instance
 * shows at once: its writes forget what they change.
 */
export const FRESH_WITHIN_MS = 1000;

/** Stores and their rates, read at most once a second per instance. */
export class FreshStores implements StoreRepository {
  private readonly stores = new RecentlyRead<Store | undefined>();
  private readonly rateTables = new RecentlyRead<StoreRates | undefined>();

  constructor(
    private readonly inner: StoreRepository,
    private readonly clock: Clock,
  ) {}

  async create(records: NewStoreRecords): Promise<void> {
    await this.inner.create(records);
    this.forget(records.store.id);
  }

  async findById(id: Uuid): Promise<Store | undefined> {
    const now = this.clock.now().getTime();
    const known = this.stores.get(id, now);
    if (known !== undefined) return known;
    const store = await this.inner.findById(id);
    if (store !== undefined) this.stores.set(id, store, now + FRESH_WITHIN_MS);
    return store;
  }

  list(...args: Parameters<StoreRepository['list']>): ReturnType<StoreRepository['list']> {
    return this.inner.list(...args);
  }

  isEmpty(): Promise<boolean> {
    return this.inner.isEmpty();
  }

  async changeSettings(id: Uuid, changes: SettingsChanges): Promise<Store | undefined> {
    this.forget(id);
    return this.inner.changeSettings(id, changes);
  }

  async rates(id: Uuid): Promise<StoreRates | undefined> {
    const now = this.clock.now().getTime();
    const known = this.rateTables.get(id, now);
    if (known !== undefined) return known;
    const rates = await this.inner.rates(id);
    if (rates !== undefined) this.rateTables.set(id, rates, now + FRESH_WITHIN_MS);
    return rates;
  }

  async setRateLimit(id: Uuid, rateLimit: number): Promise<E.Either<Missing | OverBudget, Store>> {
    this.forget(id);
    return this.inner.setRateLimit(id, rateLimit);
  }

  /** Reservations are written through the key repository, which tells the stores it changed them. */
  forget(id: Uuid): void {
    this.stores.delete(id);
    this.rateTables.delete(id);
  }
}

/** Active tokens, looked up at most once a second per instance, and never served past their expiry. */
export class FreshTokens implements AccessTokenRepository {
  private readonly tokens = new RecentlyRead<ActiveToken>();

  constructor(
    private readonly inner: AccessTokenRepository,
    private readonly clock: Clock,
  ) {}

  insert(token: AccessToken): Promise<boolean> {
    return this.inner.insert(token);
  }

  async findActive(tokenHash: string, now: Date): Promise<ActiveToken | undefined> {
    const at = this.clock.now().getTime();
    const known = this.tokens.get(tokenHash, at);
    if (known !== undefined && known.expiresAt > now) return known;
    const token = await this.inner.findActive(tokenHash, now);
    if (token !== undefined)
      this.tokens.set(tokenHash, token, Math.min(at + FRESH_WITHIN_MS, token.expiresAt.getTime()));
    return token;
  }

  async revoke(tokenHash: string, applicationKeyId: Uuid): Promise<boolean> {
    const revoked = await this.inner.revoke(tokenHash, applicationKeyId);
    // Forgotten whatever the outcome: the next use reads storage again, which holds the truth.
    this.tokens.delete(tokenHash);
    return revoked;
  }

  deleteExpired(now: Date): Promise<number> {
    return this.inner.deleteExpired(now);
  }

  /** A deleted key's tokens stop working here at once; other instances drop them within a second. */
  forgetKey(keyId: Uuid): void {
    this.tokens.deleteWhere((token) => token.applicationKeyId === keyId);
  }
}

/** Keys as stored, telling the fresh stores and tokens what a write changed. */
export class KeysThatForget implements ApplicationKeyRepository {
  constructor(
    private readonly inner: ApplicationKeyRepository,
    private readonly stores: FreshStores,
    private readonly tokens: FreshTokens,
  ) {}

  async insert(
    ...args: Parameters<ApplicationKeyRepository['insert']>
  ): ReturnType<ApplicationKeyRepository['insert']> {
    const inserted = await this.inner.insert(...args);
    this.stores.forget(args[0].storeId);
    return inserted;
  }

  async update(
    ...args: Parameters<ApplicationKeyRepository['update']>
  ): ReturnType<ApplicationKeyRepository['update']> {
    const updated = await this.inner.update(...args);
    // The key's tokens carry its scopes: a narrowing applies to them at once here.
    this.tokens.forgetKey(args[1]);
    this.stores.forget(args[0]);
    return updated;
  }

  async delete(storeId: Uuid, id: Uuid): Promise<boolean> {
    const deleted = await this.inner.delete(storeId, id);
    this.tokens.forgetKey(id);
    this.stores.forget(storeId);
    return deleted;
  }

  findById(
    ...args: Parameters<ApplicationKeyRepository['findById']>
  ): ReturnType<ApplicationKeyRepository['findById']> {
    return this.inner.findById(...args);
  }

  findByClientId(
    ...args: Parameters<ApplicationKeyRepository['findByClientId']>
  ): ReturnType<ApplicationKeyRepository['findByClientId']> {
    return this.inner.findByClientId(...args);
  }

  markUsed(
    ...args: Parameters<ApplicationKeyRepository['markUsed']>
  ): ReturnType<ApplicationKeyRepository['markUsed']> {
    return this.inner.markUsed(...args);
  }

  list(...args: Parameters<ApplicationKeyRepository['list']>): ReturnType<ApplicationKeyRepository['list']> {
    return this.inner.list(...args);
  }
}
