import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { parseNewApplicationKey } from '../../../domain/keys/application-key-input.js';
import { RESERVATION_EXCEEDS_BUDGET, reservationFits } from '../../../domain/keys/reservation-budget.js';
import { conflict, type DomainError, notFound, validationFailed } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { ApplicationKeyRepository } from '../../ports/keys/application-key-repository.js';
import type { Clock, IdGenerator, Secrets } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { STORE_NOT_FOUND } from '../stores/store-lookup.js';
import { type MintedApplicationKey, mintApplicationKey } from './mint-application-key.js';

@injectable()
export class CreateApplicationKey {
  constructor(
    @inject(TOKENS.ApplicationKeyRepository) private readonly keys: ApplicationKeyRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(TOKENS.Secrets) private readonly secrets: Secrets,
  ) {}

  /** `data` is untrusted: the `data` object of a request body, or an embedder's object of the same shape. */
  async execute(storeId: Uuid, data: unknown): Promise<E.Either<DomainError, MintedApplicationKey>> {
    const draft = parseNewApplicationKey(data);
    if (E.isLeft(draft)) return E.left(validationFailed(draft.left));
    const minted = mintApplicationKey(
      { clock: this.clock, ids: this.ids, secrets: this.secrets },
      storeId,
      draft.right,
    );
    const stored = await this.keys.insert(minted.key, (budget) =>
      reservationFits(budget, minted.key.reservedRateLimit),
    );
    if (E.isRight(stored)) return E.right(minted);
    return E.left(
      stored.left._tag === 'Missing'
        ? notFound(STORE_NOT_FOUND)
        : conflict(RESERVATION_EXCEEDS_BUDGET, 'reservation_over_budget'),
    );
  }
}
