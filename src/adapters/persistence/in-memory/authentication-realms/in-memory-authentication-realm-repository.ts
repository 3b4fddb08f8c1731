import { inject, injectable } from 'inversify';
import type { AuthenticationRealmRepository } from '../../../../application/ports/authentication-realms/authentication-realm-repository.js';
import type { AuthenticationRealm } from '../../../../domain/authentication-realms/authentication-realm.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { InMemoryState } from '../in-memory-state.js';
import { IN_MEMORY } from '../in-memory-tokens.js';

@injectable()
export class InMemoryAuthenticationRealmRepository implements AuthenticationRealmRepository {
  constructor(@inject(IN_MEMORY.State) private readonly state: InMemoryState) {}

  async findByStore(storeId: Uuid): Promise<AuthenticationRealm | undefined> {
    return [...this.state.authenticationRealms.values()].find((realm) => realm.storeId === storeId);
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
    const changed = change(realm);
    this.state.authenticationRealms.set(id, changed);
    return changed;
  }
}
