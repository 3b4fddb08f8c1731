/**
 * The library's public entry: use cases, ports and their tokens, domain types, and the modules that
 * wire them. An embedding service builds a container from these and calls use cases directly.
 */
// The core's classes carry decorator metadata, which needs the Reflect API before any of them loads.
import 'reflect-metadata';

// Use cases answer fp-ts's Either: the helpers to read one come with the package, so a consumer needs no fp-ts of its own.
export { type Either, isLeft, isRight, type Left, left, type Right, right } from 'fp-ts/lib/Either.js';
export type { DatabaseTarget } from './adapters/config/database-target.js';
export { DEFAULT_STRIPE_SETTINGS, type StripeSettings } from './adapters/config/stripe-settings.js';
export { createHttpApp, type HttpAppOptions } from './adapters/http/create-http-app.js';
export type { BackgroundJobQueue, JobLog, JobWorker } from './adapters/jobs/background-job-queue.js';
export { BullMqJobQueue, type BullMqJobQueueOptions } from './adapters/jobs/bullmq-job-queue.js';
export { InProcessJobQueue, type InProcessJobQueueOptions } from './adapters/jobs/in-process-job-queue.js';
export { type RunningJobs, type StartJobsOptions, startJobs } from './adapters/jobs/start-jobs.js';
export {
  ConfiguredPaymentGateways,
  MANUAL_PAYMENTS,
  paymentsModule,
} from './adapters/payments/configured-payment-gateways.js';
export { StripeEvents, type StripeWebhookSecretOf } from './adapters/payments/stripe/stripe-events.js';
export {
  STRIPE_GATEWAY,
  type StripeCredentials,
  type StripeCredentialsOf,
  StripeGateway,
} from './adapters/payments/stripe/stripe-gateway.js';
export { inMemoryModule } from './adapters/persistence/in-memory/in-memory-module.js';
export { InMemoryState } from './adapters/persistence/in-memory/in-memory-state.js';
export { DataDirInUse, isDataDirInUse } from './adapters/persistence/kysely/engine/data-dir-lock.js';
export { migrateToLatest } from './adapters/persistence/kysely/engine/migrate.js';
export { type DatabaseHandle, openDatabase } from './adapters/persistence/kysely/engine/open-database.js';
export { kyselyModule } from './adapters/persistence/kysely/kysely-module.js';
export { InMemoryAuthFailureLimiter } from './adapters/rate-limit/in-memory-auth-failure-limiter.js';
export { InMemoryRateLimiter } from './adapters/rate-limit/in-memory-rate-limiter.js';
export { RedisAuthFailureLimiter } from './adapters/rate-limit/redis-auth-failure-limiter.js';
export { RedisRateLimiter } from './adapters/rate-limit/redis-rate-limiter.js';
export {
  type BackgroundWorkOptions,
  type RunningBackgroundWork,
  startBackgroundWork,
} from './adapters/service/start-background-work.js';
export { systemModule } from './adapters/system/system-module.js';
export { coreModule, USE_CASES } from './application/core-module.js';
export type { AccountMemberRepository } from './application/ports/accounts/account-member-repository.js';
export type { AccountMembershipRepository } from './application/ports/accounts/account-membership-repository.js';
export type { AccountRepository } from './application/ports/accounts/account-repository.js';
export type { AccessTokenRepository } from './application/ports/auth/access-token-repository.js';
export type { AuthFailureLimiter } from './application/ports/auth/auth-failure-limiter.js';
export type { BillingCandidate, BillingRunStore } from './application/ports/billing/billing-run-store.js';
export type { GatewayEvent, GatewayEvents, PaymentReference } from './application/ports/billing/gateway-events.js';
export type { InvoiceReads } from './application/ports/billing/invoice-reads.js';
export type { OfferingProrationRepository } from './application/ports/billing/offering-proration-repository.js';
export type {
  PaymentGateway,
  PaymentGateways,
  UnknownOutcome,
} from './application/ports/billing/payment-gateway.js';
export type { PaymentRefunds, Refunded } from './application/ports/billing/payment-refunds.js';
export type { PaymentCandidate, PaymentRunStore } from './application/ports/billing/payment-run-store.js';
export type {
  CatalogueRepository,
  PlanRepository,
  ProductRepository,
} from './application/ports/catalogue/catalogue-repository.js';
export type { OfferingRepository } from './application/ports/catalogue/offering-repository.js';
export type { DatabaseHealth, SchemaState } from './application/ports/health/database-health.js';
export type { IdempotencyClaim, IdempotencyStore } from './application/ports/idempotency/idempotency-store.js';
export type { ImportJobs } from './application/ports/imports/import-jobs.js';
export type { ImportLineRepository, LineOutcome } from './application/ports/imports/import-line-repository.js';
export type { JobHandler, JobHandlers, JobRun } from './application/ports/jobs/job-handler.js';
export type { JobQueue } from './application/ports/jobs/job-queue.js';
export type { Claim, JobRepository, Running } from './application/ports/jobs/job-repository.js';
export type { JobSettings } from './application/ports/jobs/job-settings.js';
export type {
  ApplicationKeyPage,
  ApplicationKeyRepository,
  BudgetCheck,
} from './application/ports/keys/application-key-repository.js';
export type { LimiterState, RateLimiter } from './application/ports/rate-limits/rate-limiter.js';
export type { MerchantRealmMappingRepository } from './application/ports/realm-mappings/merchant-realm-mapping-repository.js';
export type { ScheduleCalendar } from './application/ports/schedules/schedule-calendar.js';
export type { ScheduleRepository } from './application/ports/schedules/schedule-repository.js';
export type {
  AccountMembershipSettingsRepository,
  CartSettingsRepository,
  CorsSettingsRepository,
  SettingsRepository,
} from './application/ports/settings/settings-repository.js';
export type { InUse, Missing, OriginalGone, OverBudget, PrefixTaken } from './application/ports/storage-outcomes.js';
export {
  isStorageOutcomeUnknown,
  isStorageUnavailable,
  StorageOutcomeUnknown,
  StorageUnavailable,
} from './application/ports/storage-unavailable.js';
export type {
  DunningRuleRepository,
  ProrationPolicyRepository,
  StoreRecordRepository,
} from './application/ports/store-record-repository.js';
export type { NewStoreRecords, StoreRepository } from './application/ports/stores/store-repository.js';
export type { SubscriberRepository } from './application/ports/subscriptions/subscriber-repository.js';
export type { SubscriptionDocuments } from './application/ports/subscriptions/subscription-documents.js';
export type {
  ListedSubscription,
  NewSubscription,
  StateChange,
  StateChangeOptions,
  SubscriptionChange,
  SubscriptionDocumentPage,
  SubscriptionPage,
  SubscriptionRepository,
  SubscriptionWithOffering,
} from './application/ports/subscriptions/subscription-repository.js';
export type { Clock, IdGenerator, Random, Secrets } from './application/ports/system.js';
export type {
  StoreClock,
  TestClockRepository,
  TestClockSettings,
} from './application/ports/test-clocks/store-clock.js';
export { TOKENS } from './application/tokens.js';
export * from './application/use-cases/accounts/accounts-use-cases.js';
export * from './application/use-cases/audit/audit-use-cases.js';
// The use cases, concept by concept: each file is the very list its concept's container module binds, so
// what a program embedding the core can import is what the service can resolve (see core-module.ts).
export * from './application/use-cases/auth/auth-use-cases.js';
export type { IssuedAccessToken } from './application/use-cases/auth/issue-access-token.js';
export * from './application/use-cases/authentication-realms/authentication-realms-use-cases.js';
export * from './application/use-cases/billing/billing-use-cases.js';
export { BILLING_BATCH } from './application/use-cases/billing/run-billing.js';
export type { OfferingProration } from './application/use-cases/billing/set-offering-proration-policy.js';
export * from './application/use-cases/catalogue/catalogue-use-cases.js';
export type { ChangedCopy } from './application/use-cases/catalogue/edit-offering-copy.js';
export type { OfferingsIncluded, OfferingWithIncludes } from './application/use-cases/catalogue/get-offering.js';
export type { OfferingCopies } from './application/use-cases/catalogue/list-offering-copies.js';
export * from './application/use-cases/features/features-use-cases.js';
export * from './application/use-cases/gateways/gateways-use-cases.js';
// What the use cases answer, and the constants and clocks they work by.
export type { Readiness } from './application/use-cases/health/check-readiness.js';
export * from './application/use-cases/health/health-use-cases.js';
export * from './application/use-cases/idempotency/idempotency-use-cases.js';
export type { NotRun, Ticket } from './application/use-cases/idempotency/idempotent-requests.js';
export * from './application/use-cases/imports/imports-use-cases.js';
export { ABANDONED_IMPORT_LINES_AFTER_MS } from './application/use-cases/imports/sweep-abandoned-import-lines.js';
export type { ImportUpload, UploadedLine, UploadRefusal } from './application/use-cases/imports/upload-import.js';
export * from './application/use-cases/integrations/integrations-use-cases.js';
export * from './application/use-cases/jobs/jobs-use-cases.js';
export { type JobRunResult, LeaseLost } from './application/use-cases/jobs/run-lane.js';
export * from './application/use-cases/keys/keys-use-cases.js';
export type { MintedApplicationKey } from './application/use-cases/keys/mint-application-key.js';
export * from './application/use-cases/people/people-use-cases.js';
export type { RateDecision } from './application/use-cases/rate-limits/admit-request.js';
export * from './application/use-cases/rate-limits/rate-limits-use-cases.js';
export * from './application/use-cases/realm-mappings/realm-mappings-use-cases.js';
export * from './application/use-cases/schedules/schedules-use-cases.js';
export * from './application/use-cases/settings/settings-use-cases.js';
export type { StoreSettings } from './application/use-cases/settings/store-settings.js';
export type { CreatedStore } from './application/use-cases/stores/create-store.js';
export * from './application/use-cases/stores/stores-use-cases.js';
export type { Included } from './application/use-cases/subscriptions/get-subscription.js';
export type { SubscriptionCopies } from './application/use-cases/subscriptions/list-subscription-copies.js';
export * from './application/use-cases/subscriptions/subscriptions-use-cases.js';
export { everyStoreOn, StoreTime } from './application/use-cases/test-clocks/store-time.js';
export * from './application/use-cases/test-clocks/test-clocks-use-cases.js';
export { type OpenCore, openCore } from './bootstrap.js';
export type { ContainerOptions } from './container.js';
export { buildContainer, type Persistence } from './container.js';
export type { Account } from './domain/accounts/account.js';
export type { AccountMember } from './domain/accounts/account-member.js';
export type { AccountMemberFilterField, AccountMemberQuery } from './domain/accounts/account-member-query.js';
export type { AccountMembership } from './domain/accounts/account-membership.js';
export type {
  MembershipsOfAccountQuery,
  MembershipsOfMemberQuery,
} from './domain/accounts/account-membership-query.js';
export type { AccountFilterField, AccountQuery } from './domain/accounts/account-query.js';
export type { AccessToken } from './domain/auth/access-token.js';
export { type Access, type GrantType, type Principal, permits } from './domain/auth/grant.js';
export type { RevocationCaller } from './domain/auth/revocation-request.js';
export { type KeyScopes, SCOPES, type Scope } from './domain/auth/scope.js';
export type { DunningRule, DunningRuleAttributes, DunningRuleChanges } from './domain/billing/dunning/dunning-rule.js';
export type {
  Invoice,
  InvoiceDraft,
  InvoiceItem,
  InvoiceProration,
  InvoiceTaxLine,
  SingleCurrencyPrice,
} from './domain/billing/invoices/invoice.js';
export type { GatewayOutcome, InvoicePayment, PaymentStatus } from './domain/billing/payments/invoice-payment.js';
export type { PaymentRefund, RefundRequest } from './domain/billing/payments/refund.js';
export {
  costOfDays,
  type InvoicedPeriod,
  type ProrationPolicyInUse,
  prorationDays,
} from './domain/billing/proration/proration.js';
export type {
  ProrationPolicy,
  ProrationPolicyAttributes,
  ProrationPolicyChanges,
  ProrationRounding,
} from './domain/billing/proration/proration-policy.js';
export type { BillingRunReport, CurrencyTotals } from './domain/billing/run-reports.js';
export type { CatalogueFilterField, CatalogueQuery } from './domain/catalogue/catalogue-query.js';
export type { CatalogueRecord } from './domain/catalogue/catalogue-record.js';
export type { Offering, OfferingItem, OfferingPlan, OfferingProduct } from './domain/catalogue/offering.js';
export type { OfferingFilterField, OfferingQuery } from './domain/catalogue/offering-query.js';
export type { SubscriptionPlan } from './domain/catalogue/plan.js';
export type { SubscriptionProduct } from './domain/catalogue/product.js';
export type { InvoiceTaxes, Job, JobReport, JobStatus, JobType, TaxItem } from './domain/jobs/job.js';
export type { JobOutcome, LaneRef } from './domain/jobs/job-lane.js';
export { DEFAULT_JOB_LEASE_MS, jobTimingFor } from './domain/jobs/job-lane.js';
export type { ApplicationKey } from './domain/keys/application-key.js';
export type { FilterCondition } from './domain/query/filter.js';
export { type ListQuery, type ListRules, parseListQuery } from './domain/query/list-query.js';
export { type Page, type PageMeta, type PageRequest, parsePageRequest, type TotalMethod } from './domain/query/page.js';
export { type QueryParams, queryParams } from './domain/query/query-params.js';
export type { MerchantRealmMapping } from './domain/realm-mappings/merchant-realm-mapping.js';
export type { Schedule, ScheduleAttributes, ScheduleChanges } from './domain/schedules/schedule.js';
export type {
  AccountMembershipSettings,
  AccountMembershipSettingsChanges,
} from './domain/settings/account-membership-settings.js';
export type { CartSettings, CartSettingsChanges } from './domain/settings/cart-settings.js';
export type { CorsSettings } from './domain/settings/cors-settings.js';
export type { Origin } from './domain/settings/origin.js';
export type { DomainError, Issues, ValidationIssue } from './domain/shared/errors.js';
export {
  AMOUNT_MAX,
  decimalFraction,
  type Fraction,
  fraction,
  roundDown,
  spreadByLargestRemainder,
  times,
} from './domain/shared/money.js';
export { parseUuid, type Uuid } from './domain/shared/uuid.js';
export type { StoreRecord, StoreRecordQuery } from './domain/store-records/store-record.js';
export type { Store } from './domain/stores/store.js';
export type { StoreQuery, StoreSummary } from './domain/stores/store-summary.js';
export type { PaymentAuthority, PaymentAuthorityType } from './domain/subscriptions/payment-authority.js';
export type { ProratedPlan, ProrationEvent } from './domain/subscriptions/proration-event.js';
export type { Subscriber, SubscriberAttributes, SubscriberChanges } from './domain/subscriptions/subscriber.js';
export type { SubscriberFilterField, SubscriberQuery } from './domain/subscriptions/subscriber-query.js';
export type { StateAction, Subscription, SubscriptionStateRecord } from './domain/subscriptions/subscription.js';
export type {
  SubscriptionFilterField,
  SubscriptionInclude,
  SubscriptionQuery,
} from './domain/subscriptions/subscription-query.js';

// Integrations: webhooks for observable events, their outbox, relay and logs.

export { DEFAULT_INTEGRATION_SETTINGS } from './adapters/config/integration-settings.js';
export { scryptPasswordHasher } from './adapters/system/scrypt-password-hasher.js';
export { ACCOUNT_TOKENS } from './application/account-tokens.js';
export { AUDIT_TOKENS } from './application/audit-tokens.js';
export { AUTHENTICATION_REALM_TOKENS } from './application/authentication-realm-tokens.js';
export { GATEWAY_TOKENS } from './application/gateway-tokens.js';
export { INTEGRATION_TOKENS } from './application/integration-tokens.js';
export { PEOPLE_TOKENS } from './application/people-tokens.js';
export type { AuditScope } from './application/ports/audit/audit-scope.js';
export type { AuditTrail } from './application/ports/audit/audit-trail.js';
export type { PasswordHasher } from './application/ports/auth/password-hasher.js';
export type { CredentialCipher, SealedValue } from './application/ports/gateways/credential-cipher.js';
export type { GatewaySettingsRepository } from './application/ports/gateways/gateway-settings-repository.js';
export type {
  AttemptOutcome,
  AttemptRecord,
  ClaimedDelivery,
  DeliveryRepository,
} from './application/ports/integrations/delivery-repository.js';
export type { HostResolver } from './application/ports/integrations/host-resolver.js';
export type { IntegrationRepository, LogScope } from './application/ports/integrations/integration-repository.js';
export type { IntegrationSettings } from './application/ports/integrations/integration-settings.js';
export type { ObservedPayloads } from './application/ports/integrations/observed-payloads.js';
export type { WebhookAnswer, WebhookRequest, WebhookSender } from './application/ports/integrations/webhook-sender.js';
export type {
  ActiveConsoleSession,
  ConsoleSessionRepository,
  SessionHolder,
} from './application/ports/people/console-session-repository.js';
export type { LastOwner, MerchantUserRepository } from './application/ports/people/merchant-user-repository.js';
export type { OidcProfileDirectory, OidcProfileSummary } from './application/ports/people/oidc-profile-directory.js';
export type { StartedConsoleSession } from './application/use-cases/people/start-console-session.js';
export type { AuditActor, AuditChange, AuditContext, AuditEvent } from './domain/audit/audit-event.js';
export type { GatewaySettings, SealedSecret } from './domain/gateways/gateway-settings.js';
export type { GatewaySlug } from './domain/gateways/gateway-slug.js';
export type { ConsoleSession, SessionLifetime, SessionSubject } from './domain/people/console-session.js';
export type { MerchantUser } from './domain/people/merchant-user.js';
