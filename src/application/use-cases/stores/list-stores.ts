import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { parseListQuery } from '../../../domain/query/list-query.js';
import { PAGE_LIMIT_MAX, type Page } from '../../../domain/query/page.js';
import type { QueryParams } from '../../../domain/query/query-params.js';
import { type DomainError, validationFailed } from '../../../domain/shared/errors.js';
import { STORE_LIST, type StoreSummary } from '../../../domain/stores/store-summary.js';
import type { StoreRepository } from '../../ports/stores/store-repository.js';
import { TOKENS } from '../../tokens.js';

/**
 * The operator's survey of every store, one page at a time (`page[offset]`, `page[limit]`), newest first
 * as every list. No store's page length applies here, so a page holds as many stores as any list allows.
 */
@injectable()
export class ListStores {
  constructor(@inject(TOKENS.StoreRepository) private readonly stores: StoreRepository) {}

  async execute(params: QueryParams): Promise<E.Either<DomainError, Page<StoreSummary>>> {
    const query = parseListQuery(params, { ...STORE_LIST, defaultLimit: PAGE_LIMIT_MAX });
    return E.isLeft(query) ? E.left(validationFailed(query.left)) : E.right(await this.stores.list(query.right));
  }
}
