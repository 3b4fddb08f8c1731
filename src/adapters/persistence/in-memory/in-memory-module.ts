import { ContainerModule } from 'inversify';
import { ACCOUNT_TOKENS } from '../../../application/account-tokens.js';
import { AUDIT_TOKENS } from '../../../application/audit-tokens.js';
import { AUTHENTICATION_REALM_TOKENS } from '../../../application/authentication-realm-tokens.js';
import { GATEWAY_TOKENS } from '../../../application/gateway-tokens.js';
import { INTEGRATION_TOKENS } from '../../../application/integration-tokens.js';
import { TOKENS } from '../../../application/tokens.js';
import {
  ACCOUNT_AUTHENTICATION_SETTINGS_AUDIT,
  ACCOUNT_MEMBERSHIP_SETTINGS_AUDIT,
  CART_SETTINGS_AUDIT,
  CORS_SETTINGS_AUDIT,
} from '../../../domain/audit/audited-records.js';
import { DUNNING_RULES } from '../../../domain/billing/dunning/dunning-rule.js';
import { PRORATION_POLICIES } from '../../../domain/billing/proration/proration-policy.js';
import { FEATURES } from '../../../domain/features/feature.js';
import { DEFAULT_ACCOUNT_AUTHENTICATION_SETTINGS } from '../../../domain/settings/account-authentication-settings.js';
import { DEFAULT_ACCOUNT_MEMBERSHIP_SETTINGS } from '../../../domain/settings/account-membership-settings.js';
import { DEFAULT_CART_SETTINGS } from '../../../domain/settings/cart-settings.js';
import { DEFAULT_CORS_SETTINGS } from '../../../domain/settings/cors-settings.js';
import { InMemoryAccountMemberRepository } from './accounts/in-memory-account-member-repository.js';
import { InMemoryAccountMembershipRepository } from './accounts/in-memory-account-membership-repository.js';
import { InMemoryAccountRepository } from './accounts/in-memory-account-repository.js';
import { InMemoryAuditRecorder } from './audit/in-memory-audit-recorder.js';
import { InMemoryAuditTrail } from './audit/in-memory-audit-trail.js';
import { InMemoryAccessTokenRepository } from './auth/in-memory-access-token-repository.js';
import { InMemoryAccountMemberTokenRepository } from './auth/in-memory-account-member-token-repository.js';
import { bindInMemoryAuthenticationRealms } from './authentication-realms/in-memory-authentication-realm-bindings.js';
import { InMemoryBillingRunStore } from './billing/in-memory-billing-run-store.js';
import { InMemoryInvoiceReads } from './billing/in-memory-invoice-reads.js';
import { InMemoryOfferingProrationRepository } from './billing/in-memory-offering-proration-repository.js';
import { InMemoryPaymentRefunds } from './billing/in-memory-payment-refunds.js';
import { InMemoryPaymentRunStore } from './billing/in-memory-payment-run-store.js';
import { usedByAnOffering } from './billing/offering-proration-policies.js';
import { InMemoryCatalogueRepository } from './catalogue/in-memory-catalogue-repository.js';
import { InMemoryOfferingRepository } from './catalogue/in-memory-offering-repository.js';
import { InMemoryGatewaySettingsRepository } from './gateways/in-memory-gateway-settings-repository.js';
import { InMemoryIdempotencyStore } from './idempotency/in-memory-idempotency-store.js';
import { InMemoryImportLineRepository } from './imports/in-memory-import-line-repository.js';
import { InMemoryState } from './in-memory-state.js';
import { InMemoryStoreRecordRepository } from './in-memory-store-record-repository.js';
import { IN_MEMORY } from './in-memory-tokens.js';
import { inMemoryWriteLedger } from './in-memory-write-ledger.js';
import { InMemoryDeliveryRepository } from './integrations/in-memory-delivery-repository.js';
import { InMemoryIntegrationRepository } from './integrations/in-memory-integration-repository.js';
import { InMemoryOutbox } from './integrations/in-memory-outbox.js';
import { InMemoryJobRepository } from './jobs/in-memory-job-repository.js';
import { InMemoryApplicationKeyRepository } from './keys/in-memory-application-key-repository.js';
import { bindInMemoryPeople } from './people/in-memory-people-bindings.js';
import { InMemoryMerchantRealmMappingRepository } from './realm-mappings/in-memory-merchant-realm-mapping-repository.js';
import { InMemoryScheduleRepository } from './schedules/in-memory-schedule-repository.js';
import { InMemorySettingsRepository } from './settings/in-memory-settings-repository.js';
import { InMemoryStoreRepository } from './stores/in-memory-store-repository.js';
import { InMemorySubscriberRepository } from './subscriptions/in-memory-subscriber-repository.js';
import { InMemorySubscriptionRepository } from './subscriptions/in-memory-subscription-repository.js';
import { InMemoryTestClockRepository } from './test-clocks/in-memory-test-clock-repository.js';

/** Binds every port to an in-memory implementation: for tests, demos and embedders that bring no database. */
export const inMemoryModule = (state: InMemoryState = new InMemoryState()) =>
  new ContainerModule(({ bind }) => {
    bind(IN_MEMORY.State).toConstantValue(state);
    bind(IN_MEMORY.AuditRecorder)
      .toDynamicValue(
        (ctx) =>
          new InMemoryAuditRecorder(
            state,
            ctx.get(TOKENS.IdGenerator),
            ctx.get(TOKENS.Clock),
            ctx.get(AUDIT_TOKENS.AuditScope),
          ),
      )
      .inSingletonScope();
    bind(AUDIT_TOKENS.AuditTrail).to(InMemoryAuditTrail).inSingletonScope();
    bind(IN_MEMORY.Outbox)
      .toDynamicValue(
        (ctx) =>
          new InMemoryOutbox(
            state,
            ctx.get(TOKENS.IdGenerator),
            ctx.get(TOKENS.Clock),
            ctx.get(INTEGRATION_TOKENS.ObservedPayloads),
            ctx.get(IN_MEMORY.AuditRecorder),
          ),
      )
      .inSingletonScope();
    bind(TOKENS.StoreRepository).to(InMemoryStoreRepository).inSingletonScope();
    bind(TOKENS.TestClockRepository).to(InMemoryTestClockRepository).inSingletonScope();
    bind(TOKENS.ApplicationKeyRepository).to(InMemoryApplicationKeyRepository).inSingletonScope();
    bind(TOKENS.AccessTokenRepository).to(InMemoryAccessTokenRepository).inSingletonScope();
    bind(TOKENS.AccountMemberTokenRepository).to(InMemoryAccountMemberTokenRepository).inSingletonScope();
    bind(TOKENS.MerchantRealmMappingRepository).to(InMemoryMerchantRealmMappingRepository).inSingletonScope();
    bind(TOKENS.ProductRepository)
      .toDynamicValue(
        (ctx) =>
          new InMemoryCatalogueRepository(
            state.products,
            state.offerings,
            (o) => o.products,
            ctx.get(IN_MEMORY.Outbox),
          ),
      )
      .inSingletonScope();
    bind(TOKENS.PlanRepository)
      .toDynamicValue(
        (ctx) =>
          new InMemoryCatalogueRepository(state.plans, state.offerings, (o) => o.plans, ctx.get(IN_MEMORY.Outbox)),
      )
      .inSingletonScope();
    bind(TOKENS.OfferingRepository).to(InMemoryOfferingRepository).inSingletonScope();
    bind(TOKENS.SubscriptionRepository).to(InMemorySubscriptionRepository).inSingletonScope();
    bind(TOKENS.SubscriberRepository).to(InMemorySubscriberRepository).inSingletonScope();
    bind(TOKENS.ProrationPolicyRepository).toConstantValue(
      new InMemoryStoreRecordRepository(state.prorationPolicies, PRORATION_POLICIES, (id) =>
        usedByAnOffering(state, id),
      ),
    );
    bind(TOKENS.FeatureRepository).toConstantValue(new InMemoryStoreRecordRepository(state.features, FEATURES));
    bind(TOKENS.DunningRuleRepository).toConstantValue(
      new InMemoryStoreRecordRepository(state.dunningRules, DUNNING_RULES),
    );
    bind(TOKENS.ScheduleRepository)
      .toDynamicValue((ctx) => new InMemoryScheduleRepository(state.schedules, ctx.get(IN_MEMORY.Outbox)))
      .inSingletonScope();
    bind(TOKENS.CartSettingsRepository)
      .toDynamicValue(
        (ctx) =>
          new InMemorySettingsRepository(
            state,
            state.cartSettings,
            DEFAULT_CART_SETTINGS,
            ctx.get(IN_MEMORY.AuditRecorder),
            CART_SETTINGS_AUDIT,
          ),
      )
      .inSingletonScope();
    bind(TOKENS.AccountMembershipSettingsRepository)
      .toDynamicValue(
        (ctx) =>
          new InMemorySettingsRepository(
            state,
            state.accountMembershipSettings,
            DEFAULT_ACCOUNT_MEMBERSHIP_SETTINGS,
            ctx.get(IN_MEMORY.AuditRecorder),
            ACCOUNT_MEMBERSHIP_SETTINGS_AUDIT,
          ),
      )
      .inSingletonScope();
    bind(TOKENS.CorsSettingsRepository)
      .toDynamicValue(
        (ctx) =>
          new InMemorySettingsRepository(
            state,
            state.corsSettings,
            DEFAULT_CORS_SETTINGS,
            ctx.get(IN_MEMORY.AuditRecorder),
            CORS_SETTINGS_AUDIT,
          ),
      )
      .inSingletonScope();
    bind(GATEWAY_TOKENS.GatewaySettingsRepository)
      .toDynamicValue((ctx) => new InMemoryGatewaySettingsRepository(state, ctx.get(IN_MEMORY.AuditRecorder)))
      .inSingletonScope();
    bind(TOKENS.OfferingProrationRepository).to(InMemoryOfferingProrationRepository).inSingletonScope();
    bind(TOKENS.DatabaseHealth).toConstantValue({ ping: async () => true, schema: async () => 'current' });
    bind(TOKENS.IdempotencyStore).to(InMemoryIdempotencyStore).inSingletonScope();
    bind(TOKENS.WriteLedger).toConstantValue(inMemoryWriteLedger);
    bind(TOKENS.BillingRunStore).to(InMemoryBillingRunStore).inSingletonScope();
    bind(TOKENS.PaymentRunStore).to(InMemoryPaymentRunStore).inSingletonScope();
    bind(TOKENS.InvoiceReads).to(InMemoryInvoiceReads).inSingletonScope();
    bind(TOKENS.PaymentRefunds).to(InMemoryPaymentRefunds).inSingletonScope();
    bind(TOKENS.JobRepository).to(InMemoryJobRepository).inSingletonScope();
    bind(TOKENS.ImportLineRepository).to(InMemoryImportLineRepository).inSingletonScope();
    bind(INTEGRATION_TOKENS.IntegrationRepository).to(InMemoryIntegrationRepository).inSingletonScope();
    bind(INTEGRATION_TOKENS.DeliveryRepository).to(InMemoryDeliveryRepository).inSingletonScope();
    bindInMemoryAuthenticationRealms(bind);
    bindInMemoryPeople(bind);
    bind(AUTHENTICATION_REALM_TOKENS.AccountAuthenticationSettingsRepository)
      .toDynamicValue(
        (ctx) =>
          new InMemorySettingsRepository(
            state,
            state.accountAuthenticationSettings,
            DEFAULT_ACCOUNT_AUTHENTICATION_SETTINGS,
            ctx.get(IN_MEMORY.AuditRecorder),
            ACCOUNT_AUTHENTICATION_SETTINGS_AUDIT,
          ),
      )
      .inSingletonScope();
    bind(ACCOUNT_TOKENS.AccountRepository).to(InMemoryAccountRepository).inSingletonScope();
    bind(ACCOUNT_TOKENS.AccountMemberRepository).to(InMemoryAccountMemberRepository).inSingletonScope();
    bind(ACCOUNT_TOKENS.AccountMembershipRepository).to(InMemoryAccountMembershipRepository).inSingletonScope();
  });
