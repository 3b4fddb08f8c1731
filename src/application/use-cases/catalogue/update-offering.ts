import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable, optional } from 'inversify';
import { PRORATION_POLICIES } from '../../../domain/billing/proration/proration-policy.js';
import { nextVersion, OFFERING_NOT_FOUND, type Offering } from '../../../domain/catalogue/offering.js';
import { OFFERING_EVENTS } from '../../../domain/catalogue/offering-events.js';
import { parseOfferingChanges } from '../../../domain/catalogue/offering-input.js';
import { type OfferingUpdate2025, parseOfferingUpdate2025 } from '../../../domain/catalogue/offering-input-2025.js';
import type { SubscriptionsGeneration } from '../../../domain/settings/subscriptions-generation.js';
import { type DomainError, notFound, validationFailed } from '../../../domain/shared/errors.js';
import { applyChanges } from '../../../domain/shared/record-parser.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import type { Parsed } from '../../../domain/shared/validation.js';
import type { OfferingProrationRepository } from '../../ports/billing/offering-proration-repository.js';
import type { OfferingRepository } from '../../ports/catalogue/offering-repository.js';
import type { Clock } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';

/** How each generation's `PUT /offerings/{id}` reads its body: 2024 names attributes only. */
const UPDATE: Readonly<Record<SubscriptionsGeneration, (data: unknown) => Parsed<OfferingUpdate2025>>> = {
  '2024': (data) => E.map((attributes: object) => ({ attributes }))(parseOfferingChanges(data)),
  '2025': parseOfferingUpdate2025,
};

@injectable()
export class UpdateOffering {
  constructor(
    @inject(TOKENS.OfferingRepository) private readonly offerings: OfferingRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.OfferingProrationRepository) @optional() private readonly prorations?: OfferingProrationRepository,
  ) {}

  /**
   * Changes the offering's own attributes (new subscriptions see a new version, existing ones keep theirs)
   * and, in 2025, the proration policy it uses (`null`: none), which applies to all its subscriptions.
   */
  async execute(
    storeId: Uuid,
    id: string,
    data: unknown,
    generation: SubscriptionsGeneration = '2024',
  ): Promise<E.Either<DomainError, Offering>> {
    const offeringId = parseUuid(id);
    if (offeringId === undefined) return E.left(notFound(OFFERING_NOT_FOUND));
    const changes = UPDATE[generation](data);
    if (E.isLeft(changes)) return E.left(validationFailed(changes.left));
    const { attributes, prorationPolicy } = changes.right;
    // The policy first: a refused policy leaves the attributes as they were.
    if (prorationPolicy !== undefined) {
      if (this.prorations === undefined) throw new Error('changing a proration policy needs its repository');
      const used = await this.prorations.use(storeId, offeringId, prorationPolicy ?? undefined);
      if (E.isLeft(used))
        return E.left(notFound(used.left._tag === 'Missing' ? OFFERING_NOT_FOUND : PRORATION_POLICIES.notFound));
    }
    if (prorationPolicy !== undefined && Object.keys(attributes).length === 0) {
      const offering = await this.offerings.findById(storeId, offeringId);
      return offering === undefined ? E.left(notFound(OFFERING_NOT_FOUND)) : E.right(offering);
    }
    const now = this.clock.now();
    const updated = await this.offerings.update(
      storeId,
      offeringId,
      (o) => nextVersion(o, { attributes: applyChanges(o.attributes, attributes) }, now),
      (o) => [OFFERING_EVENTS.updated(o)],
    );
    return E.isLeft(updated) ? E.left(notFound(OFFERING_NOT_FOUND)) : updated;
  }
}
