import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { notFound, validationFailed } from '../../../domain/shared/errors.js';
import { applyChanges } from '../../../domain/shared/record-parser.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import { parseSubscriberChanges, type Subscriber } from '../../../domain/subscriptions/subscriber.js';
import type { SubscriberRepository } from '../../ports/subscriptions/subscriber-repository.js';
import type { Clock } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { type Result, NOT_FOUND } from './subscribers.js';

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
