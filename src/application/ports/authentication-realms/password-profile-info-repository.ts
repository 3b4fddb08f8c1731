import type * as E from 'fp-ts/lib/Either.js';
import type { PasswordProfileInfo } from '../../../domain/authentication-realms/password-profile-info.js';
import type { ListQuery } from '../../../domain/query/list-query.js';
import type { Page } from '../../../domain/query/page.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { Missing, ReferenceMissing, Taken } from '../storage-outcomes.js';

/** Whose credentials: an account member of a store. */
export interface MemberPlace {
  readonly storeId: Uuid;
  readonly accountMemberId: Uuid;
}

/**
 * Storage of account members' usernames and password hashes, one record per member and password profile.
 * A username is unique in its profile regardless of case, which the storage itself enforces, so of two
 * writes racing for one username exactly one wins and the other gets `Taken`.
 */
export interface PasswordProfileInfoRepository {
  /** `ReferenceMissing` when the profile was deleted meanwhile. */
  insert(info: PasswordProfileInfo): Promise<E.Either<Taken | ReferenceMissing, PasswordProfileInfo>>;
  find(member: MemberPlace, id: Uuid): Promise<PasswordProfileInfo | undefined>;
  /** One page of the member's credentials, newest first. */
  listForMember(member: MemberPlace, query: ListQuery): Promise<Page<PasswordProfileInfo>>;
  /** The credentials holding `username` in the profile, compared without regard to case. */
  findByUsername(storeId: Uuid, passwordProfileId: Uuid, username: string): Promise<PasswordProfileInfo | undefined>;
  update(
    member: MemberPlace,
    id: Uuid,
    change: (current: PasswordProfileInfo) => PasswordProfileInfo,
  ): Promise<E.Either<Missing | Taken, PasswordProfileInfo>>;
  delete(member: MemberPlace, id: Uuid): Promise<boolean>;
  /** Deletes every credential of the member (when the member goes). */
  deleteForMember(member: MemberPlace): Promise<number>;
}
