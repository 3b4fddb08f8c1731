import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { Migrator } from 'kysely';
import { migrateToLatest } from '../../../src/adapters/persistence/kysely/engine/migrate.js';
import { migrations } from '../../../src/adapters/persistence/kysely/engine/migrations/index.js';
import { GATEWAY_TOKENS } from '../../../src/application/gateway-tokens.js';
import { TOKENS } from '../../../src/application/tokens.js';
import { UpdateGateway } from '../../../src/application/use-cases/gateways/update-gateway.js';
import { buildContainer } from '../../../src/container.js';
import { forEachBackend } from '../../support/backends.js';
import { aStore, storeRecords } from '../../support/builders.js';
import { TEST_CREDENTIALS_KEY } from '../../support/test-api.js';

forEachBackend(
  'migration 0043, the Stripe webhook secret',
  (backend, persistence) => {
    it('keeps the gateways on the way down and back up, none with a webhook secret', async () => {
      const p = persistence();
      if (p.kind !== 'database') throw new Error('runs on SQL backends only');
      const { db, flavor } = p.handle;
      const container = buildContainer(p, { gatewayCredentialsKeys: [TEST_CREDENTIALS_KEY] });
      const store = aStore();
      await container.get(TOKENS.StoreRepository).create(storeRecords(store));
      const update = container.get(UpdateGateway);
      const before = await update.execute(store.id, 'stripe_payment_intents', {
        enabled: true,
        login: 'sk_test_51MigrationStoreKey0000',
        webhook_secret: 'whsec_MigrationStoreSecret0000',
      });
      if (E.isLeft(before)) throw new Error('not stored');
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations(flavor) } });
      expect((await migrator.migrateTo('0042-refund-status')).error).to.equal(undefined);
      const kept = await db.selectFrom('gateway_settings').selectAll().execute();
      expect(kept.map((row) => row.slug)).to.deep.equal(['stripe_payment_intents']);
      expect(kept[0]).not.to.have.property('webhook_secret_sealed');
      await migrateToLatest(db, flavor);
      const after = await container
        .get(GATEWAY_TOKENS.GatewaySettingsRepository)
        .find(store.id, 'stripe_payment_intents');
      const { webhook_secret: _dropped, ...rest } = before.right;
      expect(after).to.deep.equal(rest);
      await backend.reset(p);
    });
  },
  { sqlOnly: true },
);
