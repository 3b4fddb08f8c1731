import type { Invoice } from '../../../domain/billing/invoices/invoice.js';
import type { InvoicePayment } from '../../../domain/billing/payments/invoice-payment.js';
import type { PaymentRefund } from '../../../domain/billing/payments/refund.js';
import { majorUnitsText } from '../../../domain/shared/money.js';

/** The store's API login ID and transaction key, as `merchantAuthentication` carries them. */
export interface MerchantAuthentication {
  readonly name: string;
  readonly transactionKey: string;
}

/** Authorize.Net's limit on `refId` and `order.invoiceNumber`. */
const ATTEMPT_NUMBER_LENGTH = 20;
/** Authorize.Net's limit on `order.description`. */
const DESCRIPTION_LENGTH = 255;

/**
 * The attempt's number at Authorize.Net, sent as `order.invoiceNumber` and `refId`: the payment id's last 20
 * hex digits (of a UUID's 32; the first are its time), what a lookup matches a transaction to its attempt
 * by, and what a merchant finds at the end of the payment's id. Within one customer profile, where it is
 * looked up, 74 random bits tell attempts apart.
 */
export const attemptNumber = (paymentId: string): string =>
  paymentId.replace(/[^0-9A-Za-z]/g, '').slice(-ATTEMPT_NUMBER_LENGTH);

/**
 * Authorize.Net refuses a second transaction with the same amount, payment profile and invoice number within
 * this many seconds (8 hours, its most): a guard behind the lookup, for a charge the lookup does not list yet.
 */
export const DUPLICATE_WINDOW_SECONDS = 28_800;

/**
 * Each attempt charges the authority's payment profile at once (`authCaptureTransaction`: EPCC's
 * `purchase`). Authorize.Net's JSON is translated from its XML schema, whose element order it enforces, so
 * the keys are written in the schema's order.
 */
export const chargeRequest = (
  merchant: MerchantAuthentication,
  invoice: Invoice,
  amount: number,
  profile: { readonly customerProfileId: string; readonly paymentProfileId: string },
  paymentId: string,
) => ({
  createTransactionRequest: {
    merchantAuthentication: merchant,
    refId: attemptNumber(paymentId),
    transactionRequest: {
      transactionType: 'authCaptureTransaction',
      amount: majorUnitsText(amount, invoice.currency),
      currencyCode: invoice.currency,
      profile: {
        customerProfileId: profile.customerProfileId,
        paymentProfile: { paymentProfileId: profile.paymentProfileId },
      },
      order: {
        invoiceNumber: attemptNumber(paymentId),
        description: `Invoice ${invoice.id}, payment ${paymentId}`.slice(0, DESCRIPTION_LENGTH),
      },
      transactionSettings: {
        setting: [{ settingName: 'duplicateWindow', settingValue: String(DUPLICATE_WINDOW_SECONDS) }],
      },
    },
  },
});

/**
 * How many of the customer's latest transactions a lookup reads: an attempt is resumed at the next payment
 * run, so its charge is among the customer's latest; Authorize.Net allows up to 1,000 a page.
 */
export const LOOKUP_LIMIT = 100;

/**
 * The customer profile's latest transactions, settled or not, newest first: where an earlier try of this
 * attempt is found by its invoice number. By customer profile, not payment profile, so that a charge made
 * before the subscription's payment profile changed is still found.
 */
export const lookupRequest = (merchant: MerchantAuthentication, customerProfileId: string) => ({
  getTransactionListForCustomerRequest: {
    merchantAuthentication: merchant,
    customerProfileId,
    sorting: { orderBy: 'submitTimeUTC', orderDescending: true },
    // As Authorize.Net's examples write them: its XML integers, as JSON strings.
    paging: { limit: String(LOOKUP_LIMIT), offset: '1' },
  },
});

/** A customer profile and one of its payment profiles, as a transaction names them. */
export interface CustomerPaymentProfile {
  readonly customerProfileId: string;
  readonly paymentProfileId: string;
}

/**
 * One charge as Authorize.Net recorded it: its status (whether it has settled, or was voided) and the
 * customer payment profile it charged, which is where its money goes back.
 */
export const detailsRequest = (merchant: MerchantAuthentication, transId: string) => ({
  getTransactionDetailsRequest: { merchantAuthentication: merchant, transId },
});

/**
 * Gives back part or all of a settled charge (`refTransId`) to the payment profile it charged. The refund's
 * number (its id's last 20 hex digits, as a charge's) is its `invoiceNumber` and `refId`, what a lookup
 * finds it by; the duplicate window guards a refund the lookup does not list yet, as for a charge.
 */
export const refundRequest = (
  merchant: MerchantAuthentication,
  payment: InvoicePayment & { readonly externalPaymentId: string },
  refund: PaymentRefund,
  profile: CustomerPaymentProfile,
) => ({
  createTransactionRequest: {
    merchantAuthentication: merchant,
    refId: attemptNumber(refund.id),
    transactionRequest: {
      transactionType: 'refundTransaction',
      amount: majorUnitsText(refund.amount, refund.currency),
      profile: {
        customerProfileId: profile.customerProfileId,
        paymentProfile: { paymentProfileId: profile.paymentProfileId },
      },
      refTransId: payment.externalPaymentId,
      order: {
        invoiceNumber: attemptNumber(refund.id),
        description: `Refund ${refund.id} of payment ${payment.id}`.slice(0, DESCRIPTION_LENGTH),
      },
      transactionSettings: {
        setting: [{ settingName: 'duplicateWindow', settingValue: String(DUPLICATE_WINDOW_SECONDS) }],
      },
    },
  },
});

/** Cancels an unsettled charge whole: nothing of it is taken from the card. */
export const voidRequest = (merchant: MerchantAuthentication, refund: PaymentRefund, transId: string) => ({
  createTransactionRequest: {
    merchantAuthentication: merchant,
    refId: attemptNumber(refund.id),
    transactionRequest: { transactionType: 'voidTransaction', refTransId: transId },
  },
});
