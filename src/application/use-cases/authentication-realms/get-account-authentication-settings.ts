import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { AUTHENTICATION_REALM_TOKENS as T } from '../../authentication-realm-tokens.js';
import type { AuthenticationRealmRepository } from '../../ports/authentication-realms/authentication-realm-repository.js';
import type { AccountAuthenticationSettingsRepository } from '../../ports/settings/settings-repository.js';
import { type AccountAuthentication, withRealm } from './account-authentication.js';

@injectable()
export class GetAccountAuthenticationSettings {
  constructor(
    @inject(T.AccountAuthenticationSettingsRepository)
    private readonly settings: AccountAuthenticationSettingsRepository,
    @inject(T.AuthenticationRealmRepository) private readonly realms: AuthenticationRealmRepository,
  ) {}

  async execute(storeId: Uuid): Promise<E.Either<DomainError, AccountAuthentication>> {
    const found = await this.settings.find(storeId);
    return withRealm(this.realms, storeId, found === undefined ? undefined : E.right(found));
  }
}
