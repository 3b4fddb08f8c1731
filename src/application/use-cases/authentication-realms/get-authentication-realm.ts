import type * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { AuthenticationRealm } from '../../../domain/authentication-realms/authentication-realm.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { AUTHENTICATION_REALM_TOKENS as T } from '../../authentication-realm-tokens.js';
import type { AuthenticationRealmRepository } from '../../ports/authentication-realms/authentication-realm-repository.js';
import { realmOfStore } from './authentication-realms.js';

@injectable()
export class GetAuthenticationRealm {
  constructor(@inject(T.AuthenticationRealmRepository) private readonly realms: AuthenticationRealmRepository) {}

  execute(storeId: Uuid, realmId: string): Promise<E.Either<DomainError, AuthenticationRealm>> {
    return realmOfStore(this.realms, storeId, realmId);
  }
}
