import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { MerchantUser } from '../../../domain/people/merchant-user.js';
import { type DomainError, notFound } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import type { Store } from '../../../domain/stores/store.js';
import type { StoreRepository } from '../../ports/stores/store-repository.js';
import type { Secrets } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import type { AuthenticatedSession } from './authenticate-console-session.js';
import { csrfTokenOf } from './console-sessions.js';

/** What the console shows of its session: who is signed in, in which store, and until when. */
export interface ConsoleSessionView {
  readonly who: { readonly kind: 'user'; readonly user: MerchantUser } | { readonly kind: 'key'; readonly id: Uuid };
  readonly store: Store;
  readonly csrfToken: string;
  readonly idleExpiresAt: Date;
  readonly expiresAt: Date;
}

/** `GET /console/session`: the session the cookie holds, with its CSRF token again (derived from its id). */
@injectable()
export class DescribeConsoleSession {
  constructor(
    @inject(TOKENS.StoreRepository) private readonly stores: StoreRepository,
    @inject(TOKENS.Secrets) private readonly secrets: Secrets,
  ) {}

  async execute(
    sessionToken: string,
    { session, holder }: AuthenticatedSession,
  ): Promise<E.Either<DomainError, ConsoleSessionView>> {
    const store = await this.stores.findById(session.storeId);
    if (store === undefined) return E.left(notFound('store not found'));
    return E.right({
      who: holder.kind === 'user' ? holder : { kind: 'key', id: holder.applicationKeyId },
      store,
      csrfToken: csrfTokenOf(this.secrets, sessionToken),
      idleExpiresAt: session.idleExpiresAt,
      expiresAt: session.expiresAt,
    });
  }
}
