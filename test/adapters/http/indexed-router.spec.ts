import Router from '@koa/router';
import { expect } from 'chai';
import fc from 'fast-check';
import { pino } from 'pino';
import { createHttpApp } from '../../../src/adapters/http/create-http-app.js';
import { InMemoryState } from '../../../src/adapters/persistence/in-memory/in-memory-state.js';
import { buildContainer } from '../../../src/container.js';

/** The app's router, as Koa runs it. */
const appRouter = (): Router => {
  const app = createHttpApp({
    container: buildContainer({ kind: 'memory', state: new InMemoryState() }),
    logger: pino({ level: 'silent' }),
  });
  const dispatch = app.middleware.find((m) => (m as { router?: Router }).router !== undefined) as
    | { router: Router }
    | undefined;
  if (dispatch === undefined) throw new Error('the app mounts no router');
  return dispatch.router;
};

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'get', 'PROPFIND'];

describe("the router's indexed match", () => {
  const router = appRouter();
  const templates = router.stack.map((layer) => String(layer.path));
  /** What @koa/router's own match, testing every route, finds. */
  const everyRoute = (path: string, method: string) => Router.prototype.match.call(router, path, method);
  const same = (path: string, method: string) => {
    const indexed = router.match(path, method);
    const whole = everyRoute(path, method);
    expect(indexed.path, `${method} ${path}`).to.deep.equal(whole.path);
    expect(indexed.pathAndMethod, `${method} ${path}`).to.deep.equal(whole.pathAndMethod);
    expect(indexed.route, `${method} ${path}`).to.equal(whole.route);
  };

  it('matches each route as every route tested in order would, its parameters filled with anything', () => {
    expect(templates.length).to.be.greaterThan(100);
    const segment = fc.oneof(
      fc.string({ minLength: 1, maxLength: 12 }).map(encodeURIComponent),
      fc.constantFrom('0192e5e2-0000-7000-8000-000000000000', 'v2', 'subscriptions', '.well-known', '%2F', ''),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...templates),
        fc.array(segment, { minLength: 8, maxLength: 8 }),
        fc.constantFrom(...METHODS),
        fc.constantFrom('as is', 'upper', 'trailing slash', 'one more segment', 'first segment cut'),
        (template, values, method, variant) => {
          let i = 0;
          const filled = template.replace(/:[A-Za-z_]+/g, () => values[i++] ?? 'x');
          const path =
            variant === 'upper'
              ? filled.toUpperCase()
              : variant === 'trailing slash'
                ? `${filled}/`
                : variant === 'one more segment'
                  ? `${filled}/${values[7]}`
                  : variant === 'first segment cut'
                    ? filled.slice(2)
                    : filled;
          same(path, method);
        },
      ),
    );
  });

  it('matches any path as every route tested in order would', () => {
    fc.assert(
      fc.property(fc.webPath(), fc.constantFrom(...METHODS), (path, method) => same(path === '' ? '/' : path, method)),
    );
    for (const path of [
      '/',
      '//',
      '/v2',
      '/V2/SUBSCRIPTIONS/SUBSCRIPTIONS',
      '/\u212Aeys',
      '/health/ready',
      '/console/x',
    ])
      for (const method of METHODS) same(path, method);
  });

  it('sees a route added after it has matched', () => {
    const fresh = appRouter();
    expect(fresh.match('/zz-added/1', 'GET').route).to.equal(false);
    fresh.get('/zz-added/:id', async () => {});
    expect(fresh.match('/zz-added/1', 'GET').route).to.equal(true);
  });
});
