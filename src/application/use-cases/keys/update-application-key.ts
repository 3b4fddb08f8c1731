import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { ApplicationKey } from '../../../domain/keys/application-key.js';
import { parseApplicationKeyChanges } from '../../../domain/keys/application-key-input.js';
import { applyApplicationKeyChanges } from '../../../domain/keys/apply-changes.js';
import { RESERVATION_EXCEEDS_BUDGET, reservationFits } from '../../../domain/keys/reservation-budget.js';
import { conflict, type DomainError, notFound, validationFailed } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import type { ApplicationKeyRepository } from '../../ports/keys/application-key-repository.js';
import type { Clock } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { APPLICATION_KEY_NOT_FOUND } from './get-application-key.js';

@injectable()
export class UpdateApplicationKey {
  constructor(
    @inject(TOKENS.ApplicationKeyRepository) private readonly keys: ApplicationKeyRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
  ) {}

  /** A partial update: fields left out keep their values. The budget is checked only when the reservation changes. */
  async execute(storeId: Uuid, id: string, data: unknown): Promise<E.Either<DomainError, ApplicationKey>> {
    const keyId = parseUuid(id);
    if (keyId === undefined) return E.left(notFound(APPLICATION_KEY_NOT_FOUND));
    const changes = parseApplicationKeyChanges(data);
    if (E.isLeft(changes)) return E.left(validationFailed(changes.left));
    const now = this.clock.now();
    const updated = await this.keys.update(
      storeId,
      keyId,
      (current) => applyApplicationKeyChanges(current, changes.right, now),
      (budget, next) =>
        changes.right.reservedRateLimit === undefined || reservationFits(budget, next.reservedRateLimit),
    );
    if (E.isRight(updated)) return updated;
    return E.left(
      updated.left._tag === 'Missing'
        ? notFound(APPLICATION_KEY_NOT_FOUND)
        : conflict(RESERVATION_EXCEEDS_BUDGET, 'reservation_over_budget'),
    );
  }
}
