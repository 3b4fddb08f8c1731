import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { FilterRules } from '../../../domain/query/filter.js';
import { parseInclude } from '../../../domain/query/include.js';
import { parseListQuery } from '../../../domain/query/list-query.js';
import type { PageRequest } from '../../../domain/query/page.js';
import { singleParam, type QueryParams } from '../../../domain/query/query-params.js';
import { issue, notFound, validationFailed, type DomainError } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import { OFFERING_NOT_FOUND, type Offering } from '../../../domain/subscription/offering.js';
import { planPrices } from '../../../domain/subscription/pricing.js';
import { parseNewSubscription, parseStateAction } from '../../../domain/subscription/subscription-input.js';
import { applyStateAction, type SubscriptionStateRecord } from '../../../domain/subscription/subscription-state.js';
import { invoiceAfter, SUBSCRIPTION_NOT_FOUND, type Subscription } from '../../../domain/subscription/subscription.js';
import type { OfferingRepository } from '../../ports/offering-repository.js';
import type { StoreRepository } from '../../ports/store-repository.js';
import type { SubscriptionFilterField, SubscriptionInclude, SubscriptionPage, SubscriptionRepository } from '../../ports/subscription-repository.js';
import type { Clock, IdGenerator } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { requireStore } from '../store-lookup.js';

export const SUBSCRIPTION_FILTERS: FilterRules<SubscriptionFilterField> = {
  account_id: ['eq', 'in'],
  name: ['eq', 'in'],
  email: ['eq', 'in'],
  external_ref: ['eq', 'in'],
};
export const SUBSCRIPTION_INCLUDES: readonly SubscriptionInclude[] = ['plans', 'products'];

/** A subscription with the offering version it was made from, and what the caller asked to include. */
export interface SubscriptionView {
  readonly subscription: Subscription;
  readonly offering: Offering;
  readonly include: ReadonlySet<SubscriptionInclude>;
}

export type SubscriptionList = SubscriptionPage & { readonly page: PageRequest; readonly include: ReadonlySet<SubscriptionInclude> };

@injectable()
export class Subscriptions {
  constructor(
    @inject(TOKENS.SubscriptionRepository) private readonly subscriptions: SubscriptionRepository,
    @inject(TOKENS.OfferingRepository) private readonly offerings: OfferingRepository,
    @inject(TOKENS.StoreRepository) private readonly stores: StoreRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.IdGenerator) private readonly ids: IdGenerator,
  ) {}

  /** Subscribes an account to one plan of an offering, in a currency that plan is priced in. */
  async create(storeId: Uuid, data: unknown): Promise<E.Either<DomainError, SubscriptionView>> {
    const input = parseNewSubscription(data);
    if (E.isLeft(input)) return E.left(validationFailed(input.left));
    const offering = await this.offerings.findById(storeId, input.right.offering_id);
    if (offering === undefined) return E.left(notFound(OFFERING_NOT_FOUND));
    const plan = offering.plans.find((p) => p.id === input.right.plan_id);
    if (plan === undefined) return E.left(validationFailed([issue('data.plan_id', "must be one of the offering's plans")]));
    const currencies = Object.keys(planPrices(offering.products, plan)).sort();
    if (!currencies.includes(input.right.currency)) {
      const priced = currencies.length === 0 ? 'the plan has no price' : `the plan is priced in ${currencies.join(', ')}`;
      return E.left(validationFailed([issue('data.currency', `must be a currency the plan is priced in; ${priced}`)]));
    }

    const now = this.clock.now();
    const subscription: Subscription = {
      id: this.ids.uuid(),
      storeId,
      accountId: input.right.account_id,
      offeringId: offering.id,
      offeringVersionId: await this.subscriptions.snapshotOffering(offering),
      planId: plan.id,
      currency: input.right.currency,
      name: input.right.name,
      email: input.right.email,
      ...(input.right.external_ref === undefined ? {} : { externalRef: input.right.external_ref }),
      paymentAuthority: input.right.payment_authority,
      manualPayments: input.right.manual_payments ?? false,
      flags: { canceled: false, paused: false, suspended: false, pending: false },
      timestamps: { createdAt: now, updatedAt: now },
      invoiceAfter: invoiceAfter(now, plan.attributes),
    };
    await this.subscriptions.insert(subscription);
    return E.right({ subscription, offering, include: new Set() });
  }

  async get(storeId: Uuid, id: string, params: QueryParams): Promise<E.Either<DomainError, SubscriptionView>> {
    const include = E.flatMap(singleParam(params, 'include'), (raw) => parseInclude(raw, SUBSCRIPTION_INCLUDES));
    if (E.isLeft(include)) return E.left(validationFailed(include.left));
    const subscriptionId = parseUuid(id);
    const found = subscriptionId === undefined ? undefined : await this.subscriptions.findById(storeId, subscriptionId);
    return found === undefined ? E.left(notFound(SUBSCRIPTION_NOT_FOUND)) : E.right({ ...found, include: include.right });
  }

  /** Filtered, paged, newest first, with the related plans and products when asked. */
  async list(storeId: Uuid, params: QueryParams): Promise<E.Either<DomainError, SubscriptionList>> {
    const store = await requireStore(this.stores, storeId);
    if (E.isLeft(store)) return store;
    const query = parseListQuery(params, { filter: SUBSCRIPTION_FILTERS, include: SUBSCRIPTION_INCLUDES, defaultLimit: store.right.pageLength });
    if (E.isLeft(query)) return E.left(validationFailed(query.left));
    const page = await this.subscriptions.list(storeId, query.right);
    return E.right({ ...page, page: query.right.page, include: query.right.include });
  }

  /** cancel, pause or resume, as the subscription's plan allows and its current state permits. */
  async changeState(storeId: Uuid, id: string, data: unknown): Promise<E.Either<DomainError, SubscriptionStateRecord>> {
    const subscriptionId = parseUuid(id);
    if (subscriptionId === undefined) return E.left(notFound(SUBSCRIPTION_NOT_FOUND));
    const action = parseStateAction(data);
    if (E.isLeft(action)) return E.left(validationFailed(action.left));
    const now = this.clock.now();
    const stateId = this.ids.uuid();
    const applied = await this.subscriptions.applyState(storeId, subscriptionId, (subscription, offering) => {
      const plan = offering.plans.find((p) => p.id === subscription.planId);
      if (plan === undefined) throw new Error(`plan ${subscription.planId} is missing from its offering snapshot`);
      return applyStateAction(subscription, plan.attributes, action.right, now, stateId);
    });
    if (E.isRight(applied)) return applied;
    return E.left(applied.left === 'not-found' ? notFound(SUBSCRIPTION_NOT_FOUND) : applied.left);
  }

  async listStates(storeId: Uuid, id: string): Promise<E.Either<DomainError, readonly SubscriptionStateRecord[]>> {
    const subscriptionId = parseUuid(id);
    const states = subscriptionId === undefined ? undefined : await this.subscriptions.listStates(storeId, subscriptionId);
    return states === undefined ? E.left(notFound(SUBSCRIPTION_NOT_FOUND)) : E.right(states);
  }
}
