import type Router from '@koa/router';
import type { RouterMiddleware } from '@koa/router';
import {
  DEFAULT_SUBSCRIPTIONS_GENERATION,
  type SubscriptionsGeneration,
} from '../../../domain/settings/subscriptions-generation.js';
import { errorDocument } from '../error-documents.js';
import type { HttpContext, HttpState } from '../http-state.js';
import type { RouteContext } from '../routes/route-context.js';
import { type Endpoint, type MountedEndpoint, routerPatterns } from './endpoint.js';
import { GENERATIONS_PREFIX } from './generation-prefix.js';

/** The generation a request speaks: the one its path prefix pins, else its store's. */
export type GenerationOf = (ctx: HttpContext) => Promise<SubscriptionsGeneration>;

/** Without a store to ask: the pinned generation, else the default. */
export const pinnedGeneration: GenerationOf = async (ctx) => ctx.state.generation ?? DEFAULT_SUBSCRIPTIONS_GENERATION;

const PARAMETER = /\{([^}]+)\}/g;
const parameterNames = (path: string): string[] => [...path.matchAll(PARAMETER)].map((m) => m[1] ?? '');
/** Two generations may name a path's parameters differently (`{offering_id}`, `{offering_uuid}`): one route. */
const routeKey = ({ method, path, alsoAt }: Endpoint<never>): string =>
  [method, path, alsoAt ?? ''].map((part) => part.replace(PARAMETER, '{}')).join(' ');

const wrongGeneration = (ctx: HttpContext, generation: SubscriptionsGeneration, others: string): string =>
  ctx.state.generation === undefined
    ? `this operation belongs to the ${others} subscriptions generation, and this store speaks ${generation}: call it under ${GENERATIONS_PREFIX}/${others}, or change subscriptions_generation in /v2/settings`
    : `this operation belongs to the ${others} subscriptions generation, and ${GENERATIONS_PREFIX}/${generation} pins ${generation}`;

/**
 * Registers each endpoint with the guard its operation declares. Endpoints on one method and path that
 * belong to different generations share one route: the caller is admitted once, then the generation the
 * request speaks chooses the declaration that answers, and an operation only the other generation has is
 * a 404 that says which generation has it.
 */
export const mountEndpoints = (
  router: Router<HttpState>,
  mounted: readonly MountedEndpoint[],
  routes: RouteContext,
  generationOf: GenerationOf = pinnedGeneration,
): void => {
  const groups = new Map<string, MountedEndpoint[]>();
  for (const m of mounted) groups.set(routeKey(m.endpoint), [...(groups.get(routeKey(m.endpoint)) ?? []), m]);
  for (const group of groups.values()) {
    const [first] = group as [MountedEndpoint, ...MountedEndpoint[]];
    const { endpoint } = first;
    const { access, shopper, secretBody } = endpoint.spec;
    const guard =
      access === 'public'
        ? []
        : [routes.guard(shopper === undefined ? { access } : { access, shopper }, secretBody === true)];
    if (group.length === 1 && endpoint.generation === undefined) {
      router.register(routerPatterns(endpoint), [endpoint.method], [...guard, ...first.handlers]);
      continue;
    }
    router.register(
      routerPatterns(endpoint),
      [endpoint.method],
      [...guard, generationDispatch(group, parameterNames(endpoint.path), generationOf)],
    );
  }
};

/** The handlers one after another, as the router would run them on a route of their own. */
const inSequence =
  (handlers: readonly RouterMiddleware<HttpState>[]): RouterMiddleware<HttpState> =>
  (ctx, next) => {
    const run = async (i: number): Promise<void> => {
      const handler = handlers[i];
      if (handler === undefined) await next();
      else await handler(ctx, () => run(i + 1));
    };
    return run(0);
  };

const generationDispatch = (
  group: readonly MountedEndpoint[],
  routeParameters: readonly string[],
  generationOf: GenerationOf,
): RouterMiddleware<HttpState> => {
  const byGeneration = new Map<SubscriptionsGeneration, { names: string[]; answer: RouterMiddleware<HttpState> }>();
  for (const { endpoint, handlers } of group) {
    const where = `${endpoint.method.toUpperCase()} ${endpoint.path}`;
    if (endpoint.generation === undefined)
      throw new Error(`${where} is declared for both generations and for one of them`);
    if (byGeneration.has(endpoint.generation))
      throw new Error(`${where} is declared twice for generation ${endpoint.generation}`);
    if (
      endpoint.spec.access !== group[0]?.endpoint.spec.access ||
      endpoint.spec.shopper !== group[0]?.endpoint.spec.shopper
    )
      throw new Error(`${where} needs another access in each generation: one route cannot guard both`);
    byGeneration.set(endpoint.generation, {
      names: parameterNames(endpoint.path),
      answer: inSequence(handlers),
    });
  }
  const others = [...byGeneration.keys()].join(' and ');
  return async (ctx, next) => {
    const generation = await generationOf(ctx);
    const chosen = byGeneration.get(generation);
    // To a client of this generation the operation does not exist: the answer an unmatched path gets.
    if (chosen === undefined) {
      ctx.status = 404;
      ctx.body = errorDocument(404, wrongGeneration(ctx, generation, others));
      return;
    }
    // The declaration reads its parameters by its own names.
    const values = routeParameters.map((name) => ctx.params[name]);
    ctx.params = Object.fromEntries(chosen.names.map((name, i) => [name, values[i] ?? '']));
    await chosen.answer(ctx, next);
  };
};
