import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { notFound } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import type { Subscriber } from '../../../domain/subscriptions/subscriber.js';
import type { SubscriberRepository } from '../../ports/subscriptions/subscriber-repository.js';
import { TOKENS } from '../../tokens.js';
import { type Result, NOT_FOUND } from './subscribers.js';

@injectable()
export class GetSubscriber {
  constructor(@inject(TOKENS.SubscriberRepository) private readonly subscribers: SubscriberRepository) {}

  async execute(storeId: Uuid, id: string): Result<Subscriber> {
    const subscriberId = parseUuid(id);
    const found = subscriberId === undefined ? undefined : await this.subscribers.findById(storeId, subscriberId);
    return found === undefined ? E.left(notFound(NOT_FOUND)) : E.right(found);
  }
}
