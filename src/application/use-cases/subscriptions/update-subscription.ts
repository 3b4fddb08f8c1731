import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { type ProrationPolicyInUse, prorated } from '../../../domain/billing/proration/proration.js';
import { type ProrationPreview, previewOf } from '../../../domain/billing/proration/proration-preview.js';
import type { Offering } from '../../../domain/catalogue/offering.js';
import type { SubscriptionsGeneration } from '../../../domain/settings/subscriptions-generation.js';
import { type DomainError, issue, notFound, validationFailed } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { parseUuid } from '../../../domain/shared/uuid.js';
import type { Parsed } from '../../../domain/shared/validation.js';
import { applyProductChanges, leavesProductsAsTheyAre } from '../../../domain/subscriptions/product-changes.js';
import { SUBSCRIPTION_NOT_FOUND, type Subscription } from '../../../domain/subscriptions/subscription.js';
import { applySubscriptionChanges } from '../../../domain/subscriptions/subscription-changes.js';
import { heldEligibly } from '../../../domain/subscriptions/subscription-copies.js';
import {
  parseSubscriptionChanges,
  type SubscriptionChanges,
} from '../../../domain/subscriptions/subscription-input.js';
import {
  parseProrationPreviewRequest,
  parseSubscriptionUpdate2025,
  type SubscriptionUpdate2025,
  updateErrorOn2025Wire,
} from '../../../domain/subscriptions/subscription-input-2025.js';
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

/** The request field a refused switch names (`data.attributes.pricing_option_id` on the 2025 wire). */
const PLAN_SOURCE = 'data.attributes.plan_id';

/** What a preview's decision answers so that its transaction stores nothing; it never leaves this file. */
const NOT_STORED = notFound('a preview stores nothing');

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
  async execute(
    storeId: Uuid,
    id: string,
    data: unknown,
    generation: SubscriptionsGeneration = '2024',
  ): Promise<E.Either<DomainError, SubscriptionWithOffering>> {
    if (generation === '2025') return this.execute2025(storeId, id, data);
    const parsed = E.map((changes: SubscriptionChanges): SubscriptionUpdate2025 => ({ changes }))(
      parseSubscriptionChanges(data),
    );
    return this.change(storeId, id, parsed);
  }

  /**
   * The 2025 wire's update: a `pricing_option_id` is the plan switch, a `plan_id` the products held replaced
   * by that one, both decided under one lock by the same rules as 2024's update and product changes.
   */
  private async execute2025(
    storeId: Uuid,
    id: string,
    data: unknown,
  ): Promise<E.Either<DomainError, SubscriptionWithOffering>> {
    const parsed = parseSubscriptionUpdate2025(data);
    if (E.isLeft(parsed)) {
      // An unknown subscription is a 404 before its body is judged, as on the 2024 wire.
      return parseUuid(id) === undefined ? E.left(notFound(SUBSCRIPTION_NOT_FOUND)) : parsed;
    }
    const changed = await this.change(storeId, id, E.right(parsed.right));
    return E.isLeft(changed) ? E.left(updateErrorOn2025Wire(changed.left)) : changed;
  }

  /**
   * EPCC 2026-10's proration preview: the switch decided exactly as `execute` decides it, with the
   * subscription locked, then not stored; what it would do to the charges is read off the switched
   * subscription. Refused as the 2025 update is (a plan or pricing option the offering lacks: 400).
   */
  async previewProration(storeId: Uuid, id: string, data: unknown): Promise<E.Either<DomainError, ProrationPreview>> {
    const asked = parseProrationPreviewRequest(data);
    if (E.isLeft(asked)) return parseUuid(id) === undefined ? E.left(notFound(SUBSCRIPTION_NOT_FOUND)) : asked;
    let preview: ProrationPreview | undefined;
    const decided = await this.change(storeId, id, E.right(asked.right), (before, switched, offering) => {
      preview = previewOf(before, switched, offering);
      return E.left(NOT_STORED);
    });
    if (preview !== undefined) return E.right(preview);
    return E.left(E.isLeft(decided) ? updateErrorOn2025Wire(decided.left) : NOT_STORED);
  }

  private async change(
    storeId: Uuid,
    id: string,
    parsed: Parsed<SubscriptionUpdate2025>,
    decide: (
      before: Subscription,
      switched: Subscription,
      offering: Offering,
    ) => E.Either<DomainError, Subscription> = (_before, switched) => E.right(switched),
  ): Promise<E.Either<DomainError, SubscriptionWithOffering>> {
    const heldAt = await this.storeClock.heldAt(storeId);
    const policy =
      E.isRight(parsed) && parsed.right.changes.plan_id !== undefined ? await this.policyOf(storeId, id) : undefined;
    // A switch of plan or products withdraws the pro-forma invoices priced before it (`withdrawnFrom`).
    const switches =
      E.isRight(parsed) && (parsed.right.changes.plan_id !== undefined || parsed.right.products !== undefined);
    return changeSubscription(
      this.subscriptions,
      storeId,
      id,
      parsed,
      (subscription, offering, { changes, products }, latestInvoiced) => {
        const now = heldAt ?? this.clock.now();
        const held =
          products === undefined || leavesProductsAsTheyAre(subscription, offering, products)
            ? E.right(subscription)
            : applyProductChanges(subscription, offering, products, now);
        if (E.isLeft(held)) return held;
        const changed = E.flatMap((s: Subscription) => heldEligibly(s, offering, PLAN_SOURCE))(
          applySubscriptionChanges(held.right, offering, changes, now),
        );
        if (E.isLeft(changed)) return changed;
        const switched = prorated(subscription, changed.right, offering, latestInvoiced, policy, now);
        return E.isRight(switched)
          ? decide(subscription, switched.right, offering)
          : E.left(validationFailed([issue(PLAN_SOURCE, switched.left)]));
      },
      switches ? { withdrawProFormaAt: heldAt ?? this.clock.now() } : {},
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
