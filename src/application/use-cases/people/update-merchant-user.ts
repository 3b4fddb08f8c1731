import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { MERCHANT_USER_NOT_FOUND, type MerchantUser } from '../../../domain/people/merchant-user.js';
import { parseMerchantUserChanges } from '../../../domain/people/merchant-user-input.js';
import { type DomainError, notFound, validationFailed } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import { PEOPLE_TOKENS } from '../../people-tokens.js';
import type { ConsoleSessionRepository } from '../../ports/people/console-session-repository.js';
import type { MerchantUserRepository } from '../../ports/people/merchant-user-repository.js';
import type { Clock } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { merchantUserRefusal } from './merchant-users.js';

/**
 * `PUT /v2/merchant-users/:id`: a partial update of a person's name, email and role. A new role ends the
 * person's console sessions, so that what a browser was granted under the old one is signed out everywhere.
 */
@injectable()
export class UpdateMerchantUser {
  constructor(
    @inject(PEOPLE_TOKENS.MerchantUserRepository) private readonly users: MerchantUserRepository,
    @inject(PEOPLE_TOKENS.ConsoleSessionRepository) private readonly sessions: ConsoleSessionRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
  ) {}

  async execute(storeId: Uuid, id: string, data: unknown): Promise<E.Either<DomainError, MerchantUser>> {
    const userId = parseUuid(id);
    if (userId === undefined) return E.left(notFound(MERCHANT_USER_NOT_FOUND));
    const changes = parseMerchantUserChanges(data);
    if (E.isLeft(changes)) return E.left(validationFailed(changes.left));
    const now = this.clock.now();
    let roleBefore: MerchantUser['role'] | undefined;
    const updated = await this.users.update(storeId, userId, (current) => {
      roleBefore = current.role;
      return { ...current, ...changes.right, updatedAt: now };
    });
    if (E.isLeft(updated)) return E.left(merchantUserRefusal(updated.left));
    if (roleBefore !== updated.right.role)
      await this.sessions.deleteForSubject(storeId, { kind: 'user', id: updated.right.id });
    return updated;
  }
}
