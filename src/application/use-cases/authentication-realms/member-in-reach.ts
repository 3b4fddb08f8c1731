import * as E from 'fp-ts/lib/Either.js';
import type { ShopperScope } from '../../../domain/auth/account-member-token.js';
import { selfManagementRefusal } from '../../../domain/authentication-realms/self-management.js';
import { DEFAULT_ACCOUNT_AUTHENTICATION_SETTINGS } from '../../../domain/settings/account-authentication-settings.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import type { AccountMemberRepository } from '../../ports/accounts/account-member-repository.js';
import type { AuthenticationRealmRepository } from '../../ports/authentication-realms/authentication-realm-repository.js';
import type { MerchantUserRepository } from '../../ports/people/merchant-user-repository.js';
import type { AccountAuthenticationSettingsRepository } from '../../ports/settings/settings-repository.js';
import { type MemberOfRealm, memberInRealm } from './authentication-realms.js';

/** What finding a member within a caller's reach reads. */
export interface ReachPorts {
  readonly realms: AuthenticationRealmRepository;
  readonly members: AccountMemberRepository;
  readonly people: MerchantUserRepository;
  readonly settings: AccountAuthenticationSettingsRepository;
}

/**
 * The member a realm's path names, as far as the caller reaches: the merchant (no shopper) any member of
 * the store; a shopper only its own, and only while the store lets members manage themselves. A shopper's
 * read is keyed by its own member id, never the path's, so another member's record is never loaded.
 */
export const memberInReach = async (
  ports: ReachPorts,
  storeId: Uuid,
  realmId: string,
  memberId: string,
  shopper?: ShopperScope,
): Promise<E.Either<DomainError, MemberOfRealm>> => {
  if (shopper === undefined) return memberInRealm(ports, storeId, realmId, memberId);
  const settings = (await ports.settings.find(storeId)) ?? DEFAULT_ACCOUNT_AUTHENTICATION_SETTINGS;
  const refused = selfManagementRefusal(settings.accountMemberSelfManagement, shopper, parseUuid(memberId));
  if (refused !== undefined) return E.left(refused);
  return memberInRealm(ports, storeId, realmId, shopper.accountMemberId);
};
