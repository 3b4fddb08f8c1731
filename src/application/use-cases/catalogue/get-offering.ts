import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { Offering } from '../../../domain/catalogue/offering.js';
import { OFFERING_LISTS, type OfferingIncludeOf } from '../../../domain/catalogue/offering-query.js';
import { parseInclude } from '../../../domain/query/include.js';
import { type QueryParams, queryParams, singleParam } from '../../../domain/query/query-params.js';
import type { SubscriptionsGeneration } from '../../../domain/settings/subscriptions-generation.js';
import { type DomainError, validationFailed } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { OfferingRepository } from '../../ports/catalogue/offering-repository.js';
import { TOKENS } from '../../tokens.js';
import { findOffering } from './offering-lookup.js';

/** The copies the caller asked to embed beside the offerings (`include`). */
export interface OfferingsIncluded<G extends SubscriptionsGeneration = '2024'> {
  readonly include: ReadonlySet<OfferingIncludeOf<G>>;
}

/** One offering, and the copies asked to be embedded beside it. */
export interface OfferingWithIncludes<G extends SubscriptionsGeneration = '2024'> extends OfferingsIncluded<G> {
  readonly offering: Offering;
}

@injectable()
export class GetOffering {
  constructor(@inject(TOKENS.OfferingRepository) private readonly offerings: OfferingRepository) {}

  /** The offering, and which of its copies `include` asks to embed. */
  async execute<G extends SubscriptionsGeneration = '2024'>(
    storeId: Uuid,
    id: string,
    params: QueryParams = queryParams([]),
    generation: G = '2024' as G,
  ): Promise<E.Either<DomainError, OfferingWithIncludes<G>>> {
    const rules = OFFERING_LISTS[generation];
    const include = E.flatMap(singleParam(params, 'include'), (raw) => parseInclude(raw, rules.include ?? []));
    if (E.isLeft(include)) return E.left(validationFailed(include.left));
    return E.map((offering: Offering) => ({ offering, include: include.right }))(
      await findOffering(this.offerings, storeId, id),
    );
  }
}
