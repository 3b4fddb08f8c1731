import type { Middleware } from 'koa';
import type { HttpState } from '../http-state.js';
import type { LinkOrigin } from '../link-origin.js';
import type { RouteAccess } from '../middleware/require-access.js';

/** What every route module receives from the app. */
export interface RouteContext {
  /**
   * Authentication plus the grant check for the access a route needs; `secretBody` routes take no
   * Idempotency-Key (see `OperationSpec.secretBody`).
   */
  readonly guard: (route: RouteAccess, secretBody?: boolean) => Middleware<HttpState>;
  /** The origin that `links` start with, for a request. */
  readonly links: LinkOrigin;
}

/** A use case as a route sees it: its `execute` alone, so that a test can hand a route a stub. */
export type UseCase<T extends { execute: (...args: never[]) => unknown }> = Pick<T, 'execute'>;
