import Router from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import type { Container, Newable } from 'inversify';
import Koa, { type Middleware } from 'koa';
import type { Logger } from 'pino';
import { AUDIT_TOKENS } from '../../application/audit-tokens.js';
import { TOKENS } from '../../application/tokens.js';
import { AuthenticateBearer } from '../../application/use-cases/auth/authenticate-bearer.js';
import { AuthenticateShopper } from '../../application/use-cases/auth/authenticate-shopper.js';
import { FailedAuthentications } from '../../application/use-cases/auth/failed-authentications.js';
import { IdempotentRequests } from '../../application/use-cases/idempotency/idempotent-requests.js';
import { AuthenticateConsoleSession } from '../../application/use-cases/people/authenticate-console-session.js';
import { AdmitRequest } from '../../application/use-cases/rate-limits/admit-request.js';
import { GetCorsSettings } from '../../application/use-cases/settings/get-cors-settings.js';
import { GetStoreSettings } from '../../application/use-cases/settings/get-store-settings.js';
import { DEFAULT_SUBSCRIPTIONS_GENERATION } from '../../domain/settings/subscriptions-generation.js';
import { DEFAULT_IMPORT_UPLOAD_LIMITS, type ImportUploadLimits } from '../config/import-settings.js';
import { AppMetrics } from '../metrics/app-metrics.js';
import { countedAdmissions } from '../metrics/counted-admissions.js';
import { METRICS } from '../metrics/metrics-tokens.js';
import { RedisRateLimiter } from '../rate-limit/redis-rate-limiter.js';
import { openApiDocument } from './api-description/openapi-document.js';
import { API_ENDPOINTS } from './api-endpoints.js';
import { clientAddress } from './client-address.js';
import { browserRoutes } from './cors/browser-routes.js';
import type { EndpointWiring } from './endpoints/endpoint.js';
import { generationPrefix } from './endpoints/generation-prefix.js';
import { type GenerationOf, mountEndpoints, pinnedGeneration } from './endpoints/mount-endpoints.js';
import type { HttpState } from './http-state.js';
import { type LinkOriginOptions, linkOrigin } from './link-origin.js';
import { inAuditScope } from './middleware/audit-scope.js';
import { BODY_LIMITS, parseBody, requireBodyEncoding, requireBodyType } from './middleware/body-rules.js';
import { compressAnswers } from './middleware/compress-answers.js';
import { crossOrigin } from './middleware/cross-origin.js';
import { errorBoundary } from './middleware/error-boundary.js';
import { idempotent } from './middleware/idempotency.js';
import { requestContext } from './middleware/request-context.js';
import { requestMetrics } from './middleware/request-metrics.js';
import { type RouteAccess, requireAccess } from './middleware/require-access.js';
import { responseHeaders } from './middleware/response-headers.js';
import { unmatchedRoutes } from './middleware/unmatched-routes.js';
import { transportOf } from './people/transport.js';
import { indexedMatching } from './routes/indexed-router.js';
import type { RouteContext } from './routes/route-context.js';

/** The container and logger, and where `links` point (`baseUrl`, `allowedHosts`, `listenHost`). */
export interface HttpAppOptions extends LinkOriginOptions {
  readonly container: Container;
  readonly logger: Logger;
  /** What one import upload may hold; EPCC's limits by default. */
  readonly imports?: ImportUploadLimits;
  /** The header a trusted reverse proxy writes the client's address into; by default the socket's peer counts. */
  readonly trustedProxyHeader?: string | undefined;
  /** Where the console's build is; the package's own `dist/console` by default. */
  readonly consoleBuildDir?: URL | undefined;
  /** Origins whose pages may call every route, the console's too (`CORS_ADMIN_ORIGINS`); none by default. */
  readonly corsAdminOrigins?: readonly string[];
}

/**
 * The Koa application over a container's use cases: the guard every endpoint runs by the access its
 * operation declares, the wiring each concept resolves its use cases from, and the middleware around the
 * router. The endpoints themselves are declared per concept (`API_ENDPOINTS`). Each app has metrics of its own, with the pool of the container's database when it has one, and the
 * circuit of its Redis rate limiter when it has one.
 */
export const createHttpApp = ({
  container,
  logger,
  imports = DEFAULT_IMPORT_UPLOAD_LIMITS,
  trustedProxyHeader,
  consoleBuildDir,
  corsAdminOrigins = [],
  ...links
}: HttpAppOptions): Koa<HttpState> => {
  const use = <T>(useCase: Newable<T>): T => container.get(useCase);
  const limiter = container.get(TOKENS.RateLimiter);
  const metrics = new AppMetrics(
    container.isBound(METRICS.ObservedDatabase) ? container.get(METRICS.ObservedDatabase) : undefined,
    limiter instanceof RedisRateLimiter ? limiter : undefined,
  );
  const admit = countedAdmissions(use(AdmitRequest), metrics);
  const authenticate = requireAccess(
    use(AuthenticateBearer),
    admit,
    use(AuthenticateShopper),
    use(AuthenticateConsoleSession),
  );
  const writes = container.get(TOKENS.WriteLedger);
  const idempotency = idempotent(use(IdempotentRequests), logger, writes);
  const readBody = parseBody();
  const audited = inAuditScope(container.get(AUDIT_TOKENS.AuditScope), clientAddress(trustedProxyHeader));
  // The route is matched and the caller known before a byte of the body is read; then every guarded
  // POST honours Idempotency-Key: the one place that does it. What the caller changes is audited as theirs.
  const guard = (route: RouteAccess, secretBody = false): Middleware<HttpState> => {
    const admit = authenticate(route);
    if (secretBody) return (ctx, next) => admit(ctx, () => audited(ctx, () => readBody(ctx, next)));
    return (ctx, next) => admit(ctx, () => audited(ctx, () => readBody(ctx, () => idempotency(ctx, next))));
  };
  const origin = linkOrigin(links);
  const routes: RouteContext = { guard, links: (ctx) => `${origin(ctx)}${ctx.state.pathPrefix ?? ''}` };
  const storeSettings = use(GetStoreSettings);
  const corsSettings = use(GetCorsSettings);
  const generationOf: GenerationOf = async (ctx) => {
    const { generation, principal } = ctx.state;
    if (generation !== undefined || principal === undefined) return pinnedGeneration(ctx);
    const settings = await storeSettings.execute(principal.storeId);
    return E.isRight(settings) ? settings.right.subscriptionsGeneration : DEFAULT_SUBSCRIPTIONS_GENERATION;
  };
  const router = indexedMatching(new Router<HttpState>());
  const tokenGuards = {
    admit,
    failures: use(FailedAuthentications),
    addressOf: clientAddress(trustedProxyHeader),
    parseBody: parseBody(BODY_LIMITS.form),
  };
  const wiring: EndpointWiring = {
    use,
    container,
    metrics,
    tokenGuards,
    imports,
    consoleBuildDir,
    apiDocument: openApiDocument,
  };
  mountEndpoints(
    router,
    API_ENDPOINTS.flatMap((endpoints) => endpoints.handlers(wiring, routes)),
    routes,
    generationOf,
  );

  const app = new Koa<HttpState>();
  // What reaches Koa's own error event happened where no answer can be sent any more, mostly a client
  // that went away mid-request: logged, not printed to stderr as Koa does without a listener.
  app.on('error', (err: NodeJS.ErrnoException) => {
    const clientGone =
      err.code === 'ECONNRESET' || err.code === 'ECONNABORTED' || err.code === 'EPIPE' || err.message === 'aborted';
    logger[clientGone ? 'debug' : 'warn'](
      { err },
      clientGone ? 'the client went away before the request was done' : 'request failed after its answer',
    );
  });
  app.use(requestContext(logger));
  app.use(transportOf(trustedProxyHeader));
  app.use(responseHeaders);
  app.use(generationPrefix);
  app.use(requestMetrics(metrics, router));
  app.use(
    crossOrigin({
      routes: browserRoutes(API_ENDPOINTS.flatMap((concept) => concept.endpoints)),
      adminOrigins: corsAdminOrigins,
      storeSettings: async (storeId) => E.getOrElseW(() => undefined)(await corsSettings.execute(storeId)),
      logger,
    }),
  );
  app.use(compressAnswers);
  app.use(errorBoundary(logger, writes));
  app.use(requireBodyType);
  app.use(requireBodyEncoding);
  app.use(unmatchedRoutes);
  app.use(router.routes()).use(router.allowedMethods());
  return app;
};
