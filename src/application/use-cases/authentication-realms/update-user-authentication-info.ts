import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { ACCOUNT_MEMBER_EVENTS } from '../../../domain/accounts/account-events.js';
import type { AccountMember } from '../../../domain/accounts/account-member.js';
import type { ShopperScope } from '../../../domain/auth/account-member-token.js';
import {
  EMAIL_TAKEN,
  parseMemberChanges,
  USER_AUTHENTICATION_INFO_NOT_FOUND,
} from '../../../domain/authentication-realms/user-authentication-info.js';
import { conflict, type DomainError, notFound, validationFailed } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { ACCOUNT_TOKENS } from '../../account-tokens.js';
import { AUTHENTICATION_REALM_TOKENS as T } from '../../authentication-realm-tokens.js';
import { PEOPLE_TOKENS } from '../../people-tokens.js';
import type { AccountMemberRepository } from '../../ports/accounts/account-member-repository.js';
import type { AuthenticationRealmRepository } from '../../ports/authentication-realms/authentication-realm-repository.js';
import type { MerchantUserRepository } from '../../ports/people/merchant-user-repository.js';
import type { AccountAuthenticationSettingsRepository } from '../../ports/settings/settings-repository.js';
import type { Clock } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { merchantUserRefusal } from '../people/merchant-users.js';
import { memberInReach } from './member-in-reach.js';

@injectable()
export class UpdateUserAuthenticationInfo {
  constructor(
    @inject(T.AuthenticationRealmRepository) private readonly realms: AuthenticationRealmRepository,
    @inject(ACCOUNT_TOKENS.AccountMemberRepository) private readonly members: AccountMemberRepository,
    @inject(PEOPLE_TOKENS.MerchantUserRepository) private readonly people: MerchantUserRepository,
    @inject(T.AccountAuthenticationSettingsRepository)
    private readonly settings: AccountAuthenticationSettingsRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
  ) {}

  /**
   * A partial update of the user's `name` and `email`: an account member (a shopper changes its own, where the
   * store allows it), or in the merchant realm one of the merchant's people, whose role stays as it is.
   */
  async execute(
    storeId: Uuid,
    realmId: string,
    id: string,
    data: unknown,
    shopper?: ShopperScope,
  ): Promise<E.Either<DomainError, AccountMember>> {
    const { realms, members, people, settings } = this;
    const place = await memberInReach({ realms, members, people, settings }, storeId, realmId, id, shopper);
    if (E.isLeft(place)) return place;
    const changes = parseMemberChanges(data);
    if (E.isLeft(changes)) return E.left(validationFailed(changes.left));
    const now = this.clock.now();
    if (place.right.realm.kind === 'merchant') {
      const changed = await people.update(storeId, place.right.member.id, (user) => ({
        ...user,
        ...changes.right,
        updatedAt: now,
      }));
      return E.isLeft(changed) ? E.left(merchantUserRefusal(changed.left)) : changed;
    }
    const updated = await this.members.update(
      storeId,
      place.right.member.id,
      (member) => E.right({ ...member, ...changes.right, updatedAt: now }),
      (member) => [ACCOUNT_MEMBER_EVENTS.updated(member)],
    );
    if (E.isRight(updated)) return updated;
    return E.left(
      updated.left._tag === 'Taken'
        ? conflict(EMAIL_TAKEN, 'email_taken')
        : notFound(USER_AUTHENTICATION_INFO_NOT_FOUND),
    );
  }
}
