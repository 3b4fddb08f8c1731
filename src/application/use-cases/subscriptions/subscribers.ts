import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { validationFailed, type DomainError } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { parseNewSubscriber, type Subscriber } from '../../../domain/subscriptions/subscriber.js';
import type { SubscriberRepository } from '../../ports/subscriptions/subscriber-repository.js';
import type { Clock, IdGenerator } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';

export type Result<A> = Promise<E.Either<DomainError, A>>;

export const NOT_FOUND = 'subscriber not found';

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
