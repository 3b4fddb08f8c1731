import type * as E from 'fp-ts/lib/Either.js';
import type { IntegrationRefusal } from '../../../domain/integrations/integration.js';
import { type DomainError, unprocessable, validationFailed } from '../../../domain/shared/errors.js';

export type Result<A> = Promise<E.Either<DomainError, A>>;

export const INTEGRATION_NOT_FOUND = 'integration not found';

export const refusal = (refused: IntegrationRefusal): DomainError =>
  refused._tag === 'Invalid'
    ? validationFailed(refused.issues)
    : unprocessable(refused.detail, 'integration_type_unsupported');
