import * as E from 'fp-ts/lib/Either.js';

/** Carries a refusal out of a transaction, which rolls back on the way (PostgreSQL has aborted it on a violation). */
export class Refused<R> extends Error {
  constructor(readonly outcome: R) {
    super('refused');
  }
}

/** Runs `work`, turning a `Refused` it throws, or a database violation `violation` names, into a refusal. */
export const refusedWith = async <R, A>(
  work: () => Promise<A>,
  violation: (error: unknown) => R | undefined,
): Promise<E.Either<R, A>> => {
  try {
    return E.right(await work());
  } catch (error) {
    if (error instanceof Refused) return E.left(error.outcome as R);
    const outcome = violation(error);
    if (outcome !== undefined) return E.left(outcome);
    throw error;
  }
};
