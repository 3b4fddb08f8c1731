import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { ACCOUNT_MEMBER_EVENTS } from '../../../domain/accounts/account-events.js';
import type { AccountMember } from '../../../domain/accounts/account-member.js';
import { EMAIL_TAKEN, parseNewMember } from '../../../domain/authentication-realms/user-authentication-info.js';
import { newMerchantUser } from '../../../domain/people/merchant-user.js';
import { conflict, type DomainError, validationFailed } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { ACCOUNT_TOKENS } from '../../account-tokens.js';
import { AUTHENTICATION_REALM_TOKENS as T } from '../../authentication-realm-tokens.js';
import { PEOPLE_TOKENS } from '../../people-tokens.js';
import type { AccountMemberRepository } from '../../ports/accounts/account-member-repository.js';
import type { AuthenticationRealmRepository } from '../../ports/authentication-realms/authentication-realm-repository.js';
import type { MerchantUserRepository } from '../../ports/people/merchant-user-repository.js';
import type { Clock, IdGenerator } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { merchantUserRefusal } from '../people/merchant-users.js';
import { realmOfStore } from './authentication-realms.js';

/**
 * A user of the account realm, which is an account member: made once, under one id, seen from both sides.
 * In the merchant realm, one of the merchant's people, with the least of the roles (`read-only`): EPCC's
 * user-authentication-info has no role, and an owner gives a higher one at `/v2/merchant-users`.
 */
@injectable()
export class CreateUserAuthenticationInfo {
  constructor(
    @inject(T.AuthenticationRealmRepository) private readonly realms: AuthenticationRealmRepository,
    @inject(ACCOUNT_TOKENS.AccountMemberRepository) private readonly members: AccountMemberRepository,
    @inject(PEOPLE_TOKENS.MerchantUserRepository) private readonly people: MerchantUserRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(storeId: Uuid, realmId: string, data: unknown): Promise<E.Either<DomainError, AccountMember>> {
    const realm = await realmOfStore(this.realms, storeId, realmId);
    if (E.isLeft(realm)) return realm;
    const fields = parseNewMember(data);
    if (E.isLeft(fields)) return E.left(validationFailed(fields.left));
    const now = this.clock.now();
    if (realm.right.kind === 'merchant') {
      const person = newMerchantUser(this.ids.uuid(), storeId, { ...fields.right, role: 'read-only' }, now);
      const added = await this.people.insert(person);
      return E.isLeft(added) ? E.left(merchantUserRefusal(added.left)) : added;
    }
    const member: AccountMember = { id: this.ids.uuid(), storeId, ...fields.right, createdAt: now, updatedAt: now };
    const stored = await this.members.insert(member, [ACCOUNT_MEMBER_EVENTS.created(member)]);
    return E.isLeft(stored) ? E.left(conflict(EMAIL_TAKEN, 'email_taken')) : E.right(member);
  }
}
