import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import { newAccountRealm, newMerchantRealm } from '../../../domain/authentication-realms/authentication-realm.js';
import type { MerchantRealmMapping } from '../../../domain/realm-mappings/merchant-realm-mapping.js';
import { type DomainError, validationFailed } from '../../../domain/shared/errors.js';
import { newStore, type Store } from '../../../domain/stores/store.js';
import { parseStoreName } from '../../../domain/stores/store-name.js';
import type { StoreRepository } from '../../ports/stores/store-repository.js';
import type { Clock, IdGenerator, Secrets } from '../../ports/system.js';
import { TOKENS } from '../../tokens.js';
import { type MintedApplicationKey, mintApplicationKey } from '../keys/mint-application-key.js';

const FIRST_KEY_NAME = 'Default key';

export interface CreatedStore extends MintedApplicationKey {
  readonly store: Store;
  readonly realmMapping: MerchantRealmMapping;
}

@injectable()
export class CreateStore {
  constructor(
    @inject(TOKENS.StoreRepository) private readonly stores: StoreRepository,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(TOKENS.Secrets) private readonly secrets: Secrets,
  ) {}

  /** Creates a store with its first application key, its realm mapping and its two realms (account and merchant); the key's secret is returned once. */
  async execute(name: unknown): Promise<E.Either<DomainError, CreatedStore>> {
    const parsedName = parseStoreName('name')(name);
    if (E.isLeft(parsedName)) return E.left(validationFailed(parsedName.left));
    const store = newStore(this.ids.uuid(), parsedName.right, this.clock.now());
    const minted = mintApplicationKey({ clock: this.clock, ids: this.ids, secrets: this.secrets }, store.id, {
      name: FIRST_KEY_NAME,
      reservedRateLimit: null,
      scopes: null,
    });
    const realmMapping = { id: this.ids.uuid(), storeId: store.id, realmId: this.ids.uuid(), prefix: null };
    const accountRealm = newAccountRealm(this.ids.uuid(), store.id, store.createdAt);
    const merchantRealm = newMerchantRealm(realmMapping.realmId, store.id, store.createdAt);
    await this.stores.create({ store, firstKey: minted.key, realmMapping, accountRealm, merchantRealm });
    return E.right({ store, realmMapping, ...minted });
  }
}
