import { ContainerModule } from 'inversify';
import type { PaymentGateway, PaymentGateways } from '../../application/ports/billing/payment-gateway.js';
import { TOKENS } from '../../application/tokens.js';
import { type GatewayOutcome, MANUAL_GATEWAY } from '../../domain/billing/payments/invoice-payment.js';
import { PAYMENT_AUTHORITY_TYPES } from '../../domain/subscriptions/payment-authority.js';
import type { Subscription } from '../../domain/subscriptions/subscription.js';

/** Payments a merchant takes outside the service: each attempt waits, pending, until the merchant settles it. */
export const MANUAL_PAYMENTS: PaymentGateway = {
  name: MANUAL_GATEWAY,
  charge: async (): Promise<GatewayOutcome> => ({ status: 'pending' }),
};

/**
 * A payment authority whose gateway this service has no client for: the attempt fails and says so,
 * rather than pretending the payment was taken.
 */
export const unconfiguredGateway = (authority: string): PaymentGateway => ({
  name: authority,
  charge: async (): Promise<GatewayOutcome> => ({
    status: 'failed',
    failureReason: `no payment gateway for ${authority} is configured in this service`,
  }),
});

/**
 * Manual payments when the subscription takes them; otherwise its payment authority's gateway: one of
 * `clients`, by its name, or, for an authority without one, a gateway that fails every attempt.
 */
export class ConfiguredPaymentGateways implements PaymentGateways {
  private readonly clients: ReadonlyMap<string, PaymentGateway>;

  constructor(clients: readonly PaymentGateway[] = []) {
    this.clients = new Map(clients.map((client) => [client.name, client]));
  }

  for(subscription: Subscription): PaymentGateway {
    if (subscription.manualPayments) return MANUAL_PAYMENTS;
    const authority = subscription.paymentAuthority.type;
    return this.clients.get(authority) ?? unconfiguredGateway(authority);
  }

  named(name: string): PaymentGateway | undefined {
    if (name === MANUAL_GATEWAY) return MANUAL_PAYMENTS;
    const client = this.clients.get(name);
    if (client !== undefined) return client;
    return (PAYMENT_AUTHORITY_TYPES as readonly string[]).includes(name) ? unconfiguredGateway(name) : undefined;
  }
}

/** The payment gateways this service knows without configuration: manual payments, and every payment authority's, unconfigured. */
export const paymentsModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.PaymentGateways).toConstantValue(new ConfiguredPaymentGateways());
});
