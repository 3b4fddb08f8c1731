import type { RouterMiddleware } from '@koa/router';
import type { Container, Newable } from 'inversify';
import type { SubscriptionsGeneration } from '../../../domain/settings/subscriptions-generation.js';
import type { ImportUploadLimits } from '../../config/import-settings.js';
import type { AppMetrics } from '../../metrics/app-metrics.js';
import type { TokenGuards } from '../auth/token-guards.js';
import type { HttpState } from '../http-state.js';
import type { HttpMethod, OpenApiDocument, Parameter, Reference, Schema } from '../openapi/openapi-types.js';
import type { OperationSpec } from '../openapi/operation-builder.js';
import type { RouteContext } from '../routes/route-context.js';

/**
 * One endpoint, declared once: where it is served, what it needs of a caller, its OpenAPI operation and
 * the handler that answers it. The router and the API description are both made from these, so a route
 * cannot be served undocumented, nor guarded otherwise than its document says.
 */
export interface Endpoint<U> {
  readonly method: HttpMethod;
  /** The path as OpenAPI writes it (`/v2/subscriptions/invoices/{invoice_id}`); the router's pattern follows. */
  readonly path: string;
  /** Another path serving the same operation (`x-also-served-at`): a path without its `/v2`, an old spelling. */
  readonly alsoAt?: string;
  /**
   * The subscriptions generation whose operation this is, when the two generations differ on it; absent, the
   * endpoint is the same in both. A request reaches it only when its store (or the path prefix
   * `/generations/<g>`) speaks that generation.
   */
  readonly generation?: SubscriptionsGeneration;
  /** The parameters of the path itself, which every operation on it shares. */
  readonly pathParameters?: readonly (Parameter | Reference)[];
  /** The operation: its `access` is also the guard the route runs (`public` runs none). */
  readonly spec: OperationSpec;
  /** What answers a request, once its caller is admitted, over the use cases of its concept. */
  readonly handle: (
    useCases: U,
    routes: RouteContext,
  ) => RouterMiddleware<HttpState> | readonly RouterMiddleware<HttpState>[];
}

/** What the app hands a concept to find the use cases its endpoints call. */
export interface EndpointWiring {
  readonly use: <T>(useCase: Newable<T>) => T;
  readonly container: Container;
  readonly metrics: AppMetrics;
  readonly tokenGuards: TokenGuards;
  readonly imports: ImportUploadLimits;
  readonly consoleBuildDir: URL | undefined;
  /** The API description as served on an origin, for the endpoint that serves it. */
  readonly apiDocument: (origin: string, generation?: SubscriptionsGeneration) => OpenApiDocument;
}

/** One concept's endpoints, in the order the router tries them, with the components their operations refer to. */
export interface EndpointGroup<U> {
  readonly useCases: (wiring: EndpointWiring) => U;
  readonly endpoints: readonly Endpoint<U>[];
  readonly schemas?: Readonly<Record<string, Schema>>;
  readonly parameters?: Readonly<Record<string, Parameter>>;
}

/** A concept's endpoints as the app and the document see them: the use cases' type is the concept's own affair. */
export interface ConceptEndpoints {
  readonly endpoints: readonly Endpoint<never>[];
  readonly schemas: Readonly<Record<string, Schema>>;
  readonly parameters: Readonly<Record<string, Parameter>>;
  /** The endpoints with their handlers, for `mountEndpoints` to register with every other concept's. */
  readonly handlers: (wiring: EndpointWiring, routes: RouteContext) => readonly MountedEndpoint[];
}

/** An endpoint with the handlers that answer it, made from its concept's use cases. */
export interface MountedEndpoint {
  readonly endpoint: Endpoint<never>;
  readonly handlers: readonly RouterMiddleware<HttpState>[];
}

/** The router's pattern of an OpenAPI path: `{id}` is `:id`. */
export const routerPattern = (path: string): string => path.replace(/\{([^}]+)\}/g, ':$1');

/** Every pattern the router serves an endpoint at. */
export const routerPatterns = (endpoint: Pick<Endpoint<never>, 'path' | 'alsoAt'>): string[] => [
  routerPattern(endpoint.path),
  ...(endpoint.alsoAt === undefined ? [] : [routerPattern(endpoint.alsoAt)]),
];

export const concept = <U>(group: EndpointGroup<U>): ConceptEndpoints => {
  const handlers = (wiring: EndpointWiring, routes: RouteContext): readonly MountedEndpoint[] => {
    const useCases = group.useCases(wiring);
    return group.endpoints.map((endpoint) => {
      const answer = endpoint.handle(useCases, routes);
      return { endpoint: endpoint as Endpoint<never>, handlers: Array.isArray(answer) ? answer : [answer] };
    });
  };
  return {
    endpoints: group.endpoints as readonly Endpoint<never>[],
    schemas: group.schemas ?? {},
    parameters: group.parameters ?? {},
    handlers,
  };
};

/** Served under `/v2` as EPCC clients call it, and without the prefix as the seed's clients do. */
export const withAndWithoutV2 = (path: string): Pick<Endpoint<never>, 'path' | 'alsoAt'> => ({
  path: `/v2${path}`,
  alsoAt: path,
});

/** The endpoints, declared for one subscriptions generation: each answers only where that generation is spoken. */
export const inGeneration = <U>(
  generation: SubscriptionsGeneration,
  endpoints: readonly Endpoint<U>[],
): Endpoint<U>[] => endpoints.map((endpoint) => ({ ...endpoint, generation }));
