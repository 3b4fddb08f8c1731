import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import {
  changeAccountAuthenticationSettings,
  parseAccountAuthenticationSettingsChanges,
} from '../../../domain/settings/account-authentication-settings.js';
import { type DomainError, validationFailed } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { AUTHENTICATION_REALM_TOKENS as T } from '../../authentication-realm-tokens.js';
import type { AuthenticationRealmRepository } from '../../ports/authentication-realms/authentication-realm-repository.js';
import type { AccountAuthenticationSettingsRepository } from '../../ports/settings/settings-repository.js';
import { type AccountAuthentication, withRealm } from './account-authentication.js';

@injectable()
export class UpdateAccountAuthenticationSettings {
  constructor(
    @inject(T.AccountAuthenticationSettingsRepository)
    private readonly settings: AccountAuthenticationSettingsRepository,
    @inject(T.AuthenticationRealmRepository) private readonly realms: AuthenticationRealmRepository,
  ) {}

  /** A partial update: a body with `type` alone changes nothing. */
  async execute(storeId: Uuid, data: unknown): Promise<E.Either<DomainError, AccountAuthentication>> {
    const changes = parseAccountAuthenticationSettingsChanges(data);
    if (E.isLeft(changes)) return E.left(validationFailed(changes.left));
    const updated = await this.settings.update(storeId, (current) =>
      E.right(changeAccountAuthenticationSettings(current, changes.right)),
    );
    return withRealm(this.realms, storeId, updated);
  }
}
