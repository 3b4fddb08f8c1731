import type { Account } from '../../../domain/accounts/account.js';
import type { AccountMember } from '../../../domain/accounts/account-member.js';
import type { AccountMembership } from '../../../domain/accounts/account-membership.js';
import type { AuditEvent } from '../../../domain/audit/audit-event.js';
import type { AccessToken } from '../../../domain/auth/access-token.js';
import type { AccountMemberToken } from '../../../domain/auth/account-member-token.js';
import type { AuthenticationRealm } from '../../../domain/authentication-realms/authentication-realm.js';
import type { OidcProfile } from '../../../domain/authentication-realms/oidc-profile.js';
import type { OidcProfileInfo } from '../../../domain/authentication-realms/oidc-profile-info.js';
import type { OidcSignInAttempt } from '../../../domain/authentication-realms/oidc-sign-in.js';
import type { PasswordProfile } from '../../../domain/authentication-realms/password-profile.js';
import type { PasswordProfileInfo } from '../../../domain/authentication-realms/password-profile-info.js';
import type { DunningRule } from '../../../domain/billing/dunning/dunning-rule.js';
import type { Invoice } from '../../../domain/billing/invoices/invoice.js';
import type { InvoicePayment } from '../../../domain/billing/payments/invoice-payment.js';
import type { PaymentRefund } from '../../../domain/billing/payments/refund.js';
import type { ProrationPolicy } from '../../../domain/billing/proration/proration-policy.js';
import type { Offering } from '../../../domain/catalogue/offering.js';
import type { SubscriptionPlan } from '../../../domain/catalogue/plan.js';
import type { SubscriptionProduct } from '../../../domain/catalogue/product.js';
import type { Feature } from '../../../domain/features/feature.js';
import type { GatewaySettings } from '../../../domain/gateways/gateway-settings.js';
import type { IdempotencyRecord } from '../../../domain/idempotency/idempotency.js';
import type { ImportLine } from '../../../domain/imports/import-line.js';
import type { Delivery, DeliveryLog, ObservedEvent } from '../../../domain/integrations/delivery.js';
import type { Integration } from '../../../domain/integrations/integration.js';
import type { Job } from '../../../domain/jobs/job.js';
import type { ApplicationKey } from '../../../domain/keys/application-key.js';
import type { ConsoleSession } from '../../../domain/people/console-session.js';
import type { MerchantUser } from '../../../domain/people/merchant-user.js';
import type { MerchantRealmMapping } from '../../../domain/realm-mappings/merchant-realm-mapping.js';
import type { Schedule } from '../../../domain/schedules/schedule.js';
import type { AccountAuthenticationSettings } from '../../../domain/settings/account-authentication-settings.js';
import type { AccountMembershipSettings } from '../../../domain/settings/account-membership-settings.js';
import type { CartSettings } from '../../../domain/settings/cart-settings.js';
import type { CorsSettings } from '../../../domain/settings/cors-settings.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { Store } from '../../../domain/stores/store.js';
import type { Subscriber } from '../../../domain/subscriptions/subscriber.js';
import type { Subscription, SubscriptionStateRecord } from '../../../domain/subscriptions/subscription.js';

/**
 * All records of one in-memory database, shared by its repositories the way tables are shared.
 * Every repository method reads and writes it without awaiting in between, so each call is atomic.
 */
export class InMemoryState {
  readonly stores = new Map<string, Store>();
  readonly applicationKeys = new Map<string, ApplicationKey>();
  readonly auditEvents = new Map<string, AuditEvent>();
  /** Each resource's latest audit event by store, type and id: the chain's index. */
  readonly latestAuditEvents = new Map<string, AuditEvent>();
  readonly accessTokens = new Map<string, AccessToken>();
  readonly accountMemberTokens = new Map<string, AccountMemberToken>();
  readonly realmMappings = new Map<string, MerchantRealmMapping>();
  readonly products = new Map<string, SubscriptionProduct>();
  readonly plans = new Map<string, SubscriptionPlan>();
  readonly offerings = new Map<string, Offering>();
  /** Offering snapshots by version id, and version ids by `offeringId:version`. */
  readonly offeringVersions = new Map<string, Offering>();
  readonly offeringVersionIds = new Map<string, string>();
  readonly subscriptions = new Map<string, Subscription>();
  readonly subscriptionStates = new Map<string, SubscriptionStateRecord[]>();
  readonly subscribers = new Map<string, Subscriber>();
  readonly accounts = new Map<string, Account>();
  readonly accountMembers = new Map<string, AccountMember>();
  readonly accountMemberships = new Map<string, AccountMembership>();
  readonly prorationPolicies = new Map<string, ProrationPolicy>();
  /** The proration policy id of each offering that uses one, by offering id. */
  readonly offeringProrationPolicies = new Map<string, Uuid>();
  readonly dunningRules = new Map<string, DunningRule>();
  readonly features = new Map<string, Feature>();
  readonly schedules = new Map<string, Schedule>();
  /** Only stores that changed their cart settings have an entry. */
  readonly cartSettings = new Map<string, CartSettings>();
  /** Only stores that changed their account-membership limit have an entry. */
  readonly accountMembershipSettings = new Map<string, AccountMembershipSettings>();
  /** Only stores that named their allowed origins have an entry. */
  readonly corsSettings = new Map<string, CorsSettings>();
  /** By `storeId/slug`; only the gateways a store changed have an entry, their credentials sealed. */
  readonly gatewaySettings = new Map<string, GatewaySettings>();
  readonly authenticationRealms = new Map<string, AuthenticationRealm>();
  /** Only stores that changed their account-authentication settings have an entry. */
  readonly accountAuthenticationSettings = new Map<string, AccountAuthenticationSettings>();
  readonly passwordProfiles = new Map<string, PasswordProfile>();
  readonly passwordProfileInfos = new Map<string, PasswordProfileInfo>();
  readonly oidcProfiles = new Map<string, OidcProfile>();
  readonly oidcProfileInfos = new Map<string, OidcProfileInfo>();
  /** By the hash of their `state`. */
  readonly oidcSignInAttempts = new Map<string, OidcSignInAttempt>();
  readonly invoices = new Map<string, Invoice>();
  readonly invoicePayments = new Map<string, InvoicePayment>();
  readonly paymentRefunds = new Map<string, PaymentRefund>();
  /** The last invoice number of each store that has invoices. */
  readonly invoiceNumbers = new Map<string, number>();
  readonly jobs = new Map<string, Job>();
  /** The lease of each started job, by job id: the instant another worker may take it over. */
  readonly jobLeases = new Map<string, Date>();
  /** Idempotency records by `storeId key`. */
  readonly idempotencyRecords = new Map<string, IdempotencyRecord>();
  readonly testClocks = new Map<Uuid, Date>();
  /** The lines of each import by import id, in file order. */
  readonly importLines = new Map<string, ImportLine[]>();
  /** When each import line was stored (epoch ms), by `importId lineNumber`. */
  readonly importLinesReceivedAt = new Map<string, number>();
  readonly integrations = new Map<string, Integration>();
  readonly integrationEvents = new Map<string, ObservedEvent>();
  readonly deliveries = new Map<string, Delivery>();
  readonly deliveryLogs = new Map<string, DeliveryLog>();
  readonly merchantUsers = new Map<string, MerchantUser>();
  /** Console sessions by the hash of their id. */
  readonly consoleSessions = new Map<string, ConsoleSession>();

  /** Forgets every record, as emptying every table would. */
  clear(): void {
    for (const value of Object.values(this)) if (value instanceof Map) value.clear();
  }

  /** The unique constraints of the key table: id and client id. */
  assertNewKey(key: ApplicationKey): void {
    if ([...this.applicationKeys.values()].some((k) => k.id === key.id || k.clientId === key.clientId)) {
      throw new Error('duplicate application key id or client id');
    }
  }
}
