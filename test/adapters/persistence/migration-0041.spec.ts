import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { Migrator } from 'kysely';
import { migrateToLatest } from '../../../src/adapters/persistence/kysely/engine/migrate.js';
import { migrations } from '../../../src/adapters/persistence/kysely/engine/migrations/index.js';
import { GATEWAY_TOKENS } from '../../../src/application/gateway-tokens.js';
import { buildContainer } from '../../../src/container.js';
import { defaultGatewaySettings } from '../../../src/domain/gateways/gateway-settings.js';
import { forEachBackend } from '../../support/backends.js';
import { aStore, storeRecords } from '../../support/builders.js';
import { portsOf } from '../../support/ports.js';

forEachBackend(
  'migration 0041, gateway settings',
  (backend, persistence) => {
    it('goes down with the stores’ gateway settings, leaving every gateway the defaults on its way back up', async () => {
      const p = persistence();
      if (p.kind !== 'database') throw new Error('runs on SQL backends only');
      const { db, flavor } = p.handle;
      const store = aStore();
      await portsOf(p).stores.create(storeRecords(store));
      const gateways = buildContainer(p).get(GATEWAY_TOKENS.GatewaySettingsRepository);
      const connect = { ...defaultGatewaySettings('elastic_path_payments_stripe'), stripeAccount: 'acct_1Down' };
      await gateways.update(store.id, 'elastic_path_payments_stripe', () => E.right(connect));
      expect(await gateways.find(store.id, 'elastic_path_payments_stripe')).to.deep.equal(connect);

      const names = Object.keys(migrations(flavor)).sort();
      const before = names[names.indexOf('0041-gateway-settings') - 1];
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations(flavor) } });
      expect((await migrator.migrateTo(before as string)).error).to.equal(undefined);
      expect((await db.introspection.getTables()).map((t) => t.name)).to.not.include('gateway_settings');
      await migrateToLatest(db, flavor);
      expect(await gateways.find(store.id, 'elastic_path_payments_stripe')).to.deep.equal(
        defaultGatewaySettings('elastic_path_payments_stripe'),
      );
      await backend.reset(p);
    });
  },
  { sqlOnly: true },
);
