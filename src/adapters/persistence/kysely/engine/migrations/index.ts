import type { Migration } from 'kysely';
import type { SqlFlavor } from '../sql-flavor.js';
import { storesAndApplicationKeys } from './0001-stores-and-application-keys.js';
import { merchantRealmMappings } from './0002-merchant-realm-mappings.js';
import { subscriptions } from './0003-subscriptions.js';
import { subscriptionStateSequence } from './0004-subscription-state-sequence.js';
import { idempotencyKeys } from './0005-idempotency-keys.js';
import { storesCreatedIndex } from './0006-stores-created-index.js';
import { subscribers } from './0007-subscribers.js';
import { prorationPoliciesAndDunningRules } from './0008-proration-policies-and-dunning-rules.js';
import { offeringCopies } from './0009-offering-copies.js';
import { accountMembershipSettings } from './0010-account-membership-settings.js';
import { subscriptionJobs } from './0011-subscription-jobs.js';
import { invoicesAndPayments } from './0012-invoices-and-payments.js';
import { importLines } from './0013-import-lines.js';
import { schedules } from './0014-schedules.js';
import { importLineReceivedAt } from './0015-import-line-received-at.js';
import { idempotencyApplied } from './0016-idempotency-applied.js';
import { storeTestClocks } from './0017-store-test-clocks.js';
import { invoiceWithoutJob } from './0018-invoice-without-job.js';
import { subscriptionInactive } from './0019-subscription-inactive.js';
import { applicationKeyScopesAndRotation } from './0020-application-key-scopes-and-rotation.js';
import { invoiceProration } from './0021-invoice-proration.js';
import { integrations } from './0022-integrations.js';
import { subscriptionsWithoutBillingWalk } from './0023-subscriptions-without-billing-walk.js';
import { subscriptionInvoiceAfter } from './0024-subscription-invoice-after.js';
import { storeSubscriptionsGeneration } from './0025-store-subscriptions-generation.js';
import { offeringItemsWithoutOrigin } from './0026-offering-items-without-origin.js';
import { features } from './0027-features.js';
import { offeringFeatures } from './0028-offering-features.js';
import { invoicePaymentRefunds } from './0029-invoice-payment-refunds.js';
import { invoiceValidFrom } from './0030-invoice-valid-from.js';
import { subscriptionPriceUpdates } from './0031-subscription-price-updates.js';
import { offeringAssociationsAndCustomAttributes } from './0032-offering-associations-and-custom-attributes.js';
import { accounts } from './0033-accounts.js';
import { accountAuthenticationRealms } from './0034-account-authentication-realms.js';
import { accountMemberTokens } from './0035-account-member-tokens.js';
import { corsSettings } from './0036-cors-settings.js';
import { merchantRealmsAndPeople } from './0037-merchant-realms-and-people.js';
import { oidcProfiles } from './0038-oidc-profiles.js';
import { auditEvents } from './0039-audit-events.js';
import { merchantUserFilters } from './0040-merchant-user-filters.js';
import { gatewaySettings } from './0041-gateway-settings.js';
import { refundStatus } from './0042-refund-status.js';
import { gatewayWebhookSecret } from './0043-gateway-webhook-secret.js';
import { pendingRefundsOfStore } from './0044-pending-refunds-of-store.js';
import { subscriptionDocuments } from './0045-subscription-documents.js';

/** One ordered migration set for every backend; names sort in the order they must run. */
export const migrations = (flavor: SqlFlavor): Record<string, Migration> => ({
  '0001-stores-and-application-keys': storesAndApplicationKeys(flavor),
  '0002-merchant-realm-mappings': merchantRealmMappings(flavor),
  '0003-subscriptions': subscriptions(flavor),
  '0004-subscription-state-sequence': subscriptionStateSequence(flavor),
  '0005-idempotency-keys': idempotencyKeys(flavor),
  '0006-stores-created-index': storesCreatedIndex(flavor),
  '0007-subscribers': subscribers(flavor),
  '0008-proration-policies-and-dunning-rules': prorationPoliciesAndDunningRules(flavor),
  '0009-offering-copies': offeringCopies(flavor),
  '0010-account-membership-settings': accountMembershipSettings(flavor),
  '0011-subscription-jobs': subscriptionJobs(flavor),
  '0012-invoices-and-payments': invoicesAndPayments(flavor),
  '0013-import-lines': importLines(flavor),
  '0014-schedules': schedules(flavor),
  '0015-import-line-received-at': importLineReceivedAt(flavor),
  '0016-idempotency-applied': idempotencyApplied(flavor),
  '0017-store-test-clocks': storeTestClocks(flavor),
  '0018-invoice-without-job': invoiceWithoutJob(flavor),
  '0019-subscription-inactive': subscriptionInactive(flavor),
  '0020-application-key-scopes-and-rotation': applicationKeyScopesAndRotation(flavor),
  '0021-invoice-proration': invoiceProration(flavor),
  '0022-integrations': integrations(flavor),
  '0023-subscriptions-without-billing-walk': subscriptionsWithoutBillingWalk(flavor),
  '0024-subscription-invoice-after': subscriptionInvoiceAfter(flavor),
  '0025-store-subscriptions-generation': storeSubscriptionsGeneration(),
  '0026-offering-items-without-origin': offeringItemsWithoutOrigin(flavor),
  '0027-features': features(flavor),
  '0028-offering-features': offeringFeatures(flavor),
  '0029-invoice-payment-refunds': invoicePaymentRefunds(flavor),
  '0030-invoice-valid-from': invoiceValidFrom(flavor),
  '0031-subscription-price-updates': subscriptionPriceUpdates(flavor),
  '0032-offering-associations-and-custom-attributes': offeringAssociationsAndCustomAttributes(flavor),
  '0033-accounts': accounts(flavor),
  '0034-account-authentication-realms': accountAuthenticationRealms(flavor),
  '0035-account-member-tokens': accountMemberTokens(flavor),
  '0036-cors-settings': corsSettings(flavor),
  '0037-merchant-realms-and-people': merchantRealmsAndPeople(flavor),
  '0038-oidc-profiles': oidcProfiles(flavor),
  '0039-audit-events': auditEvents(flavor),
  '0040-merchant-user-filters': merchantUserFilters(flavor),
  '0041-gateway-settings': gatewaySettings(flavor),
  '0042-refund-status': refundStatus(flavor),
  '0043-gateway-webhook-secret': gatewayWebhookSecret(flavor),
  '0044-pending-refunds-of-store': pendingRefundsOfStore(flavor),
  '0045-subscription-documents': subscriptionDocuments(flavor),
});
