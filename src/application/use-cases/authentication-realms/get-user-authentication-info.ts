import type * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { AccountMember } from '../../../domain/accounts/account-member.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { ACCOUNT_TOKENS } from '../../account-tokens.js';
import { AUTHENTICATION_REALM_TOKENS as T } from '../../authentication-realm-tokens.js';
import type { AccountMemberRepository } from '../../ports/accounts/account-member-repository.js';
import type { AuthenticationRealmRepository } from '../../ports/authentication-realms/authentication-realm-repository.js';
import { memberOfRealm } from './authentication-realms.js';

@injectable()
export class GetUserAuthenticationInfo {
  constructor(
    @inject(T.AuthenticationRealmRepository) private readonly realms: AuthenticationRealmRepository,
    @inject(ACCOUNT_TOKENS.AccountMemberRepository) private readonly members: AccountMemberRepository,
  ) {}

  execute(storeId: Uuid, realmId: string, id: string): Promise<E.Either<DomainError, AccountMember>> {
    return memberOfRealm({ realms: this.realms, members: this.members }, storeId, realmId, id);
  }
}
