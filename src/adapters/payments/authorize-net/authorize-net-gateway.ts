import type {
  PaymentGateway,
  RefundOutcome,
  UnknownOutcome,
} from '../../../application/ports/billing/payment-gateway.js';
import type { Invoice } from '../../../domain/billing/invoices/invoice.js';
import type { GatewayOutcome, InvoicePayment } from '../../../domain/billing/payments/invoice-payment.js';
import type { PaymentRefund } from '../../../domain/billing/payments/refund.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { PaymentAuthorityType } from '../../../domain/subscriptions/payment-authority.js';
import type { Subscription } from '../../../domain/subscriptions/subscription.js';
import type { AuthorizeNetSettings } from '../../config/authorize-net-settings.js';
import { endpointFor, postRequest } from './authorize-net-api.js';
import { outcomeOfCharge, outcomeOfLookup } from './authorize-net-outcomes.js';
import { refundThroughAuthorizeNet } from './authorize-net-refunds.js';
import { attemptNumber, chargeRequest, lookupRequest } from './authorize-net-requests.js';

/** A store's Authorize.Net account: its API login ID and transaction key, and whether it is a sandbox account. */
export interface AuthorizeNetCredentials {
  readonly login: string;
  readonly transactionKey: string;
  /** The store's gateway is in test mode: its requests go to Authorize.Net's sandbox unless the deployment says where. */
  readonly test: boolean;
}

/** A store's Authorize.Net credentials; undefined for a store that has none. */
export type AuthorizeNetCredentialsOf = (storeId: Uuid) => Promise<AuthorizeNetCredentials | undefined>;

export const AUTHORIZE_NET_GATEWAY = 'authorize_net' satisfies PaymentAuthorityType;

/**
 * Charges a subscription's customer payment profile on Authorize.Net through its JSON API, with the store's
 * credentials. Authorize.Net has no idempotency keys, so each attempt is first looked up among the
 * customer's transactions by its invoice number (the payment's id): a try whose answer was lost is
 * answered from what it did, and only an attempt not found is charged. No request is retried within a run:
 * without a key, a retry is safe only after another lookup, which the next run makes. Refunds are looked
 * up the same way, by the refund's id (see `refundThroughAuthorizeNet`).
 */
export class AuthorizeNetGateway implements PaymentGateway {
  readonly name = AUTHORIZE_NET_GATEWAY;

  constructor(
    private readonly credentialsOf: AuthorizeNetCredentialsOf,
    private readonly settings: AuthorizeNetSettings,
  ) {}

  async charge(
    invoice: Invoice,
    amount: number,
    subscription: Subscription,
    idempotencyKey: string,
  ): Promise<GatewayOutcome | UnknownOutcome> {
    const authority = subscription.paymentAuthority;
    if (authority.type !== AUTHORIZE_NET_GATEWAY)
      return failed(`the subscription's payment authority is ${authority.type}, not ${AUTHORIZE_NET_GATEWAY}`);
    const { customer_profile_id: customerProfileId, payment_profile_id: paymentProfileId } = authority;
    if (customerProfileId === undefined) return failed('the payment authority has no customer_profile_id');
    if (paymentProfileId === undefined) return failed('the payment authority has no payment_profile_id');
    const credentials = await this.credentialsOf(invoice.storeId);
    if (credentials === undefined)
      return failed('no Authorize.Net API login ID and transaction key are configured for this store');
    const endpoint = endpointFor(this.settings, credentials.test);
    const merchant = { name: credentials.login, transactionKey: credentials.transactionKey };

    const listed = await postRequest(endpoint, lookupRequest(merchant, customerProfileId), this.settings.timeoutMs);
    if (listed.kind === 'no_answer') return { status: 'unknown', reason: `looking the attempt up: ${listed.reason}` };
    const earlier = outcomeOfLookup(listed.body, attemptNumber(idempotencyKey));
    if (earlier.kind === 'found') return earlier.outcome;

    const request = chargeRequest(merchant, invoice, amount, { customerProfileId, paymentProfileId }, idempotencyKey);
    const charged = await postRequest(endpoint, request, this.settings.timeoutMs);
    if (charged.kind === 'no_answer') return { status: 'unknown', reason: charged.reason };
    return outcomeOfCharge(charged.body);
  }

  async refund(payment: InvoicePayment, refund: PaymentRefund): Promise<RefundOutcome | UnknownOutcome> {
    const credentials = await this.credentialsOf(payment.storeId);
    if (credentials === undefined)
      return {
        status: 'refused',
        reason: 'no Authorize.Net API login ID and transaction key are configured for this store',
      };
    return refundThroughAuthorizeNet(
      {
        endpoint: endpointFor(this.settings, credentials.test),
        merchant: { name: credentials.login, transactionKey: credentials.transactionKey },
        timeoutMs: this.settings.timeoutMs,
      },
      payment,
      refund,
    );
  }
}

const failed = (failureReason: string): GatewayOutcome => ({ status: 'failed', failureReason });
