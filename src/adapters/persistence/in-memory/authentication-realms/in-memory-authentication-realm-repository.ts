import { inject, injectable } from 'inversify';
import type { AuthenticationRealmRepository } from '../../../../application/ports/authentication-realms/authentication-realm-repository.js';
import type { AuthenticationRealm, RealmKind } from '../../../../domain/authentication-realms/authentication-realm.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { InMemoryState } from '../in-memory-state.js';
import { IN_MEMORY } from '../in-memory-tokens.js';

@injectable()
export class InMemoryAuthenticationRealmRepository implements AuthenticationRealmRepository {
  constructor(@inject(IN_MEMORY.State) private readonly state: InMemoryState) {}

  async findByStore(storeId: Uuid): Promise<AuthenticationRealm | undefined> {
    return this.ofKind(storeId, 'account');
  }

  async findMerchantRealm(storeId: Uuid): Promise<AuthenticationRealm | undefined> {
    return this.ofKind(storeId, 'merchant');
  }

  async listForStore(storeId: Uuid): Promise<readonly AuthenticationRealm[]> {
    return [this.ofKind(storeId, 'account'), this.ofKind(storeId, 'merchant')].filter((realm) => realm !== undefined);
  }

  private ofKind(storeId: Uuid, kind: RealmKind): AuthenticationRealm | undefined {
    return [...this.state.authenticationRealms.values()].find(
      (realm) => realm.storeId === storeId && realm.kind === kind,
    );
  }

  async findById(storeId: Uuid, id: Uuid): Promise<AuthenticationRealm | undefined> {
    const realm = this.state.authenticationRealms.get(id);
    return realm?.storeId === storeId ? realm : undefined;
  }

  async update(
    storeId: Uuid,
    id: Uuid,
    change: (current: AuthenticationRealm) => AuthenticationRealm,
  ): Promise<AuthenticationRealm | undefined> {
    const realm = this.state.authenticationRealms.get(id);
    if (realm?.storeId !== storeId) return undefined;
    // A realm's kind is fixed when its store is made, as the SQL storage never writes it again.
    const changed = { ...change(realm), kind: realm.kind };
    this.state.authenticationRealms.set(id, changed);
    return changed;
  }
}
