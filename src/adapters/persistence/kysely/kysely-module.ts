import { ContainerModule } from 'inversify';
import { ACCOUNT_TOKENS } from '../../../application/account-tokens.js';
import { AUDIT_TOKENS } from '../../../application/audit-tokens.js';
import { AUTHENTICATION_REALM_TOKENS } from '../../../application/authentication-realm-tokens.js';
import { GATEWAY_TOKENS } from '../../../application/gateway-tokens.js';
import { INTEGRATION_TOKENS } from '../../../application/integration-tokens.js';
import { TOKENS } from '../../../application/tokens.js';
import { DUNNING_RULES } from '../../../domain/billing/dunning/dunning-rule.js';
import { PRORATION_POLICIES } from '../../../domain/billing/proration/proration-policy.js';
import { PLANS } from '../../../domain/catalogue/plan.js';
import { PRODUCTS } from '../../../domain/catalogue/product.js';
import { FEATURES } from '../../../domain/features/feature.js';
import { METRICS } from '../../metrics/metrics-tokens.js';
import { KyselyAccountMemberRepository } from './accounts/kysely-account-member-repository.js';
import { KyselyAccountMembershipRepository } from './accounts/kysely-account-membership-repository.js';
import { KyselyAccountRepository } from './accounts/kysely-account-repository.js';
import { KyselyAuditRecorder } from './audit/kysely-audit-recorder.js';
import { KyselyAuditTrail } from './audit/kysely-audit-trail.js';
import { KyselyAccessTokenRepository } from './auth/kysely-access-token-repository.js';
import { KyselyAccountMemberTokenRepository } from './auth/kysely-account-member-token-repository.js';
import { bindKyselyAuthenticationRealms } from './authentication-realms/kysely-authentication-realm-bindings.js';
import { KyselyBillingRunStore } from './billing/kysely-billing-run-store.js';
import { KyselyInvoiceReads } from './billing/kysely-invoice-reads.js';
import { KyselyOfferingProrationRepository } from './billing/kysely-offering-proration-repository.js';
import { KyselyPaymentRefunds } from './billing/kysely-payment-refunds.js';
import { KyselyPaymentRunStore } from './billing/kysely-payment-run-store.js';
import { KyselyCatalogueRepository } from './catalogue/kysely-catalogue-repository.js';
import { KyselyOfferingRepository } from './catalogue/kysely-offering-repository.js';
import type { DatabaseHandle } from './engine/open-database.js';
import { databaseWriteLedger } from './engine/write-ledger.js';
import { KyselyGatewaySettingsRepository } from './gateways/kysely-gateway-settings-repository.js';
import { KyselyDatabaseHealth } from './health/kysely-database-health.js';
import { KyselyIdempotencyStore } from './idempotency/kysely-idempotency-store.js';
import { KyselyImportLineRepository } from './imports/kysely-import-line-repository.js';
import { KyselyDeliveryRepository } from './integrations/kysely-delivery-repository.js';
import { KyselyIntegrationRepository } from './integrations/kysely-integration-repository.js';
import { KyselyOutbox } from './integrations/kysely-outbox.js';
import { KyselyJobRepository } from './jobs/kysely-job-repository.js';
import { KyselyApplicationKeyRepository } from './keys/kysely-application-key-repository.js';
import { KyselyStoreRecordRepository } from './kysely-store-record-repository.js';
import { bindKyselyPeople } from './people/kysely-people-bindings.js';
import { PERSISTENCE } from './persistence-tokens.js';
import { KyselyMerchantRealmMappingRepository } from './realm-mappings/kysely-merchant-realm-mapping-repository.js';
import { KyselyScheduleRepository } from './schedules/kysely-schedule-repository.js';
import { ACCOUNT_AUTHENTICATION_SETTINGS_ROWS } from './settings/account-authentication-settings-rows.js';
import {
  ACCOUNT_MEMBERSHIP_SETTINGS_ROWS,
  CART_SETTINGS_ROWS,
  CORS_SETTINGS_ROWS,
  KyselySettingsRepository,
} from './settings/kysely-settings-repository.js';
import { KyselyStoreRepository } from './stores/kysely-store-repository.js';
import { KyselySubscriberRepository } from './subscriptions/kysely-subscriber-repository.js';
import { KyselySubscriptionRepository } from './subscriptions/kysely-subscription-repository.js';
import { KyselyTestClockRepository } from './test-clocks/kysely-test-clock-repository.js';

/** Binds every port to its Kysely implementation over an open, migrated database. */
export const kyselyModule = (handle: DatabaseHandle) =>
  new ContainerModule(({ bind }) => {
    bind(PERSISTENCE.Database).toConstantValue(handle);
    // Whoever loads this module (the service, or a program that builds its own container) gets the pool's metrics.
    bind(METRICS.ObservedDatabase).toConstantValue(handle);
    bind(PERSISTENCE.AuditRecorder)
      .toDynamicValue(
        (ctx) =>
          new KyselyAuditRecorder(
            ctx.get(TOKENS.IdGenerator),
            ctx.get(TOKENS.Clock),
            ctx.get(AUDIT_TOKENS.AuditScope),
            handle.flavor,
          ),
      )
      .inSingletonScope();
    bind(AUDIT_TOKENS.AuditTrail).to(KyselyAuditTrail).inSingletonScope();
    bind(PERSISTENCE.Outbox)
      .toDynamicValue(
        (ctx) =>
          new KyselyOutbox(
            ctx.get(TOKENS.IdGenerator),
            ctx.get(TOKENS.Clock),
            ctx.get(INTEGRATION_TOKENS.ObservedPayloads),
            ctx.get(PERSISTENCE.AuditRecorder),
          ),
      )
      .inSingletonScope();
    bind(TOKENS.StoreRepository).to(KyselyStoreRepository).inSingletonScope();
    bind(TOKENS.ApplicationKeyRepository).to(KyselyApplicationKeyRepository).inSingletonScope();
    bind(TOKENS.AccessTokenRepository).to(KyselyAccessTokenRepository).inSingletonScope();
    bind(TOKENS.AccountMemberTokenRepository).to(KyselyAccountMemberTokenRepository).inSingletonScope();
    bind(TOKENS.MerchantRealmMappingRepository).to(KyselyMerchantRealmMappingRepository).inSingletonScope();
    bind(TOKENS.ProductRepository)
      .toDynamicValue(
        (ctx) => new KyselyCatalogueRepository(handle, 'subscription_products', PRODUCTS, ctx.get(PERSISTENCE.Outbox)),
      )
      .inSingletonScope();
    bind(TOKENS.PlanRepository)
      .toDynamicValue(
        (ctx) => new KyselyCatalogueRepository(handle, 'subscription_plans', PLANS, ctx.get(PERSISTENCE.Outbox)),
      )
      .inSingletonScope();
    bind(TOKENS.OfferingRepository).to(KyselyOfferingRepository).inSingletonScope();
    bind(TOKENS.SubscriptionRepository).to(KyselySubscriptionRepository).inSingletonScope();
    bind(TOKENS.SubscriberRepository).to(KyselySubscriberRepository).inSingletonScope();
    bind(TOKENS.ProrationPolicyRepository).toConstantValue(
      new KyselyStoreRecordRepository(handle, 'subscription_proration_policies', PRORATION_POLICIES),
    );
    bind(TOKENS.FeatureRepository).toConstantValue(
      new KyselyStoreRecordRepository(handle, 'subscription_features', FEATURES),
    );
    bind(TOKENS.DunningRuleRepository).toConstantValue(
      new KyselyStoreRecordRepository(handle, 'subscription_dunning_rules', DUNNING_RULES),
    );
    bind(TOKENS.ScheduleRepository)
      .toDynamicValue((ctx) => new KyselyScheduleRepository(handle, ctx.get(PERSISTENCE.Outbox)))
      .inSingletonScope();
    bind(TOKENS.CartSettingsRepository)
      .toDynamicValue(
        (ctx) => new KyselySettingsRepository(handle, CART_SETTINGS_ROWS, ctx.get(PERSISTENCE.AuditRecorder)),
      )
      .inSingletonScope();
    bind(TOKENS.AccountMembershipSettingsRepository)
      .toDynamicValue(
        (ctx) =>
          new KyselySettingsRepository(handle, ACCOUNT_MEMBERSHIP_SETTINGS_ROWS, ctx.get(PERSISTENCE.AuditRecorder)),
      )
      .inSingletonScope();
    bind(TOKENS.CorsSettingsRepository)
      .toDynamicValue(
        (ctx) => new KyselySettingsRepository(handle, CORS_SETTINGS_ROWS, ctx.get(PERSISTENCE.AuditRecorder)),
      )
      .inSingletonScope();
    bind(GATEWAY_TOKENS.GatewaySettingsRepository)
      .toDynamicValue((ctx) => new KyselyGatewaySettingsRepository(handle, ctx.get(PERSISTENCE.AuditRecorder)))
      .inSingletonScope();
    bind(TOKENS.OfferingProrationRepository).to(KyselyOfferingProrationRepository).inSingletonScope();
    bind(TOKENS.DatabaseHealth).to(KyselyDatabaseHealth).inSingletonScope();
    bind(TOKENS.IdempotencyStore).to(KyselyIdempotencyStore).inSingletonScope();
    bind(TOKENS.WriteLedger).toConstantValue(databaseWriteLedger);
    bind(TOKENS.TestClockRepository).to(KyselyTestClockRepository).inSingletonScope();
    bind(TOKENS.BillingRunStore).to(KyselyBillingRunStore).inSingletonScope();
    bind(TOKENS.PaymentRunStore).to(KyselyPaymentRunStore).inSingletonScope();
    bind(TOKENS.InvoiceReads).to(KyselyInvoiceReads).inSingletonScope();
    bind(TOKENS.PaymentRefunds).to(KyselyPaymentRefunds).inSingletonScope();
    bind(TOKENS.JobRepository).to(KyselyJobRepository).inSingletonScope();
    bind(TOKENS.ImportLineRepository).to(KyselyImportLineRepository).inSingletonScope();
    bind(INTEGRATION_TOKENS.IntegrationRepository).to(KyselyIntegrationRepository).inSingletonScope();
    bind(INTEGRATION_TOKENS.DeliveryRepository).to(KyselyDeliveryRepository).inSingletonScope();
    bindKyselyAuthenticationRealms(bind);
    bindKyselyPeople(bind);
    bind(AUTHENTICATION_REALM_TOKENS.AccountAuthenticationSettingsRepository)
      .toDynamicValue(
        (ctx) =>
          new KyselySettingsRepository(
            handle,
            ACCOUNT_AUTHENTICATION_SETTINGS_ROWS,
            ctx.get(PERSISTENCE.AuditRecorder),
          ),
      )
      .inSingletonScope();
    bind(ACCOUNT_TOKENS.AccountRepository).to(KyselyAccountRepository).inSingletonScope();
    bind(ACCOUNT_TOKENS.AccountMemberRepository).to(KyselyAccountMemberRepository).inSingletonScope();
    bind(ACCOUNT_TOKENS.AccountMembershipRepository).to(KyselyAccountMembershipRepository).inSingletonScope();
  });
