import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { AccountMember } from '../../../domain/accounts/account-member.js';
import type { ShopperScope } from '../../../domain/auth/account-member-token.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { ACCOUNT_TOKENS } from '../../account-tokens.js';
import { AUTHENTICATION_REALM_TOKENS as T } from '../../authentication-realm-tokens.js';
import { PEOPLE_TOKENS } from '../../people-tokens.js';
import type { AccountMemberRepository } from '../../ports/accounts/account-member-repository.js';
import type { AuthenticationRealmRepository } from '../../ports/authentication-realms/authentication-realm-repository.js';
import type { MerchantUserRepository } from '../../ports/people/merchant-user-repository.js';
import type { AccountAuthenticationSettingsRepository } from '../../ports/settings/settings-repository.js';
import { memberInReach } from './member-in-reach.js';

@injectable()
export class GetUserAuthenticationInfo {
  constructor(
    @inject(T.AuthenticationRealmRepository) private readonly realms: AuthenticationRealmRepository,
    @inject(ACCOUNT_TOKENS.AccountMemberRepository) private readonly members: AccountMemberRepository,
    @inject(PEOPLE_TOKENS.MerchantUserRepository) private readonly people: MerchantUserRepository,
    @inject(T.AccountAuthenticationSettingsRepository)
    private readonly settings: AccountAuthenticationSettingsRepository,
  ) {}

  /** A shopper reads its own member only, while the store lets members manage themselves. */
  async execute(
    storeId: Uuid,
    realmId: string,
    id: string,
    shopper?: ShopperScope,
  ): Promise<E.Either<DomainError, AccountMember>> {
    const { realms, members, people, settings } = this;
    const found = await memberInReach({ realms, members, people, settings }, storeId, realmId, id, shopper);
    return E.map((place: { readonly member: AccountMember }) => place.member)(found);
  }
}
