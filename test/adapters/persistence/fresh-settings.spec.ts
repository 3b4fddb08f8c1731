import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { FRESH_WITHIN_MS } from '../../../src/adapters/persistence/fresh/fresh-repositories.js';
import { FreshSettings } from '../../../src/adapters/persistence/fresh/fresh-settings.js';
import { InMemoryAuditRecorder } from '../../../src/adapters/persistence/in-memory/audit/in-memory-audit-recorder.js';
import { InMemoryState } from '../../../src/adapters/persistence/in-memory/in-memory-state.js';
import { InMemorySettingsRepository } from '../../../src/adapters/persistence/in-memory/settings/in-memory-settings-repository.js';
import { InMemoryStoreRepository } from '../../../src/adapters/persistence/in-memory/stores/in-memory-store-repository.js';
import { asyncAuditScope } from '../../../src/adapters/system/async-audit-scope.js';
import { randomIds } from '../../../src/adapters/system/system-module.js';
import { CORS_SETTINGS_AUDIT } from '../../../src/domain/audit/audited-records.js';
import { type CorsSettings, DEFAULT_CORS_SETTINGS } from '../../../src/domain/settings/cors-settings.js';
import type { Origin } from '../../../src/domain/settings/origin.js';
import { aStore, storeRecords } from '../../support/builders.js';
import { TestClock, testIds } from '../../support/system-fakes.js';

describe('settings read by requests, served from memory for up to a second', () => {
  const narrowed = (origin: string): CorsSettings => ({ allowedOrigins: [origin as Origin] });

  it('shows another instance’s change within a second, its own at once, and no store as none', async () => {
    const clock = new TestClock(new Date('2026-01-01T00:00:00.000Z'));
    const state = new InMemoryState();
    const store = aStore();
    await new InMemoryStoreRepository(
      state,
      new InMemoryAuditRecorder(state, testIds, clock, asyncAuditScope()),
    ).create(storeRecords(store));
    const behind = new InMemorySettingsRepository(
      state,
      state.corsSettings,
      DEFAULT_CORS_SETTINGS,
      new InMemoryAuditRecorder(state, testIds, clock, asyncAuditScope()),
      CORS_SETTINGS_AUDIT,
    );
    const fresh = new FreshSettings(behind, clock);

    expect(await fresh.find(store.id)).to.deep.equal(DEFAULT_CORS_SETTINGS);
    await behind.update(store.id, () => E.right(narrowed('https://a.example')));
    expect(await fresh.find(store.id), 'another instance’s write, not yet seen').to.deep.equal(DEFAULT_CORS_SETTINGS);
    clock.advance(FRESH_WITHIN_MS);
    expect(await fresh.find(store.id)).to.deep.equal(narrowed('https://a.example'));
    await fresh.update(store.id, () => E.right(narrowed('https://b.example')));
    expect(await fresh.find(store.id), 'this instance’s write, seen at once').to.deep.equal(
      narrowed('https://b.example'),
    );
    expect(await fresh.find(randomIds.uuid())).to.equal(undefined);
  });
});
