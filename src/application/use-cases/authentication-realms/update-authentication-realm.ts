import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import {
  type AuthenticationRealm,
  changeRealm,
  parseRealmChanges,
  REALM_NOT_FOUND,
} from '../../../domain/authentication-realms/authentication-realm.js';
import { type DomainError, notFound, validationFailed } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import { AUTHENTICATION_REALM_TOKENS as T } from '../../authentication-realm-tokens.js';
import type { AuthenticationRealmRepository } from '../../ports/authentication-realms/authentication-realm-repository.js';
import type { Clock } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';

@injectable()
export class UpdateAuthenticationRealm {
  constructor(
    @inject(T.AuthenticationRealmRepository) private readonly realms: AuthenticationRealmRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
  ) {}

  /** A partial update of `name`, `redirect_uris` and `duplicate_email_policy`. */
  async execute(storeId: Uuid, realmId: string, data: unknown): Promise<E.Either<DomainError, AuthenticationRealm>> {
    const id = parseUuid(realmId);
    if (id === undefined) return E.left(notFound(REALM_NOT_FOUND));
    const changes = parseRealmChanges(data);
    if (E.isLeft(changes)) return E.left(validationFailed(changes.left));
    const now = this.clock.now();
    const updated = await this.realms.update(storeId, id, (realm) => changeRealm(realm, changes.right, now));
    return updated === undefined ? E.left(notFound(REALM_NOT_FOUND)) : E.right(updated);
  }
}
