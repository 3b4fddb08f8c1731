import type Router from '@koa/router';
import type { Container } from 'inversify';
import { pino } from 'pino';
import { createHttpApp } from '../../src/adapters/http/create-http-app.js';

/** `METHOD pattern` for every route the app's router answers (HEAD goes with GET). */
export const routerRoutes = (container: Container): string[] => {
  const app = createHttpApp({ container, logger: pino({ level: 'silent' }) });
  const dispatch = app.middleware.find((m) => 'router' in m) as { router: Router } | undefined;
  if (dispatch === undefined) throw new Error('the app has no router');
  return dispatch.router.stack.flatMap((layer) =>
    layer.methods.filter((m) => m !== 'HEAD').map((m) => `${m} ${String(layer.path)}`),
  );
};
