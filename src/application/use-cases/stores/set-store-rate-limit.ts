import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { BUDGET_BELOW_RESERVATIONS, parseStoreBudget } from '../../../domain/rate-limits/store-budget.js';
import { conflict, type DomainError, notFound, validationFailed } from '../../../domain/shared/errors.js';
import type { Store } from '../../../domain/stores/store.js';
import type { StoreRepository } from '../../ports/stores/store-repository.js';
import { TOKENS } from '../../tokens.js';
import { parseStoreId, STORE_NOT_FOUND } from './store-lookup.js';

/**
 * The operator sets a store's request budget (the library's use case, and the CLI's `set-rate-limit`);
 * a store cannot change its own, as on EPCC. A budget below what its keys already reserve is a conflict:
 * reservations are promises, and lowering them is the store's decision, key by key.
 */
@injectable()
export class SetStoreRateLimit {
  constructor(@inject(TOKENS.StoreRepository) private readonly stores: StoreRepository) {}

  async execute(storeId: string, rateLimit: unknown): Promise<E.Either<DomainError, Store>> {
    const budget = parseStoreBudget(rateLimit);
    if (E.isLeft(budget)) return E.left(validationFailed(budget.left));
    const id = parseStoreId(storeId);
    if (E.isLeft(id)) return id;
    const set = await this.stores.setRateLimit(id.right, budget.right);
    if (E.isRight(set)) return set;
    return E.left(
      set.left._tag === 'Missing'
        ? notFound(STORE_NOT_FOUND)
        : conflict(BUDGET_BELOW_RESERVATIONS, 'budget_below_reservations'),
    );
  }
}
