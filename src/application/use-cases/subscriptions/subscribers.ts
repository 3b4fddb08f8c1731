import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { Page } from '../../../domain/query/page.js';
import type { QueryParams } from '../../../domain/query/query-params.js';
import { notFound, validationFailed, type DomainError } from '../../../domain/shared/errors.js';
import { applyChanges } from '../../../domain/shared/record-parser.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import { SUBSCRIBER_LIST } from '../../../domain/subscriptions/subscriber-query.js';
import {
  parseNewSubscriber,
  parseSubscriberChanges,
  type Subscriber,
} from '../../../domain/subscriptions/subscriber.js';
import type { StoreRepository } from '../../ports/stores/store-repository.js';
import type { SubscriberRepository } from '../../ports/subscriptions/subscriber-repository.js';
import type { Clock, IdGenerator } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { listPage } from '../list-page.js';

type Result<A> = Promise<E.Either<DomainError, A>>;

const NOT_FOUND = 'subscriber not found';

@injectable()
export class CreateSubscriber {
  constructor(
    @inject(TOKENS.SubscriberRepository) private readonly subscribers: SubscriberRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async execute(storeId: Uuid, data: unknown): Result<Subscriber> {
    const attributes = parseNewSubscriber(data);
    if (E.isLeft(attributes)) return E.left(validationFailed(attributes.left));
    const now = this.clock.now();
    const subscriber: Subscriber = {
      id: this.ids.uuid(),
      storeId,
      attributes: attributes.right,
      createdAt: now,
      updatedAt: now,
    };
    await this.subscribers.insert(subscriber);
    return E.right(subscriber);
  }
}

@injectable()
export class GetSubscriber {
  constructor(@inject(TOKENS.SubscriberRepository) private readonly subscribers: SubscriberRepository) {}

  async execute(storeId: Uuid, id: string): Result<Subscriber> {
    const subscriberId = parseUuid(id);
    const found = subscriberId === undefined ? undefined : await this.subscribers.findById(storeId, subscriberId);
    return found === undefined ? E.left(notFound(NOT_FOUND)) : E.right(found);
  }
}

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

/** A partial update: fields left out keep their values. */
@injectable()
export class UpdateSubscriber {
  constructor(
    @inject(TOKENS.SubscriberRepository) private readonly subscribers: SubscriberRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
  ) {}

  async execute(storeId: Uuid, id: string, data: unknown): Result<Subscriber> {
    const subscriberId = parseUuid(id);
    if (subscriberId === undefined) return E.left(notFound(NOT_FOUND));
    const changes = parseSubscriberChanges(data);
    if (E.isLeft(changes)) return E.left(validationFailed(changes.left));
    const now = this.clock.now();
    const updated = await this.subscribers.update(storeId, subscriberId, (current) => ({
      ...current,
      attributes: applyChanges(current.attributes, changes.right),
      updatedAt: now,
    }));
    return updated === undefined ? E.left(notFound(NOT_FOUND)) : E.right(updated);
  }
}

/** Nothing refers to a subscriber (EPCC's subscriptions carry their own account, name and email), so it always goes. */
@injectable()
export class DeleteSubscriber {
  constructor(@inject(TOKENS.SubscriberRepository) private readonly subscribers: SubscriberRepository) {}

  async execute(storeId: Uuid, id: string): Result<void> {
    const subscriberId = parseUuid(id);
    if (subscriberId === undefined) return E.left(notFound(NOT_FOUND));
    const deleted = await this.subscribers.delete(storeId, subscriberId);
    return E.isLeft(deleted) ? E.left(notFound(NOT_FOUND)) : E.right(undefined);
  }
}
