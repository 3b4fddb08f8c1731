import type {} from '@koa/bodyparser';
import * as E from 'fp-ts/lib/Either.js';
import { type DomainError, issues, validationFailed } from '../../domain/shared/errors.js';
import { isRecord } from '../../domain/shared/validation.js';
import type { HttpContext } from './http-state.js';

/** The `data` member of a write body: the body must be a JSON object holding a `data` object. */
export const requestData = (ctx: HttpContext): E.Either<DomainError, Readonly<Record<string, unknown>>> => {
  const body: unknown = ctx.request.body;
  if (!isRecord(body)) return E.left(validationFailed(issues('body', 'must be a JSON object')));
  const data = body['data'];
  if (data === undefined || data === null) return E.left(validationFailed(issues('data', 'is required')));
  return isRecord(data) ? E.right(data) : E.left(validationFailed(issues('data', 'must be an object')));
};

/** The `data` member of a write body whose `data` is a list (EPCC's `ManageSubscriptionProducts`). */
export const requestDataList = (ctx: HttpContext): E.Either<DomainError, readonly unknown[]> => {
  const body: unknown = ctx.request.body;
  if (!isRecord(body)) return E.left(validationFailed(issues('body', 'must be a JSON object')));
  const data = body['data'];
  if (data === undefined || data === null) return E.left(validationFailed(issues('data', 'is required')));
  return Array.isArray(data) ? E.right(data) : E.left(validationFailed(issues('data', 'must be a list')));
};

/** The `data` member of a write body where `null` is a value of its own (EPCC's removal of a relationship). */
export const requestDataOrNull = (ctx: HttpContext): E.Either<DomainError, unknown> => {
  const body: unknown = ctx.request.body;
  if (!isRecord(body)) return E.left(validationFailed(issues('body', 'must be a JSON object')));
  return Object.hasOwn(body, 'data') ? E.right(body['data']) : E.left(validationFailed(issues('data', 'is required')));
};
