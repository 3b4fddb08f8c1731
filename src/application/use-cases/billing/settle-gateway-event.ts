import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { type DomainError, validationFailed } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import type { GatewayEvent, GatewayEvents, PaymentReference } from '../../ports/billing/gateway-events.js';
import type { PaymentRunStore } from '../../ports/billing/payment-run-store.js';
import type { DunningRuleRepository } from '../../ports/store-record-repository.js';
import type { SubscriptionRepository } from '../../ports/subscriptions/subscription-repository.js';
import type { IdGenerator } from '../../ports/system.js';
import type { StoreClock } from '../../ports/test-clocks/store-clock.js';
import { TOKENS } from '../../tokens.js';
import { retryPolicyOfStore } from './default-dunning-rule.js';
import { GatewayRefunds } from './gateway-refunds.js';
import { settleAttempt } from './settle-attempt.js';

/**
 * What a delivery did: `settled` a payment or a refund that was pending; changed nothing as it was
 * (`unchanged`: settled already, or still processing); or was `ignored` (not an event, or not a payment,
 * this store acts on). Each is an answer the gateway takes as received, so that it stops sending it.
 */
export interface GatewayEventHandled {
  readonly result: 'settled' | 'unchanged' | 'ignored';
  readonly detail: string;
}

const handled = (result: GatewayEventHandled['result'], detail: string): GatewayEventHandled => ({ result, detail });

interface Ids {
  readonly storeId: Uuid;
  readonly invoiceId: Uuid;
  readonly paymentId: Uuid;
}

/** The payment's ids when they are this store's and well formed; a gateway's metadata is text anyone with the account could write. */
const idsOf = (storeId: Uuid, reference: PaymentReference): Ids | undefined => {
  const invoiceId = parseUuid(reference.invoiceId);
  const paymentId = parseUuid(reference.paymentId);
  if (parseUuid(reference.storeId) !== storeId || invoiceId === undefined || paymentId === undefined) return undefined;
  return { storeId, invoiceId, paymentId };
};

const NOT_THIS_STORES = handled('ignored', 'the event names no payment of this store');

/**
 * A payment gateway's late answer (a webhook): verified by the gateway's adapter against the store's
 * signing secret, then settled exactly as the answer to the charge or the refund would have been, through
 * the same rules (`settleAttempt`, `GatewayRefunds.record`). Once: a twin delivery, or an answer for a
 * payment the payment run settled first, is refused by those rules under the invoice's lock and writes
 * nothing. An answer that leaves the payment pending (`processing`) changes nothing.
 */
@injectable()
export class SettleGatewayEvent {
  constructor(
    @inject(TOKENS.GatewayEvents) private readonly events: GatewayEvents,
    @inject(TOKENS.PaymentRunStore) private readonly invoices: PaymentRunStore,
    @inject(TOKENS.DunningRuleRepository) private readonly rules: DunningRuleRepository,
    @inject(TOKENS.SubscriptionRepository) private readonly subscriptions: SubscriptionRepository,
    @inject(TOKENS.StoreClock) private readonly clock: StoreClock,
    @inject(TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(GatewayRefunds) private readonly refunds: GatewayRefunds,
  ) {}

  /** `payload` is the body exactly as it arrived: the signature is over its text. */
  async execute(
    storeId: string,
    payload: string,
    signature: string | undefined,
  ): Promise<E.Either<DomainError, GatewayEventHandled>> {
    const verified = await this.events.verify(storeId, payload, signature);
    if (E.isLeft(verified)) return E.left(validationFailed(verified.left));
    // The store verified its own signing secret, so the path held one of its ids.
    const store = parseUuid(storeId);
    return E.right(store === undefined ? NOT_THIS_STORES : await this.handle(store, verified.right));
  }

  private async handle(storeId: Uuid, event: GatewayEvent): Promise<GatewayEventHandled> {
    if (event._tag === 'Ignored') return handled('ignored', event.why);
    const ids = idsOf(storeId, event.payment);
    if (ids === undefined) return NOT_THIS_STORES;
    return event._tag === 'PaymentAnswered'
      ? this.payment(ids, event)
      : this.refund(ids, event.refundId, event.outcome);
  }

  private async payment(
    ids: Ids,
    { gateway, outcome }: Extract<GatewayEvent, { _tag: 'PaymentAnswered' }>,
  ): Promise<GatewayEventHandled> {
    if (outcome.status === 'pending') return handled('unchanged', 'the payment is still processing');
    const [policy, now] = await Promise.all([retryPolicyOfStore(this.rules, ids.storeId), this.clock.now(ids.storeId)]);
    const settled = await settleAttempt(
      { invoices: this.invoices, subscriptions: this.subscriptions, ids: this.ids },
      ids,
      outcome,
      policy,
      now,
      gateway,
    );
    if (E.isRight(settled)) return handled('settled', `the payment ${settled.right.payment.status}`);
    return handled('unchanged', unchangedBecause(settled.left));
  }

  private async refund(
    ids: Ids,
    refundId: string,
    outcome: Extract<GatewayEvent, { _tag: 'RefundAnswered' }>['outcome'],
  ): Promise<GatewayEventHandled> {
    const id = parseUuid(refundId);
    if (id === undefined) return NOT_THIS_STORES;
    const recorded = await this.refunds.record({ ...ids, id }, outcome);
    if (E.isRight(recorded))
      return handled('settled', recorded.right.kind === 'given' ? 'the refund succeeded' : 'the refund was withdrawn');
    return handled('unchanged', unchangedBecause(recorded.left));
  }
}

const unchangedBecause = (refusal: { readonly _tag: string; readonly detail?: string }): string =>
  refusal._tag === 'Missing' ? 'the store has no such payment or refund' : (refusal.detail ?? 'nothing to change');
