import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { parseSecretRotation, rotateSecret } from '../../../domain/keys/secret-rotation.js';
import { type DomainError, notFound, validationFailed } from '../../../domain/shared/errors.js';
import { parseUuid, type Uuid } from '../../../domain/shared/uuid.js';
import type { ApplicationKeyRepository } from '../../ports/keys/application-key-repository.js';
import type { Clock, Secrets } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { APPLICATION_KEY_NOT_FOUND } from './get-application-key.js';
import { CLIENT_SECRET_BITS, type MintedApplicationKey } from './mint-application-key.js';

/**
 * Gives a key a new secret, returned once. The old one stays accepted until the time the caller chose
 * (now when it chose none), so that clients can move over without an outage. Tokens already minted keep
 * working until they expire; revoke them (`RevokeAccessToken`) or delete the key to end them sooner.
 */
@injectable()
export class RotateApplicationKeySecret {
  constructor(
    @inject(TOKENS.ApplicationKeyRepository) private readonly keys: ApplicationKeyRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.Secrets) private readonly secrets: Secrets,
  ) {}

  /** `data` is untrusted: `{type, expire_current_secret_at?}`. */
  async execute(storeId: Uuid, id: string, data: unknown): Promise<E.Either<DomainError, MintedApplicationKey>> {
    const keyId = parseUuid(id);
    if (keyId === undefined) return E.left(notFound(APPLICATION_KEY_NOT_FOUND));
    const now = this.clock.now();
    const rotation = parseSecretRotation(data, now);
    if (E.isLeft(rotation)) return E.left(validationFailed(rotation.left));
    const clientSecret = this.secrets.random(CLIENT_SECRET_BITS);
    const newHash = this.secrets.hash(clientSecret);
    const rotated = await this.keys.update(
      storeId,
      keyId,
      (current) => rotateSecret(current, newHash, rotation.right, now),
      () => true,
    );
    return E.isRight(rotated)
      ? E.right({ key: rotated.right, clientSecret })
      : E.left(notFound(APPLICATION_KEY_NOT_FOUND));
  }
}
