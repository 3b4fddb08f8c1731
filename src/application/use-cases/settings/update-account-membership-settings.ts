import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import {
  type AccountMembershipSettings,
  changeAccountMembershipSettings,
  parseAccountMembershipSettingsChanges,
} from '../../../domain/settings/account-membership-settings.js';
import { type DomainError, notFound, validationFailed } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { AccountMembershipSettingsRepository } from '../../ports/settings/settings-repository.js';
import { TOKENS } from '../../tokens.js';
import { STORE_NOT_FOUND } from '../stores/store-lookup.js';

@injectable()
export class UpdateAccountMembershipSettings {
  constructor(
    @inject(TOKENS.AccountMembershipSettingsRepository) private readonly settings: AccountMembershipSettingsRepository,
  ) {}

  /** A partial update: a body with `type` alone changes nothing and answers the settings as they are. */
  async execute(storeId: Uuid, data: unknown): Promise<E.Either<DomainError, AccountMembershipSettings>> {
    const changes = parseAccountMembershipSettingsChanges(data);
    if (E.isLeft(changes)) return E.left(validationFailed(changes.left));
    const updated = await this.settings.update(storeId, (current) =>
      E.right(changeAccountMembershipSettings(current, changes.right)),
    );
    return updated ?? E.left(notFound(STORE_NOT_FOUND));
  }
}
