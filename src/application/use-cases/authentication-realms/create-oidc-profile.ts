import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { type OidcProfile, parseNewOidcProfile } from '../../../domain/authentication-realms/oidc-profile.js';
import { type DomainError, validationFailed } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { AUTHENTICATION_REALM_TOKENS as T } from '../../authentication-realm-tokens.js';
import type { AuthenticationRealmRepository } from '../../ports/authentication-realms/authentication-realm-repository.js';
import type { OidcProfileRepository } from '../../ports/authentication-realms/oidc-profile-repository.js';
import type { OpenIdProvider } from '../../ports/authentication-realms/openid-provider.js';
import type { Clock, IdGenerator } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { realmOfStore } from './authentication-realms.js';
import { discoveredIssuer } from './oidc-profiles.js';

@injectable()
export class CreateOidcProfile {
  constructor(
    @inject(T.AuthenticationRealmRepository) private readonly realms: AuthenticationRealmRepository,
    @inject(T.OidcProfileRepository) private readonly profiles: OidcProfileRepository,
    @inject(T.OpenIdProvider) private readonly provider: OpenIdProvider,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.IdGenerator) private readonly ids: IdGenerator,
  ) {}

  /** A profile is made only once its provider's discovery document names its issuer. */
  async execute(storeId: Uuid, realmId: string, data: unknown): Promise<E.Either<DomainError, OidcProfile>> {
    const realm = await realmOfStore(this.realms, storeId, realmId);
    if (E.isLeft(realm)) return realm;
    const fields = parseNewOidcProfile(data);
    if (E.isLeft(fields)) return E.left(validationFailed(fields.left));
    const issuer = await discoveredIssuer(this.provider, fields.right);
    if (E.isLeft(issuer)) return issuer;
    const now = this.clock.now();
    const profile: OidcProfile = {
      id: this.ids.uuid(),
      storeId,
      realmId: realm.right.id,
      ...fields.right,
      issuer: issuer.right,
      createdAt: now,
      updatedAt: now,
    };
    await this.profiles.insert(profile);
    return E.right(profile);
  }
}
