import type { Context, ParameterizedContext } from 'koa';
import type { SignedInShopper } from '../../domain/auth/account-member-token.js';
import type { Principal } from '../../domain/auth/grant.js';
import { type QueryParams, queryParams } from '../../domain/query/query-params.js';
import type { SubscriptionsGeneration } from '../../domain/settings/subscriptions-generation.js';
import type { DomainError } from '../../domain/shared/errors.js';
import type { Uuid } from '../../domain/shared/uuid.js';
import { domainErrorDocument, statusOf } from './error-documents.js';

/** What the middleware chain puts on `ctx.state`. */
export interface HttpState {
  requestId: string;
  principal?: Principal;
  /**
   * The store of a caller whose token (or client id, at the token endpoint) was recognized, set before its
   * rate and rights are checked: an answer's CORS headers follow that store's allowed origins, on a 403 or
   * 429 as on a 200.
   */
  callerStoreId?: Uuid;
  /** What a stored copy of the response holds instead of its body (see shown-once.ts). */
  replayBody?: unknown;
  /** The subscriptions generation the path prefix pins (`/generations/2025/...`); absent, the store's. */
  generation?: SubscriptionsGeneration;
  /** The prefix taken off the path, which the request's links keep. */
  pathPrefix?: string;
  /** Whether the browser reached the service over TLS, its own or a trusted proxy's; unset: the socket's. */
  overTls?: boolean;
}

export type HttpContext = ParameterizedContext<HttpState>;

export const principalOf = (ctx: HttpContext): Principal => {
  const principal = ctx.state.principal;
  if (principal === undefined) throw new Error('route reached without authentication');
  return principal;
};

/** The account a shopper's request is confined to, if the caller is a shopper; a merchant's reaches the whole store. */
export const shopperOf = (ctx: HttpContext): SignedInShopper | undefined => principalOf(ctx).shopper;

export const respondWithError = (ctx: Context | HttpContext, error: DomainError): void => {
  ctx.status = statusOf(error);
  ctx.body = domainErrorDocument(error);
};

/** The request's query string as the core reads it. */
export const queryOf = (ctx: HttpContext): QueryParams => queryParams(new URLSearchParams(ctx.querystring));

/** The `:id` of the route; the use cases treat it as untrusted text. */
export const idParam = (ctx: { readonly params: Readonly<Record<string, string | undefined>> }): string =>
  ctx.params['id'] ?? '';
