import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { MERCHANT_USER_NOT_FOUND, type MerchantUser } from '../../../domain/people/merchant-user.js';
import { type DomainError, notFound } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { PEOPLE_TOKENS } from '../../people-tokens.js';
import type { MerchantUserRepository } from '../../ports/people/merchant-user-repository.js';
import { findMerchantUser } from './merchant-users.js';

/** `GET /v2/merchant-users/:id`. */
@injectable()
export class GetMerchantUser {
  constructor(@inject(PEOPLE_TOKENS.MerchantUserRepository) private readonly users: MerchantUserRepository) {}

  async execute(storeId: Uuid, id: string): Promise<E.Either<DomainError, MerchantUser>> {
    const found = await findMerchantUser(this.users, storeId, id);
    return found === undefined ? E.left(notFound(MERCHANT_USER_NOT_FOUND)) : E.right(found);
  }
}
