import { ACCOUNT_TOKENS } from '../../src/application/account-tokens.js';
import { TOKENS } from '../../src/application/tokens.js';
import { buildContainer, type Persistence } from '../../src/container.js';

/** The ports of one backend, resolved through the same container modules the service uses. */
export const portsOf = (persistence: Persistence) => {
  const container = buildContainer(persistence);
  return {
    container,
    stores: container.get(TOKENS.StoreRepository),
    keys: container.get(TOKENS.ApplicationKeyRepository),
    tokens: container.get(TOKENS.AccessTokenRepository),
    mappings: container.get(TOKENS.MerchantRealmMappingRepository),
    products: container.get(TOKENS.ProductRepository),
    plans: container.get(TOKENS.PlanRepository),
    offerings: container.get(TOKENS.OfferingRepository),
    subscriptions: container.get(TOKENS.SubscriptionRepository),
    subscribers: container.get(TOKENS.SubscriberRepository),
    prorationPolicies: container.get(TOKENS.ProrationPolicyRepository),
    dunningRules: container.get(TOKENS.DunningRuleRepository),
    features: container.get(TOKENS.FeatureRepository),
    schedules: container.get(TOKENS.ScheduleRepository),
    cartSettings: container.get(TOKENS.CartSettingsRepository),
    accountMembershipSettings: container.get(TOKENS.AccountMembershipSettingsRepository),
    offeringProration: container.get(TOKENS.OfferingProrationRepository),
    health: container.get(TOKENS.DatabaseHealth),
    idempotency: container.get(TOKENS.IdempotencyStore),
    billingRuns: container.get(TOKENS.BillingRunStore),
    paymentRuns: container.get(TOKENS.PaymentRunStore),
    invoiceReads: container.get(TOKENS.InvoiceReads),
    paymentRefunds: container.get(TOKENS.PaymentRefunds),
    jobs: container.get(TOKENS.JobRepository),
    accounts: container.get(ACCOUNT_TOKENS.AccountRepository),
    accountMembers: container.get(ACCOUNT_TOKENS.AccountMemberRepository),
    accountMemberships: container.get(ACCOUNT_TOKENS.AccountMembershipRepository),
  };
};
