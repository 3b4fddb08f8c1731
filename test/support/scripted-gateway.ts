import type { Container } from 'inversify';
import { MANUAL_PAYMENTS } from '../../src/adapters/payments/configured-payment-gateways.js';
import type {
  PaymentGateway,
  PaymentGateways,
  UnknownOutcome,
} from '../../src/application/ports/billing/payment-gateway.js';
import { TOKENS } from '../../src/application/tokens.js';
import type { Invoice } from '../../src/domain/billing/invoices/invoice.js';
import type { GatewayOutcome } from '../../src/domain/billing/payments/invoice-payment.js';
import { choiceFor, type GatewayChoice } from './billing-model.js';

/** One charge the gateway took: of which invoice, under which idempotency key, how much. */
export interface ScriptedCharge {
  readonly invoiceId: string;
  readonly key: string;
  readonly amount: number;
}

/**
 * A payment gateway for the model tests, whose outcomes the timeline chooses: for each payment run it is
 * told the run's choices, and for the invoice numbered n it does `choiceFor(choices, n)`, as the model
 * does (`BillingModel.pay`). It keeps its promise to the service (`PaymentGateway`): asked again under a key
 * it charged, it answers that it took the money (or loses that answer too) and charges nothing more. It
 * records every charge, so that a test can hold the service to at most one per invoice and to what the
 * model says was collected.
 */
export class ScriptedGateway implements PaymentGateway {
  readonly name = 'scripted';
  readonly charges: ScriptedCharge[] = [];
  /** What the next payment run does: none declines every attempt, as a store without a gateway fails them. */
  choices: readonly GatewayChoice[] = [];

  async charge(invoice: Invoice, amount: number, _s: unknown, key: string): Promise<GatewayOutcome | UnknownOutcome> {
    const choice = choiceFor(this.choices, invoice.number);
    const lost = choice === 'lost after the charge' || choice === 'lost before the charge';
    const taken = this.charges.find((c) => c.key === key);
    if (taken !== undefined) return lost ? unanswered : { status: 'succeeded', externalPaymentId: `ch_${taken.key}` };
    switch (choice) {
      case 'declined':
        return { status: 'failed', failureReason: 'card_declined' };
      case '3-D Secure':
        return { status: 'failed', failureReason: 'authentication_required: the subscriber is not there to give it' };
      case 'lost before the charge':
        return unanswered;
      case 'succeeds':
      case 'lost after the charge':
        this.charges.push({ invoiceId: invoice.id, key, amount });
        return choice === 'succeeds' ? { status: 'succeeded', externalPaymentId: `ch_${key}` } : unanswered;
    }
  }

  /** The invoices charged more than once (under any keys): none, if the service keeps its promise. */
  chargedTwice(): readonly string[] {
    const ids = this.charges.map((c) => c.invoiceId);
    return ids.filter((id, index) => ids.indexOf(id) !== index);
  }

  /** What it took, in all. */
  collected(): number {
    return this.charges.reduce((sum, c) => sum + c.amount, 0);
  }
}

const unanswered: UnknownOutcome = { status: 'unknown', reason: 'the connection was dropped before the answer' };

/** Every subscription that does not pay by hand pays through `gateway`, whatever its payment authority. */
export const paidThrough = (gateway: ScriptedGateway): PaymentGateways => ({
  for: (subscription) => (subscription.manualPayments ? MANUAL_PAYMENTS : gateway),
  named: (name) => (name === gateway.name ? gateway : name === MANUAL_PAYMENTS.name ? MANUAL_PAYMENTS : undefined),
});

/** The container's payments go through a new scripted gateway, which it answers. */
export const scriptedPayments = (container: Container): ScriptedGateway => {
  const gateway = new ScriptedGateway();
  container.rebind(TOKENS.PaymentGateways).toConstantValue(paidThrough(gateway));
  return gateway;
};
