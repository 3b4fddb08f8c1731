import type * as E from 'fp-ts/lib/Either.js';
import type { DomainError } from '../../../domain/shared/errors.js';

export type Result<A> = Promise<E.Either<DomainError, A>>;

export const AUDIT_EVENT_NOT_FOUND = 'No audit event with that id in this store';
