import type * as E from 'fp-ts/lib/Either.js';
import type { DomainError } from '../../../domain/shared/errors.js';

export type Result<A> = Promise<E.Either<DomainError, A>>;

export const TEST_CLOCKS_OFF = 'test clocks are off: the service runs them only when started with TEST_CLOCKS=on';

// Another instance may move the same clock at the same moment; after a few lost races the move is refused as stale.
export const MOVE_ATTEMPTS = 3;
