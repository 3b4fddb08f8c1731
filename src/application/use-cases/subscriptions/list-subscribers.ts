import { inject, injectable } from 'inversify';
import type { Page } from '../../../domain/query/page.js';
import type { QueryParams } from '../../../domain/query/query-params.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { SUBSCRIBER_LIST } from '../../../domain/subscriptions/subscriber-query.js';
import type { Subscriber } from '../../../domain/subscriptions/subscriber.js';
import type { StoreRepository } from '../../ports/stores/store-repository.js';
import type { SubscriberRepository } from '../../ports/subscriptions/subscriber-repository.js';
import { TOKENS } from '../../tokens.js';
import { listPage } from '../list-page.js';
import type { Result } from './subscribers.js';

@injectable()
export class ListSubscribers {
  constructor(
    @inject(TOKENS.SubscriberRepository) private readonly subscribers: SubscriberRepository,
    @inject(TOKENS.StoreRepository) private readonly stores: StoreRepository,
  ) {}

  execute(storeId: Uuid, params: QueryParams): Result<Page<Subscriber>> {
    return listPage(this.stores, storeId, params, SUBSCRIBER_LIST, (query) => this.subscribers.list(storeId, query));
  }
}
