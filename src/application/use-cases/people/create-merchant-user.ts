import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { type MerchantUser, newMerchantUser } from '../../../domain/people/merchant-user.js';
import { parseNewMerchantUser } from '../../../domain/people/merchant-user-input.js';
import { type DomainError, validationFailed } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { PEOPLE_TOKENS } from '../../people-tokens.js';
import type { MerchantUserRepository } from '../../ports/people/merchant-user-repository.js';
import type { Clock, IdGenerator } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { merchantUserRefusal } from './merchant-users.js';

/** `POST /v2/merchant-users`: one of the merchant's people, with a role; they sign in once given a credential. */
@injectable()
export class CreateMerchantUser {
  constructor(
    @inject(PEOPLE_TOKENS.MerchantUserRepository) private readonly users: MerchantUserRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(storeId: Uuid, data: unknown): Promise<E.Either<DomainError, MerchantUser>> {
    const fields = parseNewMerchantUser(data);
    if (E.isLeft(fields)) return E.left(validationFailed(fields.left));
    const stored = await this.users.insert(newMerchantUser(this.ids.uuid(), storeId, fields.right, this.clock.now()));
    return E.isLeft(stored) ? E.left(merchantUserRefusal(stored.left)) : stored;
  }
}
