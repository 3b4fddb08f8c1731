import type { MigrationResult } from 'kysely';
import type { MintedApplicationKey } from '../../application/use-cases/keys/mint-application-key.js';
import type { CreatedStore } from '../../application/use-cases/stores/create-store.js';
import { type Page, pageOffsets } from '../../domain/query/page.js';
import type { SubscriptionsGeneration } from '../../domain/settings/subscriptions-generation.js';
import type { Store } from '../../domain/stores/store.js';
import type { StoreSummary } from '../../domain/stores/store-summary.js';
import { listMeta } from '../http/documents/list-meta.js';
import { migrationSummary } from '../persistence/kysely/engine/migration-summary.js';
import { credentialsBanner, keyCredentials } from '../service/credentials-banner.js';
import { type TextColumn, textTable } from './text-table.js';

/** What a command prints on stdout: lines for a person, or one JSON document for a script (`--json`). */
export interface Reply {
  readonly text: string;
  readonly json: unknown;
}

/** Each migration that ran on its own line, then the same summary the service logs at its start. */
export const migrationsReply = (migrated: readonly MigrationResult[], durationMs: number): Reply => ({
  text: [...migrated.map((r) => `${r.migrationName}: ${r.status}`), migrationSummary(migrated, durationMs)]
    .map((line) => `${line}\n`)
    .join(''),
  json: {
    migrations: migrated.map((r) => ({ name: r.migrationName, status: r.status })),
    duration_ms: durationMs,
  },
});

const keyJson = (minted: MintedApplicationKey) => ({
  key_id: minted.key.id,
  key_name: minted.key.name,
  reserved_rate_limit: minted.key.reservedRateLimit,
  client_id: minted.key.clientId,
  client_secret: minted.clientSecret,
});

export const createdStoreReply = (created: CreatedStore): Reply => ({
  text: credentialsBanner(created),
  json: { store_id: created.store.id, store_name: created.store.name, ...keyJson(created) },
});

export const createdKeyReply = (minted: MintedApplicationKey): Reply => ({
  text: keyCredentials(minted),
  json: {
    store_id: minted.key.storeId,
    ...keyJson(minted),
    ...(minted.key.scopes === null ? {} : { scopes: minted.key.scopes }),
  },
});

export const rateLimitReply = (store: Store): Reply => ({
  text: `store ${store.id}: ${store.rateLimit} requests per second\n`,
  json: { store_id: store.id, rate_limit: store.rateLimit },
});

export const generationReply = (storeId: string, generation: SubscriptionsGeneration): Reply => ({
  text: `store ${storeId}: subscriptions generation ${generation}\n`,
  json: { store_id: storeId, subscriptions_generation: generation },
});

/** Seconds are enough to tell stores apart by age, and the zone is always UTC. */
const createdAt = (date: Date): string => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

const STORE_COLUMNS: readonly TextColumn<StoreSummary>[] = [
  { heading: 'ID', cell: (s) => s.store.id },
  { heading: 'NAME', cell: (s) => s.store.name },
  { heading: 'RATE LIMIT', cell: (s) => String(s.store.rateLimit), alignRight: true },
  { heading: 'RESERVED', cell: (s) => String(s.reservedRateLimit), alignRight: true },
  { heading: 'KEYS', cell: (s) => String(s.keyCount), alignRight: true },
  { heading: 'GENERATION', cell: (s) => s.store.subscriptionsGeneration },
  { heading: 'CREATED', cell: (s) => createdAt(s.store.createdAt) },
];

/** Where the page lies in the whole list, and how to reach the next one. */
const pageLine = (page: Page<StoreSummary>): string => {
  const total = page.totalMethod === 'exact' ? String(page.total) : `at least ${page.total}`;
  const { offset } = page.page;
  if (page.items.length === 0)
    return page.total === 0 ? 'no stores\n' : `no stores at offset ${offset} (${total} in all)\n`;
  const last = offset + page.items.length;
  const whole = offset === 0 && last >= page.total && page.totalMethod === 'exact';
  const range = whole
    ? `${total} ${page.total === 1 ? 'store' : 'stores'}`
    : `stores ${offset + 1}-${last} of ${total}`;
  const { next } = pageOffsets(page.page, page.total);
  const more = next === null ? '' : `; next page: --offset ${next}`;
  return `${range}, newest first${more}\n`;
};

export const storeListReply = (page: Page<StoreSummary>): Reply => ({
  text: (page.items.length === 0 ? '' : textTable(STORE_COLUMNS, page.items)) + pageLine(page),
  json: {
    data: page.items.map((s) => ({
      id: s.store.id,
      name: s.store.name,
      rate_limit: s.store.rateLimit,
      total_reserved_rate_limit: s.reservedRateLimit,
      key_count: s.keyCount,
      subscriptions_generation: s.store.subscriptionsGeneration,
      created_at: s.store.createdAt.toISOString(),
    })),
    meta: listMeta(page.page, page.total, page.totalMethod),
  },
});

/** What `--version` prints. */
export const versionReply = (version: string): Reply => ({ text: `${version}\n`, json: { version } });
