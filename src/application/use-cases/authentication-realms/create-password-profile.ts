import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import {
  type PasswordProfile,
  parseNewPasswordProfile,
} from '../../../domain/authentication-realms/password-profile.js';
import { type DomainError, validationFailed } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { AUTHENTICATION_REALM_TOKENS as T } from '../../authentication-realm-tokens.js';
import type { AuthenticationRealmRepository } from '../../ports/authentication-realms/authentication-realm-repository.js';
import type { PasswordProfileRepository } from '../../ports/authentication-realms/password-profile-repository.js';
import type { Clock, IdGenerator } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { realmOfStore } from './authentication-realms.js';

@injectable()
export class CreatePasswordProfile {
  constructor(
    @inject(T.AuthenticationRealmRepository) private readonly realms: AuthenticationRealmRepository,
    @inject(T.PasswordProfileRepository) private readonly profiles: PasswordProfileRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(storeId: Uuid, realmId: string, data: unknown): Promise<E.Either<DomainError, PasswordProfile>> {
    const realm = await realmOfStore(this.realms, storeId, realmId);
    if (E.isLeft(realm)) return realm;
    const fields = parseNewPasswordProfile(data);
    if (E.isLeft(fields)) return E.left(validationFailed(fields.left));
    const now = this.clock.now();
    const profile: PasswordProfile = {
      id: this.ids.uuid(),
      storeId,
      realmId: realm.right.id,
      ...fields.right,
      createdAt: now,
      updatedAt: now,
    };
    await this.profiles.insert(profile);
    return E.right(profile);
  }
}
