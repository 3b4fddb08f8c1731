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
export type { AccessTokenRepository } from './application/ports/auth/access-token-repository.js';
export type {
  ApplicationKeyPage,
  ApplicationKeyRepository,
  BudgetCheck,
} from './application/ports/keys/application-key-repository.js';
export type { InUse, Missing, OriginalGone, OverBudget, PrefixTaken } from './application/ports/storage-outcomes.js';
export type { DatabaseHealth, SchemaState } from './application/ports/health/database-health.js';
export type { MerchantRealmMappingRepository } from './application/ports/realm-mappings/merchant-realm-mapping-repository.js';
export type { NewStoreRecords, StoreRepository } from './application/ports/stores/store-repository.js';
export type { Clock, IdGenerator, Secrets } from './application/ports/system.js';

export { AuthenticateBearer } from './application/use-cases/auth/authenticate-bearer.js';
export { CheckHealth } from './application/use-cases/health/check-health.js';
export { CheckReadiness, type Readiness } from './application/use-cases/health/check-readiness.js';
export { CreateApplicationKey } from './application/use-cases/keys/create-application-key.js';
export { CreateStore, type CreatedStore } from './application/use-cases/stores/create-store.js';
export { DeleteApplicationKey } from './application/use-cases/keys/delete-application-key.js';
export { EnsureDefaultStore } from './application/use-cases/stores/ensure-default-store.js';
export { GetApplicationKey } from './application/use-cases/keys/get-application-key.js';
export { GetMerchantRealmMapping } from './application/use-cases/realm-mappings/get-merchant-realm-mapping.js';
export { ResolveMerchantRealm } from './application/use-cases/realm-mappings/resolve-merchant-realm.js';
export { GetStoreSettings, type StoreSettings } from './application/use-cases/settings/store-settings.js';
export { ResetStoreSettings } from './application/use-cases/settings/reset-store-settings.js';
export { UpdateStoreSettings } from './application/use-cases/settings/update-store-settings.js';
export { UpdateMerchantRealmPrefix } from './application/use-cases/realm-mappings/update-merchant-realm-prefix.js';
export { AdmitRequest, type RateDecision } from './application/use-cases/rate-limits/admit-request.js';
export { FailedAuthentications } from './application/use-cases/auth/failed-authentications.js';
export { SetStoreRateLimit } from './application/use-cases/stores/set-store-rate-limit.js';
export { ListStores } from './application/use-cases/stores/list-stores.js';
export {
  IdempotentRequests,
  type NotRun,
  type Ticket,
} from './application/use-cases/idempotency/idempotent-requests.js';
export type { RateLimiter, LimiterState } from './application/ports/rate-limits/rate-limiter.js';
export type { AuthFailureLimiter } from './application/ports/auth/auth-failure-limiter.js';
export type { IdempotencyStore, IdempotencyClaim } from './application/ports/idempotency/idempotency-store.js';
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
} from './application/use-cases/catalogue/subscription-products.js';
export {
  CreateSubscriptionPlan,
  DeleteSubscriptionPlan,
  GetSubscriptionPlan,
  ListSubscriptionPlans,
  UpdateSubscriptionPlan,
} from './application/use-cases/catalogue/subscription-plans.js';
export { BuildOffering } from './application/use-cases/catalogue/build-offering.js';
export { CreateOffering } from './application/use-cases/catalogue/create-offering.js';
export {
  GetOffering,
  type OfferingsIncluded,
  type OfferingWithIncludes,
} from './application/use-cases/catalogue/read-offerings.js';
export { ListOfferings } from './application/use-cases/catalogue/list-offerings.js';
export { DeleteOffering } from './application/use-cases/catalogue/delete-offering.js';
export { UpdateOffering } from './application/use-cases/catalogue/change-offering.js';
export { AttachOfferingPlans } from './application/use-cases/catalogue/attach-offering-plans.js';
export { AttachOfferingProducts } from './application/use-cases/catalogue/attach-to-offering.js';
export { DetachOfferingPlan } from './application/use-cases/catalogue/detach-offering-plan.js';
export { DetachOfferingProduct } from './application/use-cases/catalogue/detach-from-offering.js';
export { UpdateOfferingPlan } from './application/use-cases/catalogue/update-offering-plan.js';
export { UpdateOfferingProduct, type ChangedCopy } from './application/use-cases/catalogue/edit-offering-copy.js';
export { ReplaceOfferingProducts } from './application/use-cases/catalogue/replace-offering-products.js';
export { ListOfferingPlans } from './application/use-cases/catalogue/list-offering-plans.js';
export { ListOfferingProducts, type OfferingCopies } from './application/use-cases/catalogue/list-offering-copies.js';
export { CreateSubscription } from './application/use-cases/subscriptions/create-subscription.js';
export { DeleteSubscription } from './application/use-cases/subscriptions/delete-subscription.js';
export { UpdateSubscription } from './application/use-cases/subscriptions/update-subscription.js';
export { ManageSubscriptionProducts } from './application/use-cases/subscriptions/manage-subscription-products.js';
export {
  ListPlansOfSubscription,
  type SubscriptionCopies,
} from './application/use-cases/subscriptions/list-subscription-copies.js';
export { ListProductsOfSubscription } from './application/use-cases/subscriptions/list-products-of-subscription.js';
export { GetSubscription, type Included } from './application/use-cases/subscriptions/read-subscriptions.js';
export { ListSubscriptions } from './application/use-cases/subscriptions/list-subscriptions.js';
export { ChangeSubscriptionState } from './application/use-cases/subscriptions/subscription-states.js';
export { GetSubscriptionState } from './application/use-cases/subscriptions/get-subscription-state.js';
export { ListSubscriptionStates } from './application/use-cases/subscriptions/list-subscription-states.js';
export { CreateSubscriber } from './application/use-cases/subscriptions/subscribers.js';
export { DeleteSubscriber } from './application/use-cases/subscriptions/subscribers.js';
export { GetSubscriber } from './application/use-cases/subscriptions/subscribers.js';
export { ListSubscribers } from './application/use-cases/subscriptions/subscribers.js';
export { UpdateSubscriber } from './application/use-cases/subscriptions/subscribers.js';
export {
  CreateProrationPolicy,
  DeleteProrationPolicy,
  GetProrationPolicy,
  ListProrationPolicies,
  UpdateProrationPolicy,
} from './application/use-cases/billing/proration-policies.js';
export {
  CreateDunningRule,
  DeleteDunningRule,
  GetDunningRule,
  ListDunningRules,
  UpdateDunningRule,
} from './application/use-cases/billing/dunning-rules.js';
export { GetCartSettings } from './application/use-cases/settings/cart-settings.js';
export { UpdateCartSettings } from './application/use-cases/settings/update-cart-settings.js';
export { GetAccountMembershipSettings } from './application/use-cases/settings/account-membership-settings.js';
export { UpdateAccountMembershipSettings } from './application/use-cases/settings/update-account-membership-settings.js';
export {
  SetOfferingProrationPolicy,
  type OfferingProration,
} from './application/use-cases/billing/offering-proration-policy.js';
export type { OfferingProrationRepository } from './application/ports/billing/offering-proration-repository.js';
export type { OfferingFilterField, OfferingQuery } from './domain/catalogue/offering-query.js';
export type {
  StoreRecordRepository,
  DunningRuleRepository,
  ProrationPolicyRepository,
} from './application/ports/store-record-repository.js';
export type {
  AccountMembershipSettingsRepository,
  CartSettingsRepository,
  SettingsRepository,
} from './application/ports/settings/settings-repository.js';
export type { StoreRecord, StoreRecordQuery } from './domain/shared/store-record.js';
export type {
  ProrationPolicy,
  ProrationPolicyAttributes,
  ProrationPolicyChanges,
  ProrationRounding,
} from './domain/billing/proration-policy.js';
export type { DunningRule, DunningRuleAttributes, DunningRuleChanges } from './domain/billing/dunning-rule.js';
export type { CartSettings, CartSettingsChanges } from './domain/settings/cart-settings.js';
export type {
  AccountMembershipSettings,
  AccountMembershipSettingsChanges,
} from './domain/settings/account-membership-settings.js';
export type {
  CatalogueRepository,
  PlanRepository,
  ProductRepository,
} from './application/ports/catalogue/catalogue-repository.js';
export type { OfferingRepository } from './application/ports/catalogue/offering-repository.js';
export type {
  NewSubscription,
  StateChange,
  SubscriptionChange,
  SubscriptionPage,
  SubscriptionRepository,
  SubscriptionWithOffering,
} from './application/ports/subscriptions/subscription-repository.js';
export type { CatalogueRecord } from './domain/catalogue/catalogue-record.js';
export type { Offering, OfferingItem, OfferingPlan, OfferingProduct } from './domain/catalogue/offering.js';
export type { SubscriptionPlan } from './domain/catalogue/plan.js';
export type { SubscriptionProduct } from './domain/catalogue/product.js';
export type { StateAction, Subscription, SubscriptionStateRecord } from './domain/subscriptions/subscription.js';
export type { PaymentAuthority, PaymentAuthorityType } from './domain/subscriptions/payment-authority.js';
export type { CatalogueFilterField, CatalogueQuery } from './domain/catalogue/catalogue-query.js';
export type {
  SubscriptionFilterField,
  SubscriptionInclude,
  SubscriptionQuery,
} from './domain/subscriptions/subscription-query.js';
export type { SubscriberRepository } from './application/ports/subscriptions/subscriber-repository.js';
export type { Subscriber, SubscriberAttributes, SubscriberChanges } from './domain/subscriptions/subscriber.js';
export type { SubscriberFilterField, SubscriberQuery } from './domain/subscriptions/subscriber-query.js';
export type { FilterCondition } from './domain/query/filter.js';
export { parseListQuery, type ListQuery, type ListRules } from './domain/query/list-query.js';
export { IssueAccessToken, type IssuedAccessToken } from './application/use-cases/auth/issue-access-token.js';
export { RevokeAccessToken } from './application/use-cases/auth/revoke-access-token.js';
export { RotateApplicationKeySecret } from './application/use-cases/keys/rotate-application-key-secret.js';
export { SCOPES, type KeyScopes, type Scope } from './domain/auth/scope.js';
export type { RevocationCaller } from './domain/auth/revocation-request.js';
export { ListApplicationKeys } from './application/use-cases/keys/list-application-keys.js';
export { PurgeExpiredTokens } from './application/use-cases/auth/purge-expired-tokens.js';
export {
  ABANDONED_IMPORT_LINES_AFTER_MS,
  SweepAbandonedImportLines,
} from './application/use-cases/imports/sweep-abandoned-import-lines.js';
export { UpdateApplicationKey } from './application/use-cases/keys/update-application-key.js';
export type { MintedApplicationKey } from './application/use-cases/keys/mint-application-key.js';

export type { ApplicationKey } from './domain/keys/application-key.js';
export type { AccessToken } from './domain/auth/access-token.js';
export type { MerchantRealmMapping } from './domain/realm-mappings/merchant-realm-mapping.js';
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
export type { Store } from './domain/stores/store.js';
export type { StoreQuery, StoreSummary } from './domain/stores/store-summary.js';

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

export type { Job, JobReport, JobStatus, JobType, InvoiceTaxes, TaxItem } from './domain/jobs/job.js';
export type { JobOutcome, LaneRef } from './domain/jobs/job-lane.js';
export { DEFAULT_JOB_LEASE_MS, jobTimingFor } from './domain/jobs/job-lane.js';
export type { JobHandler, JobHandlers, JobRun } from './application/ports/jobs/job-handler.js';
export type { JobQueue } from './application/ports/jobs/job-queue.js';
export type { Claim, JobRepository, Running } from './application/ports/jobs/job-repository.js';
export type { JobSettings } from './application/ports/jobs/job-settings.js';
export { DeleteJob } from './application/use-cases/jobs/delete-job.js';
export { GetJob } from './application/use-cases/jobs/get-job.js';
export { ListJobs } from './application/use-cases/jobs/list-jobs.js';
export { ResumeUnfinishedJobs } from './application/use-cases/jobs/resume-unfinished-jobs.js';
export { SubmitJob } from './application/use-cases/jobs/job-use-cases.js';
export { SubmitScheduledJob } from './application/use-cases/jobs/submit-scheduled-job.js';
export { LeaseLost, RunLane, type JobRunResult } from './application/use-cases/jobs/run-lane.js';
export type { BackgroundJobQueue, JobLog, JobWorker } from './adapters/jobs/background-job-queue.js';
export { InProcessJobQueue, type InProcessJobQueueOptions } from './adapters/jobs/in-process-job-queue.js';
export { BullMqJobQueue, type BullMqJobQueueOptions } from './adapters/jobs/bullmq-job-queue.js';
export { startJobs, type RunningJobs, type StartJobsOptions } from './adapters/jobs/start-jobs.js';
export {
  startBackgroundWork,
  type BackgroundWorkOptions,
  type RunningBackgroundWork,
} from './adapters/service/start-background-work.js';
export type { ContainerOptions } from './container.js';

export type {
  StoreClock,
  TestClockRepository,
  TestClockSettings,
} from './application/ports/test-clocks/store-clock.js';
export { StoreTime, everyStoreOn } from './application/use-cases/test-clocks/store-time.js';
export { AdvanceTestClock } from './application/use-cases/test-clocks/advance-test-clock.js';
export { GetTestClock } from './application/use-cases/test-clocks/test-clock-use-cases.js';

// Billing: runs, taxes, payments, settlements, dunning requests, schedules and imports, as the API offers them.
export { RunBilling, BILLING_BATCH } from './application/use-cases/billing/run-billing.js';
export { RunTaxes } from './application/use-cases/billing/run-taxes.js';
export { RunPayments } from './application/use-cases/billing/run-payments.js';
export { SettleInvoicePayment } from './application/use-cases/billing/settle-invoice-payment.js';
export { RequestPaymentAttempt } from './application/use-cases/billing/request-payment-attempt.js';
export { GetInvoice } from './application/use-cases/billing/get-invoice.js';
export { GetInvoicePayment } from './application/use-cases/billing/get-invoice-payment.js';
export { InvoiceLookup } from './application/use-cases/billing/read-invoices.js';
export { ListInvoicePayments } from './application/use-cases/billing/list-invoice-payments.js';
export { ListInvoices } from './application/use-cases/billing/list-invoices.js';
export { CreateSchedule } from './application/use-cases/schedules/schedules.js';
export { DeleteSchedule } from './application/use-cases/schedules/delete-schedule.js';
export { FireSchedule } from './application/use-cases/schedules/fire-schedule.js';
export { GetSchedule } from './application/use-cases/schedules/get-schedule.js';
export { ListSchedules } from './application/use-cases/schedules/list-schedules.js';
export { NextFirings } from './application/use-cases/schedules/next-firings.js';
export { RegisterSchedules } from './application/use-cases/schedules/register-schedules.js';
export { UpdateSchedule } from './application/use-cases/schedules/update-schedule.js';
export {
  ConfiguredPaymentGateways,
  MANUAL_PAYMENTS,
  paymentsModule,
} from './adapters/payments/configured-payment-gateways.js';
export { GetImport } from './application/use-cases/imports/read-imports.js';
export { ListImportErrors } from './application/use-cases/imports/list-import-errors.js';
export { ListImports } from './application/use-cases/imports/list-imports.js';
export { RunImport } from './application/use-cases/imports/run-import.js';
export {
  UploadImport,
  type ImportUpload,
  type UploadedLine,
  type UploadRefusal,
} from './application/use-cases/imports/upload-import.js';
export type { BillingCandidate, BillingRunStore } from './application/ports/billing/billing-run-store.js';
export type { InvoiceReads } from './application/ports/billing/invoice-reads.js';
export type { PaymentCandidate, PaymentRunStore } from './application/ports/billing/payment-run-store.js';
export type { PaymentGateway, PaymentGateways } from './application/ports/billing/payment-gateway.js';
export type { ScheduleRepository } from './application/ports/schedules/schedule-repository.js';
export type { ScheduleCalendar } from './application/ports/schedules/schedule-calendar.js';
export type { ImportJobs } from './application/ports/imports/import-jobs.js';
export type { ImportLineRepository, LineOutcome } from './application/ports/imports/import-line-repository.js';
export type { StateChangeOptions } from './application/ports/subscriptions/subscription-repository.js';
export type {
  Invoice,
  InvoiceDraft,
  InvoiceItem,
  InvoiceProration,
  InvoiceTaxLine,
  SingleCurrencyPrice,
} from './domain/billing/invoice.js';
export type { GatewayOutcome, InvoicePayment, PaymentStatus } from './domain/billing/invoice-payment.js';
export type { Schedule, ScheduleAttributes, ScheduleChanges } from './domain/schedules/schedule.js';
export type { BillingRunReport, CurrencyTotals } from './domain/billing/run-reports.js';
export type { ProratedPlan, ProrationEvent } from './domain/billing/proration-event.js';
export {
  costOfDays,
  prorationDays,
  type InvoicedPeriod,
  type ProrationPolicyInUse,
} from './domain/billing/proration.js';

// Integrations: webhooks for observable events, their outbox, relay and logs.
export { CreateIntegration } from './application/use-cases/integrations/integrations.js';
export { DeleteIntegration } from './application/use-cases/integrations/delete-integration.js';
export { GetIntegration } from './application/use-cases/integrations/get-integration.js';
export { ListIntegrations } from './application/use-cases/integrations/list-integrations.js';
export { UpdateIntegration } from './application/use-cases/integrations/update-integration.js';
export { ListIntegrationJobs } from './application/use-cases/integrations/list-integration-jobs.js';
export { ListIntegrationLogs } from './application/use-cases/integrations/integration-logs.js';
export { RelayDeliveries } from './application/use-cases/integrations/relay-deliveries.js';
export { INTEGRATION_TOKENS } from './application/integration-tokens.js';
export type { IntegrationRepository, LogScope } from './application/ports/integrations/integration-repository.js';
export type {
  AttemptOutcome,
  AttemptRecord,
  ClaimedDelivery,
  DeliveryRepository,
} from './application/ports/integrations/delivery-repository.js';
export type { WebhookAnswer, WebhookRequest, WebhookSender } from './application/ports/integrations/webhook-sender.js';
export type { HostResolver } from './application/ports/integrations/host-resolver.js';
export type { IntegrationSettings } from './application/ports/integrations/integration-settings.js';
export { DEFAULT_INTEGRATION_SETTINGS } from './adapters/config/integration-settings.js';
export type { ObservedPayloads } from './application/ports/integrations/observed-payloads.js';
