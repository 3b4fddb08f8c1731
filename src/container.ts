import { Container } from 'inversify';
import { DEFAULT_AUDIT_RETENTION_DAYS } from './adapters/config/audit-settings.js';
import { type AuthorizeNetSettings, DEFAULT_AUTHORIZE_NET_SETTINGS } from './adapters/config/authorize-net-settings.js';
import { DEFAULT_INTEGRATION_SETTINGS } from './adapters/config/integration-settings.js';
import { DEFAULT_STRIPE_SETTINGS, type StripeSettings } from './adapters/config/stripe-settings.js';
import { httpPayloads } from './adapters/http/integrations/observed-payloads.js';
import { storedSubscriptionDocuments } from './adapters/http/subscriptions/subscription-stored-document.js';
import { DnsHostResolver } from './adapters/integrations/dns-host-resolver.js';
import { HttpWebhookSender } from './adapters/integrations/http-webhook-sender.js';
import { InProcessJobQueue } from './adapters/jobs/in-process-job-queue.js';
import { authorizeNetCredentialsFromSettings } from './adapters/payments/authorize-net/authorize-net-credentials.js';
import {
  type AuthorizeNetCredentialsOf,
  AuthorizeNetGateway,
} from './adapters/payments/authorize-net/authorize-net-gateway.js';
import { ConfiguredPaymentGateways, paymentsModule } from './adapters/payments/configured-payment-gateways.js';
import {
  stripeCredentialsFromSettings,
  stripeWebhookSecretFromSettings,
} from './adapters/payments/stripe/stripe-credentials.js';
import { StripeEvents } from './adapters/payments/stripe/stripe-events.js';
import { type StripeCredentialsOf, StripeGateway } from './adapters/payments/stripe/stripe-gateway.js';
import { FreshStores, FreshTokens, KeysThatForget } from './adapters/persistence/fresh/fresh-repositories.js';
import { FreshSettings } from './adapters/persistence/fresh/fresh-settings.js';
import { inMemoryModule } from './adapters/persistence/in-memory/in-memory-module.js';
import type { InMemoryState } from './adapters/persistence/in-memory/in-memory-state.js';
import type { DatabaseHandle } from './adapters/persistence/kysely/engine/open-database.js';
import { kyselyModule } from './adapters/persistence/kysely/kysely-module.js';
import { rateLimitModule } from './adapters/rate-limit/rate-limit-module.js';
import { aesGcmCredentialCipher } from './adapters/system/aes-gcm-credential-cipher.js';
import { systemModule } from './adapters/system/system-module.js';
import { AUDIT_TOKENS } from './application/audit-tokens.js';
import { coreModule } from './application/core-module.js';
import { GATEWAY_TOKENS } from './application/gateway-tokens.js';
import { INTEGRATION_TOKENS } from './application/integration-tokens.js';
import { PEOPLE_TOKENS } from './application/people-tokens.js';
import type { AuthFailureLimiter } from './application/ports/auth/auth-failure-limiter.js';
import type { HostResolver } from './application/ports/integrations/host-resolver.js';
import type { IntegrationSettings } from './application/ports/integrations/integration-settings.js';
import type { WebhookSender } from './application/ports/integrations/webhook-sender.js';
import type { JobHandlers } from './application/ports/jobs/job-handler.js';
import type { JobQueue } from './application/ports/jobs/job-queue.js';
import type { JobSettings } from './application/ports/jobs/job-settings.js';
import type { RateLimiter } from './application/ports/rate-limits/rate-limiter.js';
import { TOKENS } from './application/tokens.js';
import { BILLING_BATCH } from './application/use-cases/billing/run-billing.js';
import { jobHandlersFrom } from './application/use-cases/jobs/job-handlers.js';
import { DEFAULT_JOB_LEASE_MS, jobTimingFor } from './domain/jobs/job-lane.js';
import { DEFAULT_SESSION_LIFETIME, type SessionLifetime } from './domain/people/console-session.js';

/** What the ports are stored in: an open, migrated database, or memory. */
export type Persistence =
  | { readonly kind: 'database'; readonly handle: DatabaseHandle }
  | { readonly kind: 'memory'; readonly state?: InMemoryState };

/** The composition root: the one place that binds the core to its adapters. */
/** What the composition root may be given instead of its defaults. */
export interface ContainerOptions {
  readonly rateLimiter?: RateLimiter;
  /** Default: failed authentications counted in this process. */
  readonly authFailureLimiter?: AuthFailureLimiter;
  /** Default: an in-process queue (`startBackgroundWork` starts its workers). */
  readonly jobQueue?: JobQueue;
  /** Handlers to use instead of the core's own (tests): a job whose type has none here fails, saying so. */
  readonly jobHandlers?: Partial<JobHandlers>;
  readonly jobSettings?: JobSettings;
  /** Stores' test clocks (`TEST_CLOCKS=on`): off by default, when every store reads the system's time. */
  readonly testClocks?: boolean;
  /** How webhook receivers are checked and deliveries retried; defaults refuse private receivers. */
  readonly integrations?: IntegrationSettings;
  /** Default: the system resolver. */
  readonly hostResolver?: HostResolver;
  /** Default: webhooks over HTTP(S), under the integration settings' address policy. */
  readonly webhookSender?: WebhookSender;
  /** How long console sessions last unused and at most; 30 minutes and 12 hours by default. */
  readonly consoleSessions?: SessionLifetime;
  /** How many days the audit trail keeps an event (`AUDIT_RETENTION_DAYS`); 0 keeps every event. Default: 365. */
  readonly auditRetentionDays?: number;
  /**
   * The keys gateway credentials are encrypted with (`GATEWAY_CREDENTIALS_KEY`): the first seals, each opens
   * what it sealed. Default: none, and a credential cannot be stored.
   */
  readonly gatewayCredentialsKeys?: readonly Buffer[];
  /** Where Stripe's API is and how long a request waits (`STRIPE_API_BASE`, `STRIPE_TIMEOUT_MS`); Stripe's own, 20 s, by default. */
  readonly stripe?: StripeSettings;
  /**
   * Each store's Stripe credentials, for subscriptions paid through `elastic_path_payments_stripe`. Default:
   * the store's Gateways API settings (see `stripeCredentialsFromSettings`); a store without an enabled
   * Stripe key fails its attempts, saying so.
   */
  readonly stripeCredentials?: StripeCredentialsOf;
  /**
   * Where Authorize.Net's API is and how long a request waits (`AUTHORIZE_NET_API_BASE`,
   * `AUTHORIZE_NET_TIMEOUT_MS`); by default production, or the sandbox for a store in test mode, 20 s.
   */
  readonly authorizeNet?: AuthorizeNetSettings;
  /**
   * Each store's Authorize.Net credentials, for subscriptions paid through `authorize_net`. Default: the
   * store's Gateways API settings (see `authorizeNetCredentialsFromSettings`).
   */
  readonly authorizeNetCredentials?: AuthorizeNetCredentialsOf;
}

export const DEFAULT_JOB_SETTINGS: JobSettings = jobTimingFor(DEFAULT_JOB_LEASE_MS);

export const buildContainer = (persistence: Persistence, options: ContainerOptions = {}): Container => {
  const container = new Container({ defaultScope: 'Singleton' });
  // A subscription's documents are the HTTP adapter's text, kept by the persistence adapter with each write.
  container.bind(TOKENS.SubscriptionDocuments).toConstantValue(storedSubscriptionDocuments);
  container.load(
    coreModule,
    systemModule,
    paymentsModule,
    rateLimitModule(options.rateLimiter, options.authFailureLimiter),
    persistence.kind === 'database' ? kyselyModule(persistence.handle) : inMemoryModule(persistence.state),
  );
  // Stripe- and Authorize.Net-paid subscriptions are charged with each store's credentials from its Gateways API settings.
  container
    .rebind(TOKENS.PaymentGateways)
    .toDynamicValue((ctx) => {
      const settings = ctx.get(GATEWAY_TOKENS.GatewaySettingsRepository);
      const cipher = ctx.get(GATEWAY_TOKENS.CredentialCipher);
      return new ConfiguredPaymentGateways([
        new StripeGateway(
          options.stripeCredentials ?? stripeCredentialsFromSettings(settings, cipher),
          options.stripe ?? DEFAULT_STRIPE_SETTINGS,
        ),
        new AuthorizeNetGateway(
          options.authorizeNetCredentials ?? authorizeNetCredentialsFromSettings(settings, cipher),
          options.authorizeNet ?? DEFAULT_AUTHORIZE_NET_SETTINGS,
        ),
      ]);
    })
    .inSingletonScope();
  // Stripe's webhooks settle what its answers left pending, verified with each store's signing secret.
  container
    .bind(TOKENS.GatewayEvents)
    .toDynamicValue(
      (ctx) =>
        new StripeEvents(
          stripeWebhookSecretFromSettings(
            ctx.get(GATEWAY_TOKENS.GatewaySettingsRepository),
            ctx.get(GATEWAY_TOKENS.CredentialCipher),
          ),
        ),
    )
    .inSingletonScope();
  container
    .bind(PEOPLE_TOKENS.ConsoleSessionLifetime)
    .toConstantValue(options.consoleSessions ?? DEFAULT_SESSION_LIFETIME);
  const integrationSettings = options.integrations ?? DEFAULT_INTEGRATION_SETTINGS;
  container.bind(INTEGRATION_TOKENS.IntegrationSettings).toConstantValue(integrationSettings);
  container
    .bind(INTEGRATION_TOKENS.WebhookSender)
    .toDynamicValue(
      (ctx) => options.webhookSender ?? new HttpWebhookSender(ctx.get(INTEGRATION_TOKENS.IntegrationSettings)),
    )
    .inSingletonScope();
  container
    .bind(INTEGRATION_TOKENS.ObservedPayloads)
    .toDynamicValue((ctx) => httpPayloads(ctx.get(TOKENS.ScheduleCalendar), ctx.get(TOKENS.Clock)))
    .inSingletonScope();
  container.bind(INTEGRATION_TOKENS.HostResolver).toConstantValue(options.hostResolver ?? new DnsHostResolver());
  container
    .bind(AUDIT_TOKENS.AuditRetentionDays)
    .toConstantValue(options.auditRetentionDays ?? DEFAULT_AUDIT_RETENTION_DAYS);
  container
    .bind(GATEWAY_TOKENS.CredentialCipher)
    .toConstantValue(aesGcmCredentialCipher(options.gatewayCredentialsKeys ?? []));
  container.bind(TOKENS.JobQueue).toConstantValue(options.jobQueue ?? new InProcessJobQueue());
  container
    .bind(TOKENS.JobHandlers)
    .toDynamicValue((context): Partial<JobHandlers> => options.jobHandlers ?? jobHandlersFrom((id) => context.get(id)));
  container.bind(TOKENS.JobSettings).toConstantValue(options.jobSettings ?? DEFAULT_JOB_SETTINGS);
  container.bind(TOKENS.BillingBatchSize).toConstantValue(BILLING_BATCH);
  container.bind(TOKENS.TestClockSettings).toConstantValue({ enabled: options.testClocks ?? false });
  // Every request reads its token and its store: served from memory for up to a second (see FreshStores).
  const clock = container.get(TOKENS.Clock);
  const stores = new FreshStores(container.get(TOKENS.StoreRepository), clock);
  const tokens = new FreshTokens(container.get(TOKENS.AccessTokenRepository), clock);
  const keys = new KeysThatForget(container.get(TOKENS.ApplicationKeyRepository), stores, tokens);
  container.rebind(TOKENS.StoreRepository).toConstantValue(stores);
  container.rebind(TOKENS.AccessTokenRepository).toConstantValue(tokens);
  container.rebind(TOKENS.ApplicationKeyRepository).toConstantValue(keys);
  // Every cross-origin answer reads its store's allowed origins: the same second of freshness.
  const corsSettings = new FreshSettings(container.get(TOKENS.CorsSettingsRepository), clock);
  container.rebind(TOKENS.CorsSettingsRepository).toConstantValue(corsSettings);
  return container;
};
