import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type {
  ApplicationKeyPage,
  ApplicationKeyRepository,
  BudgetCheck,
} from '../../../../application/ports/keys/application-key-repository.js';
import { type Missing, missing, type OverBudget, overBudget } from '../../../../application/ports/storage-outcomes.js';
import { APPLICATION_KEY_AUDIT } from '../../../../domain/audit/audited-records.js';
import type { ApplicationKey } from '../../../../domain/keys/application-key.js';
import type { ApplicationKeyQuery } from '../../../../domain/keys/application-key-query.js';
import type { ReservationBudget } from '../../../../domain/keys/reservation-budget.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { InMemoryAuditRecorder } from '../audit/in-memory-audit-recorder.js';
import { listOf } from '../in-memory-list.js';
import type { InMemoryState } from '../in-memory-state.js';
import { IN_MEMORY } from '../in-memory-tokens.js';

@injectable()
export class InMemoryApplicationKeyRepository implements ApplicationKeyRepository {
  constructor(
    @inject(IN_MEMORY.State) private readonly state: InMemoryState,
    @inject(IN_MEMORY.AuditRecorder) private readonly audit: InMemoryAuditRecorder,
  ) {}

  private ofStore(storeId: Uuid): ApplicationKey[] {
    return [...this.state.applicationKeys.values()].filter((k) => k.storeId === storeId);
  }

  private budget(storeId: Uuid, exceptKey: Uuid | null): ReservationBudget | undefined {
    const store = this.state.stores.get(storeId);
    if (store === undefined) return undefined;
    const reservedByOthers = this.ofStore(storeId)
      .filter((k) => k.id !== exceptKey)
      .reduce((sum, k) => sum + (k.reservedRateLimit ?? 0), 0);
    return { rateLimit: store.rateLimit, reservedByOthers };
  }

  async insert(key: ApplicationKey, check: BudgetCheck): Promise<E.Either<Missing | OverBudget, void>> {
    const budget = this.budget(key.storeId, null);
    if (budget === undefined) return E.left(missing);
    if (!check(budget)) return E.left(overBudget);
    this.state.assertNewKey(key);
    this.state.applicationKeys.set(key.id, key);
    this.audit.record(key.storeId, [APPLICATION_KEY_AUDIT.created(key.id, key)]);
    return E.right(undefined);
  }

  async update(
    storeId: Uuid,
    id: Uuid,
    change: (current: ApplicationKey) => ApplicationKey,
    check: (budget: ReservationBudget, updated: ApplicationKey) => boolean,
  ): Promise<E.Either<Missing | OverBudget, ApplicationKey>> {
    const current = this.state.applicationKeys.get(id);
    const budget = this.budget(storeId, id);
    if (current === undefined || current.storeId !== storeId || budget === undefined) return E.left(missing);
    const updated = change(current);
    if (!check(budget, updated)) return E.left(overBudget);
    this.state.applicationKeys.set(id, updated);
    this.audit.record(storeId, [APPLICATION_KEY_AUDIT.updated(id, current, updated)]);
    return E.right(updated);
  }

  async delete(storeId: Uuid, id: Uuid): Promise<boolean> {
    const key = this.state.applicationKeys.get(id);
    if (key === undefined || key.storeId !== storeId) return false;
    this.state.applicationKeys.delete(id);
    this.audit.record(storeId, [APPLICATION_KEY_AUDIT.deleted(id, key)]);
    for (const [hash, token] of this.state.accessTokens) {
      if (token.applicationKeyId === id) this.state.accessTokens.delete(hash);
    }
    return true;
  }

  async findById(storeId: Uuid, id: Uuid): Promise<ApplicationKey | undefined> {
    const key = this.state.applicationKeys.get(id);
    return key?.storeId === storeId ? key : undefined;
  }

  async findByClientId(clientId: string): Promise<ApplicationKey | undefined> {
    return [...this.state.applicationKeys.values()].find((k) => k.clientId === clientId);
  }

  async list(storeId: Uuid, query: ApplicationKeyQuery): Promise<ApplicationKeyPage> {
    const keys = this.ofStore(storeId);
    return {
      ...listOf(keys, query, { fields: {}, ordered: (k) => k, keepsRunningCount: true }),
      totalReservedRateLimit: keys.reduce((sum, k) => sum + (k.reservedRateLimit ?? 0), 0),
    };
  }

  async markUsed(id: Uuid, at: Date): Promise<void> {
    const key = this.state.applicationKeys.get(id);
    if (key !== undefined) this.state.applicationKeys.set(id, { ...key, lastUsedAt: at });
  }
}
