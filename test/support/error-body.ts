import { expect } from 'chai';

interface ErrorBody {
  readonly errors: readonly ({ readonly meta?: { readonly request_id?: string } } & Record<string, unknown>)[];
}

/**
 * The error objects of an answer without their `meta`, after checking that each one's `meta.request_id`
 * is the answer's `X-Request-Id`: tests then compare the rest exactly.
 */
export const withoutRequestIds = (body: unknown, requestId: string | null): { errors: Record<string, unknown>[] } => {
  const { errors } = body as ErrorBody;
  for (const error of errors) expect(error.meta, 'meta of an error object').to.deep.equal({ request_id: requestId });
  return { errors: errors.map(({ meta: _meta, ...rest }) => rest) };
};

/** The error document of a fetch response, as `withoutRequestIds` leaves it. */
export const errorBody = async (response: Response): Promise<{ errors: Record<string, unknown>[] }> =>
  withoutRequestIds(await response.json(), response.headers.get('x-request-id'));
