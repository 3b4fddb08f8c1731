import type { Middleware } from 'koa';
import {
  isSubscriptionsGeneration,
  SUBSCRIPTIONS_GENERATIONS,
} from '../../../domain/settings/subscriptions-generation.js';
import { errorDocument } from '../error-documents.js';
import type { HttpState } from '../http-state.js';

/** The whole API is also served under `/generations/<generation>`, with that generation pinned. */
export const GENERATIONS_PREFIX = '/generations';

const PREFIXED = /^\/generations\/([^/]*)(\/.*)?$/;

/**
 * A client given `…/generations/2025` as its base URL speaks 2025 whatever its store speaks: the prefix
 * is taken off the path before routing, the generation it names is pinned for the request, and the
 * request's links keep the prefix.
 */
export const generationPrefix: Middleware<HttpState> = async (ctx, next) => {
  const prefixed = PREFIXED.exec(ctx.path);
  if (prefixed === null) return next();
  const [, generation = '', rest = '/'] = prefixed;
  if (!isSubscriptionsGeneration(generation)) {
    ctx.status = 404;
    ctx.body = errorDocument(
      404,
      `there is no subscriptions generation "${generation}": ${GENERATIONS_PREFIX}/ takes ${SUBSCRIPTIONS_GENERATIONS.join(' or ')}`,
    );
    return;
  }
  ctx.state.generation = generation;
  ctx.state.pathPrefix = `${GENERATIONS_PREFIX}/${generation}`;
  ctx.path = rest;
  return next();
};
