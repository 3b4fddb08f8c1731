import type { ObservedPayloads } from '../../../application/ports/observed-payloads.js';
import { invoiceResource } from './invoice-documents.js';
import { subscriptionResource } from './subscription-documents.js';

/** The documents the API answers with, as events carry them. */
export const HTTP_PAYLOADS: ObservedPayloads = {
  subscription: (subscription, offering, now) => subscriptionResource(subscription, offering, now),
  invoice: (invoice) => invoiceResource(invoice),
};
