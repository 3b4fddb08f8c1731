import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { notFound } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import type { SubscriberRepository } from '../../ports/subscriptions/subscriber-repository.js';
import { TOKENS } from '../../tokens.js';
import { type Result, NOT_FOUND } from './subscribers.js';

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
