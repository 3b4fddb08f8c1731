import type { HttpContext } from './http-state.js';

/**
 * Answers `body`, and keeps `replay` in its place for whatever stores the response (an Idempotency-Key
 * replay): a field that may be shown once, such as a client secret, is left out of `replay`, so that it
 * never reaches the database. `replay` names the fields it left out in `meta.shown_once`.
 */
export const answerShowingOnce = (
  ctx: HttpContext,
  status: number,
  body: Readonly<Record<string, unknown>>,
  shownOnce: readonly string[],
): void => {
  ctx.status = status;
  ctx.body = body;
  ctx.state.replayBody = { ...withoutFields(body, shownOnce), meta: { shown_once: shownOnce } };
};

/** The body a stored copy of this response may hold. */
export const storableBody = (ctx: HttpContext): unknown => ctx.state.replayBody ?? ctx.body;

/** `body` without the dotted paths in `fields` (`data.client_secret`). */
const withoutFields = (body: Readonly<Record<string, unknown>>, fields: readonly string[]): Record<string, unknown> => {
  const copy: Record<string, unknown> = { ...body };
  for (const field of fields) {
    const [head, ...rest] = field.split('.');
    if (head === undefined) continue;
    const inner = copy[head];
    if (rest.length === 0) delete copy[head];
    else if (typeof inner === 'object' && inner !== null && !Array.isArray(inner))
      copy[head] = withoutFields(inner as Record<string, unknown>, [rest.join('.')]);
  }
  return copy;
};
