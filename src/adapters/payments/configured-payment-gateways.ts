import { ContainerModule, injectable } from 'inversify';
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

/** Manual payments when the subscription takes them; otherwise its payment authority's gateway. */
@injectable()
export class ConfiguredPaymentGateways implements PaymentGateways {
  for(subscription: Subscription): PaymentGateway {
    return subscription.manualPayments ? MANUAL_PAYMENTS : unconfiguredGateway(subscription.paymentAuthority.type);
  }

  named(name: string): PaymentGateway | undefined {
    if (name === MANUAL_GATEWAY) return MANUAL_PAYMENTS;
    return (PAYMENT_AUTHORITY_TYPES as readonly string[]).includes(name) ? unconfiguredGateway(name) : undefined;
  }
}

/** The payment gateways this service knows: manual payments, and every payment authority's, none of them configured yet. */
export const paymentsModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.PaymentGateways).to(ConfiguredPaymentGateways).inSingletonScope();
});
