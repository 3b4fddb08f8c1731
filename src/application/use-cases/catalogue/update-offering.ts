import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { nextVersion, OFFERING_NOT_FOUND, type Offering } from '../../../domain/catalogue/offering.js';
import { OFFERING_EVENTS } from '../../../domain/catalogue/offering-events.js';
import { parseOfferingChanges } from '../../../domain/catalogue/offering-input.js';
import { type DomainError, notFound, validationFailed } from '../../../domain/shared/errors.js';
import { applyChanges } from '../../../domain/shared/record-parser.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import type { OfferingRepository } from '../../ports/catalogue/offering-repository.js';
import type { Clock } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';

@injectable()
export class UpdateOffering {
  constructor(
    @inject(TOKENS.OfferingRepository) private readonly offerings: OfferingRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
  ) {}

  /** Changes the offering's own attributes; new subscriptions see a new version, existing ones keep theirs. */
  async execute(storeId: Uuid, id: string, data: unknown): Promise<E.Either<DomainError, Offering>> {
    const offeringId = parseUuid(id);
    if (offeringId === undefined) return E.left(notFound(OFFERING_NOT_FOUND));
    const changes = parseOfferingChanges(data);
    if (E.isLeft(changes)) return E.left(validationFailed(changes.left));
    const now = this.clock.now();
    const updated = await this.offerings.update(
      storeId,
      offeringId,
      (o) => nextVersion(o, { attributes: applyChanges(o.attributes, changes.right) }, now),
      (o) => [OFFERING_EVENTS.updated(o)],
    );
    return E.isLeft(updated) ? E.left(notFound(OFFERING_NOT_FOUND)) : updated;
  }
}
