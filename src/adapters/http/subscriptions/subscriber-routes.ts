import type Router from '@koa/router';
import type { Subscriber } from '../../../domain/subscriptions/subscriber.js';
import { subscriberResource } from './subscriber-document.js';
import type { HttpState } from '../http-state.js';
import { BILLING_ACCESS, recordRoutes, type RecordUseCases } from '../routes/record-routes.js';
import type { RouteContext } from '../routes/route-context.js';

/** `/subscriptions/subscribers`: names and emails are personal, so even reading them needs a client-credentials token. */
export const subscriberRoutes = (
  router: Router<HttpState>,
  useCases: RecordUseCases<Subscriber>,
  routes: RouteContext,
): void => {
  recordRoutes(router, routes, '/subscriptions/subscribers', BILLING_ACCESS, useCases, (s) => subscriberResource(s));
};
