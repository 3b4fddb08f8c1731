import Router from '@koa/router';
import type { Container } from 'inversify';
import Koa from 'koa';
import type { Logger } from 'pino';
import { AuthenticateBearer } from '../../application/use-cases/authenticate-bearer.js';
import type { HttpState } from './http-state.js';
import { parseBody, requireBodyType } from './middleware/body-rules.js';
import { errorBoundary } from './middleware/error-boundary.js';
import { requestContext } from './middleware/request-context.js';
import { requireAccess } from './middleware/require-access.js';
import { unmatchedRoutes } from './middleware/unmatched-routes.js';
import { applicationKeyRoutes } from './routes/application-key-routes.js';
import { healthRoutes } from './routes/health-routes.js';
import { merchantRealmMappingRoutes } from './routes/merchant-realm-mapping-routes.js';
import { oauthRoutes } from './routes/oauth-routes.js';
import type { RouteContext } from './routes/route-context.js';
import { settingsRoutes } from './routes/settings-routes.js';
import { subscriptionCatalogueRoutes } from './routes/subscription-catalogue-routes.js';
import { subscriptionOfferingRoutes } from './routes/subscription-offering-routes.js';
import { subscriptionRoutes } from './routes/subscription-routes.js';

export interface HttpAppOptions {
  readonly container: Container;
  readonly logger: Logger;
  readonly baseUrl?: string | undefined;
}

/** The Koa application over a container's use cases. */
export const createHttpApp = ({ container, logger, baseUrl }: HttpAppOptions): Koa<HttpState> => {
  const routes: RouteContext = { guard: requireAccess(container.get(AuthenticateBearer)), baseUrl };
  const router = new Router<HttpState>();
  healthRoutes(router, container);
  oauthRoutes(router, container);
  applicationKeyRoutes(router, container, routes);
  merchantRealmMappingRoutes(router, container, routes);
  settingsRoutes(router, container, routes);
  subscriptionCatalogueRoutes(router, container, routes);
  subscriptionOfferingRoutes(router, container, routes);
  subscriptionRoutes(router, container, routes);

  const app = new Koa<HttpState>();
  app.use(requestContext(logger));
  app.use(errorBoundary(logger));
  app.use(requireBodyType);
  app.use(parseBody());
  app.use(unmatchedRoutes);
  app.use(router.routes()).use(router.allowedMethods());
  return app;
};
