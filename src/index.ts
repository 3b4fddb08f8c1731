/**
 * The library's public entry: use cases, ports and their tokens, domain types, and the modules that
 * wire them. An embedding service builds a container from these and calls use cases directly.
 */
// The core's classes carry decorator metadata, which needs the Reflect API before any of them loads.
import 'reflect-metadata';
export { coreModule, USE_CASES } from './application/core-module.js';
// Use cases answer fp-ts's Either: the helpers to read one come with the package, so a consumer needs no fp-ts of its own.
export { isLeft, isRight, left, right, type Either, type Left, type Right } from 'fp-ts/lib/Either.js';
export { TOKENS } from './application/tokens.js';
export type { AccessTokenRepository } from './application/ports/access-token-repository.js';
export type {
  ApplicationKeyPage,
  ApplicationKeyRepository,
  BudgetCheck,
} from './application/ports/application-key-repository.js';
export type { InUse, Missing, OriginalGone, OverBudget, PrefixTaken } from './application/ports/storage-outcomes.js';
export type { DatabaseHealth, SchemaState } from './application/ports/database-health.js';
export type { MerchantRealmMappingRepository } from './application/ports/merchant-realm-mapping-repository.js';
export type { NewStoreRecords, StoreRepository } from './application/ports/store-repository.js';
export type { Clock, IdGenerator, Secrets } from './application/ports/system.js';

export { AuthenticateBearer } from './application/use-cases/authenticate-bearer.js';
export { CheckHealth } from './application/use-cases/check-health.js';
export { CheckReadiness, type Readiness } from './application/use-cases/check-readiness.js';
export { CreateApplicationKey } from './application/use-cases/create-application-key.js';
export { CreateStore, type CreatedStore } from './application/use-cases/create-store.js';
export { DeleteApplicationKey } from './application/use-cases/delete-application-key.js';
export { EnsureDefaultStore } from './application/use-cases/ensure-default-store.js';
export { GetApplicationKey } from './application/use-cases/get-application-key.js';
export { GetMerchantRealmMapping } from './application/use-cases/get-merchant-realm-mapping.js';
export { ResolveMerchantRealm } from './application/use-cases/resolve-merchant-realm.js';
export {
  GetStoreSettings,
  ResetStoreSettings,
  UpdateStoreSettings,
  type StoreSettings,
} from './application/use-cases/store-settings.js';
export { UpdateMerchantRealmPrefix } from './application/use-cases/update-merchant-realm-prefix.js';
export { AdmitRequest, type RateDecision } from './application/use-cases/admit-request.js';
export { FailedAuthentications, type AuthAttempt } from './application/use-cases/failed-authentications.js';
export { SetStoreRateLimit } from './application/use-cases/set-store-rate-limit.js';
export { ListStores } from './application/use-cases/list-stores.js';
export { IdempotentRequests, type NotRun, type Ticket } from './application/use-cases/idempotent-requests.js';
export type { RateLimiter, LimiterState } from './application/ports/rate-limiter.js';
export type { AuthFailureLimiter } from './application/ports/auth-failure-limiter.js';
export type { IdempotencyStore, IdempotencyClaim } from './application/ports/idempotency-store.js';
export {
  StorageUnavailable,
  isStorageUnavailable,
  StorageOutcomeUnknown,
  isStorageOutcomeUnknown,
} from './application/ports/storage-unavailable.js';
export { InMemoryRateLimiter } from './adapters/rate-limit/in-memory-rate-limiter.js';
export { RedisRateLimiter } from './adapters/rate-limit/redis-rate-limiter.js';
export { InMemoryAuthFailureLimiter } from './adapters/rate-limit/in-memory-auth-failure-limiter.js';
export { RedisAuthFailureLimiter } from './adapters/rate-limit/redis-auth-failure-limiter.js';
export {
  CreateSubscriptionProduct,
  DeleteSubscriptionProduct,
  GetSubscriptionProduct,
  ListSubscriptionProducts,
  UpdateSubscriptionProduct,
} from './application/use-cases/subscriptions/subscription-products.js';
export {
  CreateSubscriptionPlan,
  DeleteSubscriptionPlan,
  GetSubscriptionPlan,
  ListSubscriptionPlans,
  UpdateSubscriptionPlan,
} from './application/use-cases/subscriptions/subscription-plans.js';
export { BuildOffering, CreateOffering } from './application/use-cases/subscriptions/create-offering.js';
export {
  GetOffering,
  ListOfferings,
  type OfferingsIncluded,
  type OfferingWithIncludes,
} from './application/use-cases/subscriptions/read-offerings.js';
export { DeleteOffering, UpdateOffering } from './application/use-cases/subscriptions/change-offering.js';
export {
  AttachOfferingPlans,
  AttachOfferingProducts,
} from './application/use-cases/subscriptions/attach-to-offering.js';
export {
  DetachOfferingPlan,
  DetachOfferingProduct,
} from './application/use-cases/subscriptions/detach-from-offering.js';
export {
  UpdateOfferingPlan,
  UpdateOfferingProduct,
  type ChangedCopy,
} from './application/use-cases/subscriptions/edit-offering-copy.js';
export { ReplaceOfferingProducts } from './application/use-cases/subscriptions/replace-offering-products.js';
export {
  ListOfferingPlans,
  ListOfferingProducts,
  type OfferingCopies,
} from './application/use-cases/subscriptions/list-offering-copies.js';
export { CreateSubscription } from './application/use-cases/subscriptions/create-subscription.js';
export { DeleteSubscription } from './application/use-cases/subscriptions/delete-subscription.js';
export { UpdateSubscription } from './application/use-cases/subscriptions/update-subscription.js';
export { ManageSubscriptionProducts } from './application/use-cases/subscriptions/manage-subscription-products.js';
export {
  ListPlansOfSubscription,
  ListProductsOfSubscription,
  type SubscriptionCopies,
} from './application/use-cases/subscriptions/list-subscription-copies.js';
export {
  GetSubscription,
  ListSubscriptions,
  type Included,
} from './application/use-cases/subscriptions/read-subscriptions.js';
export {
  ChangeSubscriptionState,
  GetSubscriptionState,
  ListSubscriptionStates,
} from './application/use-cases/subscriptions/subscription-states.js';
export {
  CreateSubscriber,
  DeleteSubscriber,
  GetSubscriber,
  ListSubscribers,
  UpdateSubscriber,
} from './application/use-cases/subscriptions/subscribers.js';
export {
  CreateProrationPolicy,
  DeleteProrationPolicy,
  GetProrationPolicy,
  ListProrationPolicies,
  UpdateProrationPolicy,
} from './application/use-cases/subscriptions/proration-policies.js';
export {
  CreateDunningRule,
  DeleteDunningRule,
  GetDunningRule,
  ListDunningRules,
  UpdateDunningRule,
} from './application/use-cases/subscriptions/dunning-rules.js';
export { GetCartSettings, UpdateCartSettings } from './application/use-cases/cart-settings.js';
export {
  GetAccountMembershipSettings,
  UpdateAccountMembershipSettings,
} from './application/use-cases/account-membership-settings.js';
export {
  SetOfferingProrationPolicy,
  type OfferingProration,
} from './application/use-cases/subscriptions/offering-proration-policy.js';
export type { OfferingProrationRepository } from './application/ports/offering-proration-repository.js';
export type { OfferingFilterField, OfferingQuery } from './domain/subscription/offering-query.js';
export type {
  BillingPolicyRepository,
  DunningRuleRepository,
  ProrationPolicyRepository,
} from './application/ports/billing-policy-repository.js';
export type {
  AccountMembershipSettingsRepository,
  CartSettingsRepository,
  SettingsRepository,
} from './application/ports/settings-repository.js';
export type { BillingPolicy, BillingPolicyQuery } from './domain/subscription/billing-policy.js';
export type {
  ProrationPolicy,
  ProrationPolicyAttributes,
  ProrationPolicyChanges,
  ProrationRounding,
} from './domain/subscription/proration-policy.js';
export type { DunningRule, DunningRuleAttributes, DunningRuleChanges } from './domain/subscription/dunning-rule.js';
export type { CartSettings, CartSettingsChanges } from './domain/store/cart-settings.js';
export type {
  AccountMembershipSettings,
  AccountMembershipSettingsChanges,
} from './domain/store/account-membership-settings.js';
export type {
  CatalogueRepository,
  PlanRepository,
  ProductRepository,
} from './application/ports/catalogue-repository.js';
export type { OfferingRepository } from './application/ports/offering-repository.js';
export type {
  NewSubscription,
  StateChange,
  SubscriptionChange,
  SubscriptionPage,
  SubscriptionRepository,
  SubscriptionWithOffering,
} from './application/ports/subscription-repository.js';
export type { CatalogueRecord } from './domain/subscription/catalogue-record.js';
export type { Offering, OfferingItem, OfferingPlan, OfferingProduct } from './domain/subscription/offering.js';
export type { SubscriptionPlan } from './domain/subscription/plan.js';
export type { SubscriptionProduct } from './domain/subscription/product.js';
export type { StateAction, Subscription, SubscriptionStateRecord } from './domain/subscription/subscription.js';
export type { PaymentAuthority, PaymentAuthorityType } from './domain/subscription/payment-authority.js';
export type { CatalogueFilterField, CatalogueQuery } from './domain/subscription/catalogue-query.js';
export type {
  SubscriptionFilterField,
  SubscriptionInclude,
  SubscriptionQuery,
} from './domain/subscription/subscription-query.js';
export type { SubscriberRepository } from './application/ports/subscriber-repository.js';
export type { Subscriber, SubscriberAttributes, SubscriberChanges } from './domain/subscription/subscriber.js';
export type { SubscriberFilterField, SubscriberQuery } from './domain/subscription/subscriber-query.js';
export type { FilterCondition } from './domain/query/filter.js';
export { parseListQuery, type ListQuery, type ListRules } from './domain/query/list-query.js';
export { IssueAccessToken, type IssuedAccessToken } from './application/use-cases/issue-access-token.js';
export { RevokeAccessToken } from './application/use-cases/revoke-access-token.js';
export { RotateApplicationKeySecret } from './application/use-cases/rotate-application-key-secret.js';
export { SCOPES, type KeyScopes, type Scope } from './domain/auth/scope.js';
export type { RevocationCaller } from './domain/auth/revocation-request.js';
export { ListApplicationKeys } from './application/use-cases/list-application-keys.js';
export { PurgeExpiredTokens } from './application/use-cases/purge-expired-tokens.js';
export {
  ABANDONED_IMPORT_LINES_AFTER_MS,
  SweepAbandonedImportLines,
} from './application/use-cases/imports/sweep-abandoned-import-lines.js';
export { UpdateApplicationKey } from './application/use-cases/update-application-key.js';
export type { MintedApplicationKey } from './application/use-cases/mint-application-key.js';

export type { ApplicationKey } from './domain/application-key/application-key.js';
export type { AccessToken } from './domain/auth/access-token.js';
export type { MerchantRealmMapping } from './domain/merchant-realm/merchant-realm-mapping.js';
export { permits, type Access, type GrantType, type Principal } from './domain/auth/grant.js';
export { parsePageRequest, type Page, type PageMeta, type PageRequest, type TotalMethod } from './domain/query/page.js';
export { queryParams, type QueryParams } from './domain/query/query-params.js';
export type { DomainError, Issues, ValidationIssue } from './domain/shared/errors.js';
export { parseUuid, type Uuid } from './domain/shared/uuid.js';
export {
  AMOUNT_MAX,
  decimalFraction,
  fraction,
  roundDown,
  spreadByLargestRemainder,
  times,
  type Fraction,
} from './domain/shared/money.js';
export type { Store } from './domain/store/store.js';
export type { StoreQuery, StoreSummary } from './domain/store/store-summary.js';

export { inMemoryModule } from './adapters/persistence/in-memory/in-memory-module.js';
export { InMemoryState } from './adapters/persistence/in-memory/in-memory-state.js';
export { kyselyModule } from './adapters/persistence/kysely/kysely-module.js';
export { migrateToLatest } from './adapters/persistence/kysely/migrate.js';
export { openDatabase, type DatabaseHandle } from './adapters/persistence/kysely/open-database.js';
export { DataDirInUse, isDataDirInUse } from './adapters/persistence/kysely/data-dir-lock.js';
export type { DatabaseTarget } from './adapters/persistence/kysely/database-target.js';
export { systemModule } from './adapters/system/system-module.js';
export { createHttpApp, type HttpAppOptions } from './adapters/http/create-http-app.js';
export { buildContainer, type Persistence } from './container.js';
export { openCore, type OpenCore } from './bootstrap.js';

export type { Job, JobReport, JobStatus, JobType, InvoiceTaxes, TaxItem } from './domain/billing/job.js';
export type { JobOutcome, LaneRef } from './domain/billing/job-lane.js';
export { DEFAULT_JOB_LEASE_MS, jobTimingFor } from './domain/billing/job-lane.js';
export type { JobHandler, JobHandlers, JobRun } from './application/ports/job-handler.js';
export type { JobQueue } from './application/ports/job-queue.js';
export type { Claim, JobRepository, Running } from './application/ports/job-repository.js';
export type { JobSettings } from './application/ports/job-settings.js';
export {
  DeleteJob,
  GetJob,
  ListJobs,
  ResumeUnfinishedJobs,
  SubmitJob,
  SubmitScheduledJob,
} from './application/use-cases/jobs/job-use-cases.js';
export { LeaseLost, RunLane, type JobRunResult } from './application/use-cases/jobs/run-lane.js';
export type { BackgroundJobQueue, JobLog, JobWorker } from './adapters/jobs/background-job-queue.js';
export { InProcessJobQueue, type InProcessJobQueueOptions } from './adapters/jobs/in-process-job-queue.js';
export { BullMqJobQueue, type BullMqJobQueueOptions } from './adapters/jobs/bullmq-job-queue.js';
export { startJobs, type RunningJobs, type StartJobsOptions } from './adapters/jobs/start-jobs.js';
export type { ContainerOptions } from './container.js';

export type { StoreClock, TestClockRepository, TestClockSettings } from './application/ports/store-clock.js';
export { StoreTime, everyStoreOn } from './application/use-cases/test-clocks/store-time.js';
export { AdvanceTestClock, GetTestClock } from './application/use-cases/test-clocks/test-clock-use-cases.js';

// Billing: runs, taxes, payments, settlements, dunning requests, schedules and imports, as the API offers them.
export { RunBilling, BILLING_BATCH } from './application/use-cases/billing/run-billing.js';
export { RunTaxes } from './application/use-cases/billing/run-taxes.js';
export { RunPayments } from './application/use-cases/billing/run-payments.js';
export { SettleInvoicePayment } from './application/use-cases/billing/settle-invoice-payment.js';
export { RequestPaymentAttempt } from './application/use-cases/billing/request-payment-attempt.js';
export {
  GetInvoice,
  GetInvoicePayment,
  InvoiceLookup,
  ListInvoicePayments,
  ListInvoices,
} from './application/use-cases/billing/read-invoices.js';
export {
  CreateSchedule,
  DeleteSchedule,
  FireSchedule,
  GetSchedule,
  ListSchedules,
  RegisterSchedules,
  UpdateSchedule,
} from './application/use-cases/billing/schedules.js';
export {
  ConfiguredPaymentGateways,
  MANUAL_PAYMENTS,
  paymentsModule,
} from './adapters/payments/configured-payment-gateways.js';
export { GetImport, ListImportErrors, ListImports } from './application/use-cases/imports/read-imports.js';
export { RunImport } from './application/use-cases/imports/run-import.js';
export {
  UploadImport,
  type ImportUpload,
  type UploadedLine,
  type UploadRefusal,
} from './application/use-cases/imports/upload-import.js';
export type { BillingCandidate, InvoiceRepository, PaymentCandidate } from './application/ports/invoice-repository.js';
export type { PaymentGateway, PaymentGateways } from './application/ports/payment-gateway.js';
export type { ScheduleRepository } from './application/ports/schedule-repository.js';
export type { ScheduleCalendar } from './application/ports/schedule-calendar.js';
export type { ImportJobs } from './application/ports/import-jobs.js';
export type { ImportLineRepository, LineOutcome } from './application/ports/import-line-repository.js';
export type { StateChangeOptions } from './application/ports/subscription-repository.js';
export type {
  Invoice,
  InvoiceDraft,
  InvoiceItem,
  InvoiceProration,
  InvoiceTaxLine,
  SingleCurrencyPrice,
} from './domain/billing/invoice.js';
export type { GatewayOutcome, InvoicePayment, PaymentStatus } from './domain/billing/invoice-payment.js';
export type { Schedule, ScheduleAttributes, ScheduleChanges } from './domain/billing/schedule.js';
export type { BillingRunReport, CurrencyTotals } from './domain/billing/run-reports.js';
export type { ProratedPlan, ProrationEvent } from './domain/subscription/proration-event.js';
export {
  costOfDays,
  prorationDays,
  type InvoicedPeriod,
  type ProrationPolicyInUse,
} from './domain/billing/proration.js';

// Integrations: webhooks for observable events, their outbox, relay and logs.
export {
  CreateIntegration,
  DeleteIntegration,
  GetIntegration,
  ListIntegrations,
  UpdateIntegration,
} from './application/use-cases/integrations/integrations.js';
export { ListIntegrationJobs, ListIntegrationLogs } from './application/use-cases/integrations/integration-logs.js';
export { RelayDeliveries } from './application/use-cases/integrations/relay-deliveries.js';
export { INTEGRATION_TOKENS } from './application/integration-tokens.js';
export type { IntegrationRepository, LogScope } from './application/ports/integration-repository.js';
export type {
  AttemptOutcome,
  AttemptRecord,
  ClaimedDelivery,
  DeliveryRepository,
} from './application/ports/delivery-repository.js';
export type { WebhookAnswer, WebhookRequest, WebhookSender } from './application/ports/webhook-sender.js';
export type { HostResolver } from './application/ports/host-resolver.js';
export type { IntegrationSettings } from './application/ports/integration-settings.js';
export type { ObservedPayloads } from './application/ports/observed-payloads.js';
