import { inject, injectable } from 'inversify';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { SubscriptionRepository } from '../../ports/subscriptions/subscription-repository.js';
import { TOKENS } from '../../tokens.js';

/** Subscriptions looked at per step of the walk; those whose document is made are locked together. */
export const DOCUMENT_WALK_BATCH = 500;

/**
 * Makes the documents the subscriptions keep for lists where they have none current: those written before
 * documents were kept, in an older format, or changed by an older version during a rolling upgrade. A list
 * reads such a row whole and makes its document each time; after this walk it reads its text. Run by the
 * service once after it starts, in the background; every change written since keeps its own.
 */
@injectable()
export class KeepSubscriptionDocuments {
  constructor(@inject(TOKENS.SubscriptionRepository) private readonly subscriptions: SubscriptionRepository) {}

  /**
   * Walks every subscription once, until the end or until `stopped` says so: how many documents it made, and
   * whether it reached the end.
   */
  async execute(stopped: () => boolean = () => false): Promise<{ readonly made: number; readonly finished: boolean }> {
    let made = 0;
    let after: Uuid | undefined;
    do {
      const step = await this.subscriptions.keepDocuments(after, DOCUMENT_WALK_BATCH);
      made += step.made;
      after = step.next;
    } while (after !== undefined && !stopped());
    return { made, finished: after === undefined };
  }
}
