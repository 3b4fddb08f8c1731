import type { AccountMember } from '../../../domain/accounts/account-member.js';
import type { AuthenticationRealm } from '../../../domain/authentication-realms/authentication-realm.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { AccountMemberRepository } from '../../ports/accounts/account-member-repository.js';
import type { MerchantUserRepository } from '../../ports/people/merchant-user-repository.js';

/** Where the users of a store's two realms live. */
export interface RealmUserPorts {
  readonly members: AccountMemberRepository;
  readonly people: MerchantUserRepository;
}

/**
 * The realm's user-authentication-info of this id. The one rule for which repository a realm's people live
 * in: the account realm's users are the store's account members, the merchant realm's the merchant's people
 * (`/v2/merchant-users`), each one record under one id seen from both sides.
 */
export const findRealmUser = (
  ports: RealmUserPorts,
  realm: AuthenticationRealm,
  id: Uuid,
): Promise<AccountMember | undefined> =>
  realm.kind === 'merchant' ? ports.people.findById(realm.storeId, id) : ports.members.findById(realm.storeId, id);
