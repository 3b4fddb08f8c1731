import * as E from 'fp-ts/lib/Either.js';
import { injectable, injectFromBase } from 'inversify';
import type { ShopperScope } from '../../../domain/auth/account-member-token.js';
import type { PasswordProfileInfo } from '../../../domain/authentication-realms/password-profile-info.js';
import type { DomainError } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import { PasswordProfileInfoUseCase } from './password-profile-info-use-case.js';
import { credentialNotFound, pathMember } from './password-profile-infos.js';

@injectable()
@injectFromBase()
export class GetPasswordProfileInfo extends PasswordProfileInfoUseCase {
  async execute(
    storeId: Uuid,
    realmId: string,
    memberId: string,
    id: string,
    shopper?: ShopperScope,
  ): Promise<E.Either<DomainError, PasswordProfileInfo>> {
    const place = await pathMember(this.ports, storeId, realmId, memberId, shopper);
    if (E.isLeft(place)) return place;
    const infoId = parseUuid(id);
    const found =
      infoId === undefined
        ? undefined
        : await this.ports.credentials.find({ storeId, accountMemberId: place.right.member.id }, infoId);
    return found === undefined ? E.left(credentialNotFound()) : E.right(found);
  }
}
