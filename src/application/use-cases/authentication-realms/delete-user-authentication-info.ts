import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { ACCOUNT_MEMBER_EVENTS, deletedWithMemberships } from '../../../domain/accounts/account-events.js';
import { USER_AUTHENTICATION_INFO_NOT_FOUND } from '../../../domain/authentication-realms/user-authentication-info.js';
import { type DomainError, notFound } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { ACCOUNT_TOKENS } from '../../account-tokens.js';
import { AUTHENTICATION_REALM_TOKENS as T } from '../../authentication-realm-tokens.js';
import { PEOPLE_TOKENS } from '../../people-tokens.js';
import type { AccountMemberRepository } from '../../ports/accounts/account-member-repository.js';
import type { AccountMemberTokenRepository } from '../../ports/auth/account-member-token-repository.js';
import type { AuthenticationRealmRepository } from '../../ports/authentication-realms/authentication-realm-repository.js';
import type { PasswordProfileInfoRepository } from '../../ports/authentication-realms/password-profile-info-repository.js';
import type { MerchantUserRepository } from '../../ports/people/merchant-user-repository.js';
import { TOKENS } from '../../tokens.js';
import { merchantUserRefusal } from '../people/merchant-users.js';
import { memberInRealm } from './authentication-realms.js';

@injectable()
export class DeleteUserAuthenticationInfo {
  constructor(
    @inject(T.AuthenticationRealmRepository) private readonly realms: AuthenticationRealmRepository,
    @inject(ACCOUNT_TOKENS.AccountMemberRepository) private readonly members: AccountMemberRepository,
    @inject(PEOPLE_TOKENS.MerchantUserRepository) private readonly people: MerchantUserRepository,
    @inject(T.PasswordProfileInfoRepository) private readonly credentials: PasswordProfileInfoRepository,
    @inject(TOKENS.AccountMemberTokenRepository) private readonly tokens: AccountMemberTokenRepository,
  ) {}

  /**
   * Deletes the member with its memberships; its credentials and tokens go first, so that a member half
   * deleted (a failure between the steps) can no longer sign in, rather than one that can with no record.
   * In the merchant realm, deletes one of the merchant's people as `/v2/merchant-users` does.
   */
  async execute(storeId: Uuid, realmId: string, id: string): Promise<E.Either<DomainError, void>> {
    const { realms, members, people } = this;
    const found = await memberInRealm({ realms, members, people }, storeId, realmId, id);
    if (E.isLeft(found)) return found;
    const userId = found.right.member.id;
    if (found.right.realm.kind === 'merchant') {
      const removed = await people.delete(storeId, userId);
      return E.isLeft(removed) ? E.left(merchantUserRefusal(removed.left)) : E.right(undefined);
    }
    await this.credentials.deleteForMember({ storeId, accountMemberId: userId });
    await this.tokens.revokeForMember(storeId, userId);
    const deleted = await this.members.delete(
      storeId,
      userId,
      deletedWithMemberships(ACCOUNT_MEMBER_EVENTS.deleted(userId)),
    );
    return E.isRight(deleted) ? deleted : E.left(notFound(USER_AUTHENTICATION_INFO_NOT_FOUND));
  }
}
