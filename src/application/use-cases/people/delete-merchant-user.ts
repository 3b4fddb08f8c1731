import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { MERCHANT_USER_NOT_FOUND } from '../../../domain/people/merchant-user.js';
import { type DomainError, notFound } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import { PEOPLE_TOKENS } from '../../people-tokens.js';
import type { MerchantUserRepository } from '../../ports/people/merchant-user-repository.js';
import { merchantUserRefusal } from './merchant-users.js';

/**
 * `DELETE /v2/merchant-users/:id`: the person, their console sessions and their credentials go together (the
 * repository deletes them in one transaction), so a removed person is signed out at once and cannot sign in.
 */
@injectable()
export class DeleteMerchantUser {
  constructor(@inject(PEOPLE_TOKENS.MerchantUserRepository) private readonly users: MerchantUserRepository) {}

  async execute(storeId: Uuid, id: string): Promise<E.Either<DomainError, void>> {
    const userId = parseUuid(id);
    if (userId === undefined) return E.left(notFound(MERCHANT_USER_NOT_FOUND));
    const deleted = await this.users.delete(storeId, userId);
    return E.isLeft(deleted) ? E.left(merchantUserRefusal(deleted.left)) : E.right(undefined);
  }
}
