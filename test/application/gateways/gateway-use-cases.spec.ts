import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { InMemoryGatewaySettingsRepository } from '../../../src/adapters/persistence/in-memory/gateways/in-memory-gateway-settings-repository.js';
import type { CredentialCipher, SealedValue } from '../../../src/application/ports/gateways/credential-cipher.js';
import { GetGateway } from '../../../src/application/use-cases/gateways/get-gateway.js';
import { ListGateways } from '../../../src/application/use-cases/gateways/list-gateways.js';
import { UpdateGateway } from '../../../src/application/use-cases/gateways/update-gateway.js';
import { CreateStore } from '../../../src/application/use-cases/stores/create-store.js';
import { defaultGatewaySettings } from '../../../src/domain/gateways/gateway-settings.js';
import { SERVED_GATEWAYS } from '../../../src/domain/gateways/gateway-slug.js';
import type { Uuid } from '../../../src/domain/shared/uuid.js';
import { inMemoryCore } from '../../support/in-memory-core.js';

const STRIPE_KEY = 'sk_test_51UseCaseSecret00001234';

/** A cipher that records what it was asked to seal, and seals to a numbered token that holds nothing of the secret. */
const recordingCipher = (keyId: string | undefined) => {
  const sealedFor: { context: string; secret: string }[] = [];
  const cipher: CredentialCipher = {
    keyId,
    seal(secret, context): SealedValue {
      sealedFor.push({ context, secret });
      return { keyId: keyId ?? 'none', sealed: `sealed-${sealedFor.length}` };
    },
    open() {
      throw new Error('the use cases never open a credential');
    },
  };
  return { cipher, sealedFor };
};

const setup = async (keyId: string | null = 'key-1') => {
  const core = inMemoryCore();
  const created = await new CreateStore(core.stores, core.clock, core.ids, core.secrets).execute('A');
  if (E.isLeft(created)) throw new Error('store not created');
  const repository = new InMemoryGatewaySettingsRepository(core.state, core.audit);
  const { cipher, sealedFor } = recordingCipher(keyId ?? undefined);
  return {
    ...core,
    storeId: created.right.store.id,
    sealedFor,
    list: new ListGateways(repository),
    get: new GetGateway(repository),
    update: new UpdateGateway(repository, cipher),
  };
};

describe('gateway use cases', () => {
  it('seal each credential under its store, gateway and field before storage sees it, and keep its mask', async () => {
    const { update, storeId, sealedFor, state } = await setup();
    const updated = await update.execute(storeId, 'stripe_payment_intents', { enabled: true, login: STRIPE_KEY });
    expect(updated).to.deep.equal(
      E.right({
        slug: 'stripe_payment_intents',
        enabled: true,
        test: false,
        login: { keyId: 'key-1', sealed: 'sealed-1', masked: '****1234' },
      }),
    );
    expect(sealedFor).to.deep.equal([
      { context: `gateway-credential:${storeId}:stripe_payment_intents:login`, secret: STRIPE_KEY },
    ]);
    expect(JSON.stringify([...state.gatewaySettings.values()])).not.to.include('UseCaseSecret');
  });

  it('refuse a credential without a key before anything is stored, and still change what is not one', async () => {
    const { update, get, storeId, sealedFor } = await setup(null);
    const refused = await update.execute(storeId, 'stripe_payment_intents', { enabled: true, login: STRIPE_KEY });
    expect(refused).to.deep.equal(
      E.left({
        _tag: 'Unprocessable',
        code: 'credentials_key_missing',
        detail:
          'data.login cannot be stored: set GATEWAY_CREDENTIALS_KEY, the key gateway credentials are encrypted with',
      }),
    );
    expect(sealedFor).to.deep.equal([]);
    expect(await get.execute(storeId, 'stripe_payment_intents')).to.deep.equal(
      E.right(defaultGatewaySettings('stripe_payment_intents')),
    );
    expect(E.isRight(await update.execute(storeId, 'manual', { enabled: true }))).to.equal(true);
    // A malformed body is a 400 whatever the key: the shape is checked first.
    const malformed = await update.execute(storeId, 'stripe_payment_intents', { login: 'pk_test_1' });
    expect(E.isLeft(malformed) && malformed.left._tag).to.equal('ValidationFailed');
  });

  it('seal nothing and store nothing when a required credential is still missing', async () => {
    const { update, get, storeId, sealedFor } = await setup();
    const refused = await update.execute(storeId, 'authorize_net', { login: 'apiLogin1' });
    expect(E.isLeft(refused) && refused.left._tag).to.equal('ValidationFailed');
    expect(await get.execute(storeId, 'authorize_net')).to.deep.equal(E.right(defaultGatewaySettings('authorize_net')));
    // Sealed before the check (sealing is pure), and never stored.
    expect(sealedFor.map((s) => s.context)).to.deep.equal([`gateway-credential:${storeId}:authorize_net:login`]);
  });

  it('answer EPCC’s unserved gateways as unprocessable, other slugs and other stores as not found', async () => {
    const { update, get, list, storeId } = await setup();
    expect((await get.execute(storeId, 'adyen')) as unknown).to.satisfy(
      (r: E.Either<{ _tag: string; code?: string }, unknown>) =>
        E.isLeft(r) && r.left._tag === 'Unprocessable' && r.left.code === 'gateway_not_served',
    );
    expect((await update.execute(storeId, 'stripe', { enabled: true })) as unknown).to.satisfy(
      (r: E.Either<{ _tag: string }, unknown>) => E.isLeft(r) && r.left._tag === 'Unprocessable',
    );
    const unknown = await get.execute(storeId, 'cash');
    expect(E.isLeft(unknown) && unknown.left._tag).to.equal('NotFound');
    const noStore = '00000000-0000-4000-8000-000000000000' as Uuid;
    for (const outcome of [await get.execute(noStore, 'manual'), await list.execute(noStore)])
      expect(E.isLeft(outcome) && outcome.left._tag).to.equal('NotFound');
    expect(await list.execute(storeId)).to.deep.equal(E.right(SERVED_GATEWAYS.map(defaultGatewaySettings)));
  });
});
