import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { applyGatewayChanges, parseGatewayChanges } from '../../../domain/gateways/gateway-input.js';
import {
  type GatewaySettings,
  maskSecret,
  SECRET_FIELDS,
  type SealedSecret,
  type SecretField,
  secretContext,
} from '../../../domain/gateways/gateway-settings.js';
import { type DomainError, notFound, unprocessable, validationFailed } from '../../../domain/shared/errors.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { GATEWAY_TOKENS } from '../../gateway-tokens.js';
import type { CredentialCipher } from '../../ports/gateways/credential-cipher.js';
import type { GatewaySettingsRepository } from '../../ports/gateways/gateway-settings-repository.js';
import { STORE_NOT_FOUND } from '../stores/store-lookup.js';
import { servedGateway } from './gateways.js';

@injectable()
export class UpdateGateway {
  constructor(
    @inject(GATEWAY_TOKENS.GatewaySettingsRepository) private readonly gateways: GatewaySettingsRepository,
    @inject(GATEWAY_TOKENS.CredentialCipher) private readonly cipher: CredentialCipher,
  ) {}

  /**
   * A partial update of one gateway: fields left out keep their values. Credentials are sealed here, before
   * storage sees them; without a key, a request that carries one is refused and nothing changes.
   */
  async execute(storeId: Uuid, slug: string, data: unknown): Promise<E.Either<DomainError, GatewaySettings>> {
    const served = servedGateway(slug);
    if (E.isLeft(served)) return served;
    const parsed = parseGatewayChanges(served.right)(data);
    if (E.isLeft(parsed)) return E.left(validationFailed(parsed.left));
    const { secrets, ...changes } = parsed.right;
    const sent = SECRET_FIELDS.flatMap((name) => {
      const secret = secrets[name];
      return secret === undefined ? [] : [{ name, secret }];
    });
    if (sent.length > 0 && this.cipher.keyId === undefined)
      return E.left(
        unprocessable(
          `${sent.map(({ name }) => `data.${name}`).join(' and ')} cannot be stored: set GATEWAY_CREDENTIALS_KEY, the key gateway credentials are encrypted with`,
          'credentials_key_missing',
        ),
      );
    const sealed: Partial<Record<SecretField, SealedSecret>> = {};
    for (const { name, secret } of sent)
      sealed[name] = {
        ...this.cipher.seal(secret, secretContext(storeId, served.right, name)),
        masked: maskSecret(secret),
      };
    const updated = await this.gateways.update(storeId, served.right, (current) =>
      E.mapLeft(validationFailed)(applyGatewayChanges(current, changes, sealed)),
    );
    return updated ?? E.left(notFound(STORE_NOT_FOUND));
  }
}
