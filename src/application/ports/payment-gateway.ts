import type { GatewayOutcome } from '../../domain/billing/invoice-payment.js';
import type { Invoice } from '../../domain/billing/invoice.js';
import type { Subscription } from '../../domain/subscription/subscription.js';

/** Takes payment of an invoice; EPCC's gateways use `purchase`: charged at once, the result returned. */
export interface PaymentGateway {
  /** The name payments record as their `gateway`. */
  readonly name: string;
  charge(invoice: Invoice, amount: number, subscription: Subscription): Promise<GatewayOutcome>;
}

/** The gateway that takes a subscription's payments. */
export interface PaymentGateways {
  for(subscription: Subscription): PaymentGateway;
}
