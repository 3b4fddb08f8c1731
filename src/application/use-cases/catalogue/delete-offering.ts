import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { OFFERING_NOT_FOUND } from '../../../domain/catalogue/offering.js';
import { OFFERING_EVENTS } from '../../../domain/catalogue/offering-events.js';
import { type DomainError, notFound } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import type { OfferingRepository } from '../../ports/catalogue/offering-repository.js';
import { TOKENS } from '../../tokens.js';

@injectable()
export class DeleteOffering {
  constructor(@inject(TOKENS.OfferingRepository) private readonly offerings: OfferingRepository) {}

  /** Existing subscriptions keep their snapshot of the offering. */
  async execute(storeId: Uuid, id: string): Promise<E.Either<DomainError, void>> {
    const offeringId = parseUuid(id);
    const deleted =
      offeringId !== undefined &&
      (await this.offerings.delete(storeId, offeringId, [OFFERING_EVENTS.deleted(offeringId)]));
    return deleted ? E.right(undefined) : E.left(notFound(OFFERING_NOT_FOUND));
  }
}
