import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { type ProrationPolicyInUse, prorated } from '../../../domain/billing/proration/proration.js';
import { type DomainError, issue, validationFailed } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { parseUuid } from '../../../domain/shared/uuid.js';
import { applySubscriptionChanges } from '../../../domain/subscriptions/subscription-changes.js';
import { parseSubscriptionChanges } from '../../../domain/subscriptions/subscription-input.js';
import type { OfferingProrationRepository } from '../../ports/billing/offering-proration-repository.js';
import type { ProrationPolicyRepository } from '../../ports/store-record-repository.js';
import type {
  SubscriptionRepository,
  SubscriptionWithOffering,
} from '../../ports/subscriptions/subscription-repository.js';
import type { Clock } from '../../ports/system.js';
import type { StoreClock } from '../../ports/test-clocks/store-clock.js';
import { TOKENS } from '../../tokens.js';
import { changeSubscription } from './change-subscription.js';

@injectable()
export class UpdateSubscription {
  constructor(
    @inject(TOKENS.SubscriptionRepository) private readonly subscriptions: SubscriptionRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.StoreClock) private readonly storeClock: StoreClock,
    @inject(TOKENS.OfferingProrationRepository) private readonly offeringProration: OfferingProrationRepository,
    @inject(TOKENS.ProrationPolicyRepository) private readonly prorationPolicies: ProrationPolicyRepository,
  ) {}

  /**
   * A partial update, decided with the subscription locked: its fields, and a move to another plan of its
   * offering, prorated under the offering's proration policy as it stands when the plan switches.
   */
  async execute(storeId: Uuid, id: string, data: unknown): Promise<E.Either<DomainError, SubscriptionWithOffering>> {
    const heldAt = await this.storeClock.heldAt(storeId);
    const parsed = parseSubscriptionChanges(data);
    const policy =
      E.isRight(parsed) && parsed.right.plan_id !== undefined ? await this.policyOf(storeId, id) : undefined;
    return changeSubscription(
      this.subscriptions,
      storeId,
      id,
      parsed,
      (subscription, offering, changes, latestInvoiced) => {
        const now = heldAt ?? this.clock.now();
        const changed = applySubscriptionChanges(subscription, offering, changes, now);
        if (E.isLeft(changed)) return changed;
        const switched = prorated(subscription, changed.right, offering, latestInvoiced, policy, now);
        return E.isRight(switched)
          ? switched
          : E.left(validationFailed([issue('data.attributes.plan_id', switched.left)]));
      },
    );
  }

  /** The proration policy of the subscription's offering, read before its lock: the offering never changes. */
  private async policyOf(storeId: Uuid, id: string): Promise<ProrationPolicyInUse | undefined> {
    const subscriptionId = parseUuid(id);
    const found = subscriptionId === undefined ? undefined : await this.subscriptions.findById(storeId, subscriptionId);
    const policyId =
      found === undefined ? undefined : await this.offeringProration.policyIdOf(storeId, found.subscription.offeringId);
    const policy = policyId === undefined ? undefined : await this.prorationPolicies.findById(storeId, policyId);
    return policy === undefined ? undefined : { id: policy.id, rounding: policy.attributes.rounding };
  }
}
