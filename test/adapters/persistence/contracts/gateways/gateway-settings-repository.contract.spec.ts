import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { PERSISTENCE } from '../../../../../src/adapters/persistence/kysely/persistence-tokens.js';
import { randomIds } from '../../../../../src/adapters/system/system-module.js';
import { AUDIT_TOKENS } from '../../../../../src/application/audit-tokens.js';
import { GATEWAY_TOKENS } from '../../../../../src/application/gateway-tokens.js';
import { TOKENS } from '../../../../../src/application/tokens.js';
import { UpdateGateway } from '../../../../../src/application/use-cases/gateways/update-gateway.js';
import { buildContainer, type Persistence } from '../../../../../src/container.js';
import { AUDIT_EVENT_LIST } from '../../../../../src/domain/audit/audit-event-query.js';
import { REDACTED } from '../../../../../src/domain/audit/audit-snapshot.js';
import {
  defaultGatewaySettings,
  type GatewaySettings,
  secretContext,
} from '../../../../../src/domain/gateways/gateway-settings.js';
import { SERVED_GATEWAYS } from '../../../../../src/domain/gateways/gateway-slug.js';
import { forEachBackend } from '../../../../support/backends.js';
import { aStore, storeRecords } from '../../../../support/builders.js';
import { listQuery } from '../../../../support/list-queries.js';

const STRIPE_KEY = 'sk_live_51PlaintextThatMustNeverBeStored0000';
const TRANSACTION_KEY = 'TxKeyPlain123456';
const WEBHOOK_SECRET = 'whsec_PlaintextWebhookSecretNeverStored';
const sealed = (masked: string) => ({ keyId: 'a1b2c3d4e5f60708', sealed: 'bm9uY2UuY2lwaGVydGV4dC50YWc=', masked });

/** Every stored value of the store's gateway rows, as text, however the backend keeps them. */
const storedText = async (persistence: Persistence, container: ReturnType<typeof buildContainer>, storeId: string) => {
  if (persistence.kind === 'memory')
    return JSON.stringify(
      [...(persistence.state?.gatewaySettings.entries() ?? [])].filter(([k]) => k.startsWith(storeId)),
    );
  const { db } = container.get(PERSISTENCE.Database);
  return JSON.stringify(await db.selectFrom('gateway_settings').selectAll().where('store_id', '=', storeId).execute());
};

forEachBackend('Gateway settings repository contract', (_backend, persistence) => {
  const setup = async (keys: readonly Buffer[] = []) => {
    const container = buildContainer(persistence(), { gatewayCredentialsKeys: keys });
    const stores = container.get(TOKENS.StoreRepository);
    const [store, other] = [aStore(), aStore()];
    await stores.create(storeRecords(store));
    await stores.create(storeRecords(other));
    return { container, repo: container.get(GATEWAY_TOKENS.GatewaySettingsRepository), store, other };
  };

  it('gives a store every served gateway with the defaults until it changes one, and nothing for no store', async () => {
    const { repo, store } = await setup();
    expect(await repo.list(store.id)).to.deep.equal(SERVED_GATEWAYS.map(defaultGatewaySettings));
    expect(await repo.find(store.id, 'authorize_net')).to.deep.equal(defaultGatewaySettings('authorize_net'));
    const none = randomIds.uuid();
    expect(await repo.list(none)).to.equal(undefined);
    expect(await repo.find(none, 'manual')).to.equal(undefined);
    expect(await repo.update(none, 'manual', (s) => E.right(s))).to.equal(undefined);
  });

  it('keeps each gateway of each store apart, every field as given, and changes one in place', async () => {
    const { repo, store, other } = await setup();
    const authorize: GatewaySettings = {
      slug: 'authorize_net',
      enabled: true,
      test: true,
      login: sealed('****'),
      password: sealed('****3456'),
    };
    const connect: GatewaySettings = {
      slug: 'elastic_path_payments_stripe',
      enabled: false,
      test: true,
      stripeAccount: 'acct_1Connected',
    };
    expect(await repo.update(store.id, 'authorize_net', () => E.right(authorize))).to.deep.equal(E.right(authorize));
    await repo.update(store.id, 'elastic_path_payments_stripe', () => E.right(connect));
    expect(await repo.find(store.id, 'authorize_net')).to.deep.equal(authorize);
    expect(await repo.list(store.id)).to.deep.equal([
      defaultGatewaySettings('manual'),
      defaultGatewaySettings('stripe_payment_intents'),
      connect,
      authorize,
    ]);
    expect(await repo.list(other.id)).to.deep.equal(SERVED_GATEWAYS.map(defaultGatewaySettings));
    const changed = await repo.update(store.id, 'authorize_net', (current) =>
      E.right({ ...current, enabled: false, password: sealed('****9999') }),
    );
    expect(changed).to.deep.equal(E.right({ ...authorize, enabled: false, password: sealed('****9999') }));
    expect(await repo.find(store.id, 'authorize_net')).to.deep.equal({
      ...authorize,
      enabled: false,
      password: sealed('****9999'),
    });
  });

  it('stores nothing when the change is refused', async () => {
    const { repo, store } = await setup();
    expect(await repo.update(store.id, 'manual', () => E.left('refused'))).to.deep.equal(E.left('refused'));
    expect(await repo.find(store.id, 'manual')).to.deep.equal(defaultGatewaySettings('manual'));
  });

  it('audits each change with its credentials redacted: neither their sealed form nor their mask', async () => {
    const { container, repo, store } = await setup();
    const stripe: GatewaySettings = {
      slug: 'stripe_payment_intents',
      enabled: true,
      test: false,
      login: sealed('****abcd'),
    };
    await repo.update(store.id, 'stripe_payment_intents', () => E.right(stripe));
    const trail = await container.get(AUDIT_TOKENS.AuditTrail).list(store.id, listQuery(AUDIT_EVENT_LIST));
    expect(trail.items.map((e) => [e.action, e.resource, e.before, e.after])).to.deep.equal([
      [
        'gateway-settings.updated',
        { type: 'gateway', id: 'stripe_payment_intents' },
        { slug: 'stripe_payment_intents', enabled: false, test: false },
        { slug: 'stripe_payment_intents', enabled: true, test: false, login: REDACTED },
      ],
    ]);
    expect(JSON.stringify(trail.items)).not.to.include('****abcd').and.not.to.include(sealed('').sealed);
  });

  it('holds no credential in the clear: what is stored opens only with the key, in its own row and field', async () => {
    const key = randomBytes(32);
    const { container, store } = await setup([key]);
    const update = container.get(UpdateGateway);
    const stripe = await update.execute(store.id, 'stripe_payment_intents', {
      enabled: true,
      login: STRIPE_KEY,
      webhook_secret: WEBHOOK_SECRET,
    });
    const authorize = await update.execute(store.id, 'authorize_net', {
      login: 'apiLogin77',
      password: TRANSACTION_KEY,
    });
    expect(E.isRight(stripe) && E.isRight(authorize)).to.equal(true);
    const text = await storedText(persistence(), container, store.id);
    for (const plain of [STRIPE_KEY, 'PlaintextThatMustNeverBeStored', 'apiLogin77', TRANSACTION_KEY, WEBHOOK_SECRET])
      expect(text, 'stored text').not.to.include(plain);
    const kept = await container.get(GATEWAY_TOKENS.GatewaySettingsRepository).find(store.id, 'authorize_net');
    const cipher = container.get(GATEWAY_TOKENS.CredentialCipher);
    const { login, password } = kept ?? {};
    if (login === undefined || password === undefined) throw new Error('credentials not kept');
    expect(login.masked).to.equal('****');
    expect(password.masked).to.equal('****3456');
    expect(cipher.open(login, secretContext(store.id, 'authorize_net', 'login'))).to.equal('apiLogin77');
    expect(cipher.open(password, secretContext(store.id, 'authorize_net', 'password'))).to.equal(TRANSACTION_KEY);
    // A sealed value moved to the other field, gateway or store does not open.
    expect(() => cipher.open(login, secretContext(store.id, 'authorize_net', 'password'))).to.throw();
    expect(() => cipher.open(login, secretContext(store.id, 'stripe_payment_intents', 'login'))).to.throw();
    expect(() => cipher.open(login, secretContext(randomIds.uuid(), 'authorize_net', 'login'))).to.throw();
    const webhook = (
      await container.get(GATEWAY_TOKENS.GatewaySettingsRepository).find(store.id, 'stripe_payment_intents')
    )?.webhook_secret;
    if (webhook === undefined) throw new Error('the webhook secret is not kept');
    expect(webhook.masked).to.equal(`****${WEBHOOK_SECRET.slice(-4)}`);
    expect(cipher.open(webhook, secretContext(store.id, 'stripe_payment_intents', 'webhook_secret'))).to.equal(
      WEBHOOK_SECRET,
    );
    expect(() => cipher.open(webhook, secretContext(store.id, 'stripe_payment_intents', 'login'))).to.throw();
  });
});
