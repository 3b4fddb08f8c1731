import type { ServiceIdentifier } from 'inversify';
import type { AccessTokenRepository } from './ports/auth/access-token-repository.js';
import type { AccountMemberTokenRepository } from './ports/auth/account-member-token-repository.js';
import type { AuthFailureLimiter } from './ports/auth/auth-failure-limiter.js';
import type { BillingRunStore } from './ports/billing/billing-run-store.js';
import type { GatewayEvents } from './ports/billing/gateway-events.js';
import type { InvoiceReads } from './ports/billing/invoice-reads.js';
import type { OfferingProrationRepository } from './ports/billing/offering-proration-repository.js';
import type { PaymentGateways } from './ports/billing/payment-gateway.js';
import type { PaymentRefunds } from './ports/billing/payment-refunds.js';
import type { PaymentRunStore } from './ports/billing/payment-run-store.js';
import type { PlanRepository, ProductRepository } from './ports/catalogue/catalogue-repository.js';
import type { OfferingRepository } from './ports/catalogue/offering-repository.js';
import type { DatabaseHealth } from './ports/health/database-health.js';
import type { IdempotencyStore } from './ports/idempotency/idempotency-store.js';
import type { ImportJobs } from './ports/imports/import-jobs.js';
import type { ImportLineRepository } from './ports/imports/import-line-repository.js';
import type { JobHandlers } from './ports/jobs/job-handler.js';
import type { JobQueue } from './ports/jobs/job-queue.js';
import type { JobRepository } from './ports/jobs/job-repository.js';
import type { JobSettings } from './ports/jobs/job-settings.js';
import type { ApplicationKeyRepository } from './ports/keys/application-key-repository.js';
import type { RateLimiter } from './ports/rate-limits/rate-limiter.js';
import type { MerchantRealmMappingRepository } from './ports/realm-mappings/merchant-realm-mapping-repository.js';
import type { ScheduleCalendar } from './ports/schedules/schedule-calendar.js';
import type { ScheduleRepository } from './ports/schedules/schedule-repository.js';
import type {
  AccountMembershipSettingsRepository,
  CartSettingsRepository,
  CorsSettingsRepository,
} from './ports/settings/settings-repository.js';
import type {
  DunningRuleRepository,
  FeatureRepository,
  ProrationPolicyRepository,
} from './ports/store-record-repository.js';
import type { StoreRepository } from './ports/stores/store-repository.js';
import type { SubscriberRepository } from './ports/subscriptions/subscriber-repository.js';
import type { SubscriptionDocuments } from './ports/subscriptions/subscription-documents.js';
import type { SubscriptionRepository } from './ports/subscriptions/subscription-repository.js';
import type { Clock, IdGenerator, Random, Secrets } from './ports/system.js';
import type { StoreClock, TestClockRepository, TestClockSettings } from './ports/test-clocks/store-clock.js';
import type { WriteLedger } from './ports/write-ledger.js';

/** Typed identifiers of the ports: `bind(TOKENS.X).to(Impl)` only compiles when Impl implements X. */
export const TOKENS = {
  Clock: Symbol.for('commerce-core.Clock') as ServiceIdentifier<Clock>,
  IdGenerator: Symbol.for('commerce-core.IdGenerator') as ServiceIdentifier<IdGenerator>,
  Secrets: Symbol.for('commerce-core.Secrets') as ServiceIdentifier<Secrets>,
  Random: Symbol.for('commerce-core.Random') as ServiceIdentifier<Random>,
  StoreRepository: Symbol.for('commerce-core.StoreRepository') as ServiceIdentifier<StoreRepository>,
  ApplicationKeyRepository: Symbol.for(
    'commerce-core.ApplicationKeyRepository',
  ) as ServiceIdentifier<ApplicationKeyRepository>,
  AccessTokenRepository: Symbol.for('commerce-core.AccessTokenRepository') as ServiceIdentifier<AccessTokenRepository>,
  AccountMemberTokenRepository: Symbol.for(
    'commerce-core.AccountMemberTokenRepository',
  ) as ServiceIdentifier<AccountMemberTokenRepository>,
  MerchantRealmMappingRepository: Symbol.for(
    'commerce-core.MerchantRealmMappingRepository',
  ) as ServiceIdentifier<MerchantRealmMappingRepository>,
  ProductRepository: Symbol.for('commerce-core.ProductRepository') as ServiceIdentifier<ProductRepository>,
  PlanRepository: Symbol.for('commerce-core.PlanRepository') as ServiceIdentifier<PlanRepository>,
  OfferingRepository: Symbol.for('commerce-core.OfferingRepository') as ServiceIdentifier<OfferingRepository>,
  SubscriptionRepository: Symbol.for(
    'commerce-core.SubscriptionRepository',
  ) as ServiceIdentifier<SubscriptionRepository>,
  SubscriptionDocuments: Symbol.for('commerce-core.SubscriptionDocuments') as ServiceIdentifier<SubscriptionDocuments>,
  SubscriberRepository: Symbol.for('commerce-core.SubscriberRepository') as ServiceIdentifier<SubscriberRepository>,
  ProrationPolicyRepository: Symbol.for(
    'commerce-core.ProrationPolicyRepository',
  ) as ServiceIdentifier<ProrationPolicyRepository>,
  DunningRuleRepository: Symbol.for('commerce-core.DunningRuleRepository') as ServiceIdentifier<DunningRuleRepository>,
  FeatureRepository: Symbol.for('commerce-core.FeatureRepository') as ServiceIdentifier<FeatureRepository>,
  ScheduleRepository: Symbol.for('commerce-core.ScheduleRepository') as ServiceIdentifier<ScheduleRepository>,
  JobQueue: Symbol.for('commerce-core.JobQueue') as ServiceIdentifier<JobQueue>,
  ScheduleCalendar: Symbol.for('commerce-core.ScheduleCalendar') as ServiceIdentifier<ScheduleCalendar>,
  OfferingProrationRepository: Symbol.for(
    'commerce-core.OfferingProrationRepository',
  ) as ServiceIdentifier<OfferingProrationRepository>,
  CartSettingsRepository: Symbol.for(
    'commerce-core.CartSettingsRepository',
  ) as ServiceIdentifier<CartSettingsRepository>,
  AccountMembershipSettingsRepository: Symbol.for(
    'commerce-core.AccountMembershipSettingsRepository',
  ) as ServiceIdentifier<AccountMembershipSettingsRepository>,
  CorsSettingsRepository: Symbol.for(
    'commerce-core.CorsSettingsRepository',
  ) as ServiceIdentifier<CorsSettingsRepository>,
  DatabaseHealth: Symbol.for('commerce-core.DatabaseHealth') as ServiceIdentifier<DatabaseHealth>,
  IdempotencyStore: Symbol.for('commerce-core.IdempotencyStore') as ServiceIdentifier<IdempotencyStore>,
  WriteLedger: Symbol.for('commerce-core.WriteLedger') as ServiceIdentifier<WriteLedger>,
  RateLimiter: Symbol.for('commerce-core.RateLimiter') as ServiceIdentifier<RateLimiter>,
  AuthFailureLimiter: Symbol.for('commerce-core.AuthFailureLimiter') as ServiceIdentifier<AuthFailureLimiter>,
  BillingRunStore: Symbol.for('commerce-core.BillingRunStore') as ServiceIdentifier<BillingRunStore>,
  /** Subscriptions a billing run reads and invoices per transaction (`BILLING_BATCH`). */
  BillingBatchSize: Symbol.for('commerce-core.BillingBatchSize') as ServiceIdentifier<number>,
  PaymentRunStore: Symbol.for('commerce-core.PaymentRunStore') as ServiceIdentifier<PaymentRunStore>,
  InvoiceReads: Symbol.for('commerce-core.InvoiceReads') as ServiceIdentifier<InvoiceReads>,
  PaymentRefunds: Symbol.for('commerce-core.PaymentRefunds') as ServiceIdentifier<PaymentRefunds>,
  PaymentGateways: Symbol.for('commerce-core.PaymentGateways') as ServiceIdentifier<PaymentGateways>,
  GatewayEvents: Symbol.for('commerce-core.GatewayEvents') as ServiceIdentifier<GatewayEvents>,
  JobRepository: Symbol.for('commerce-core.JobRepository') as ServiceIdentifier<JobRepository>,
  JobHandlers: Symbol.for('commerce-core.JobHandlers') as ServiceIdentifier<Partial<JobHandlers>>,
  JobSettings: Symbol.for('commerce-core.JobSettings') as ServiceIdentifier<JobSettings>,
  ImportLineRepository: Symbol.for('commerce-core.ImportLineRepository') as ServiceIdentifier<ImportLineRepository>,
  ImportJobs: Symbol.for('commerce-core.ImportJobs') as ServiceIdentifier<ImportJobs>,
  StoreClock: Symbol.for('commerce-core.StoreClock') as ServiceIdentifier<StoreClock>,
  TestClockRepository: Symbol.for('commerce-core.TestClockRepository') as ServiceIdentifier<TestClockRepository>,
  TestClockSettings: Symbol.for('commerce-core.TestClockSettings') as ServiceIdentifier<TestClockSettings>,
} as const;
