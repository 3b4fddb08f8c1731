import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { MigrationResult } from 'kysely';
import type { CliCore, CliIo } from '../../../src/adapters/cli/cli-program.js';
import { packageVersion } from '../../../src/adapters/cli/package-version.js';
import { runCli } from '../../../src/adapters/cli/run-cli.js';
import { InMemoryState } from '../../../src/adapters/persistence/in-memory/in-memory-state.js';
import { DataDirInUse } from '../../../src/adapters/persistence/kysely/engine/data-dir-lock.js';
import { nodeSecrets } from '../../../src/adapters/system/node-secrets.js';
import { StorageUnavailable } from '../../../src/application/ports/storage-unavailable.js';
import { openCore } from '../../../src/bootstrap.js';
import { buildContainer } from '../../../src/container.js';
import { aKey, aStore, storeRecords } from '../../support/builders.js';
import { portsOf } from '../../support/ports.js';
import { uuid } from '../../support/system-fakes.js';

const UNKNOWN_STORE = '5d0c0000-0000-4000-8000-000000000000';

interface Ran {
  readonly code: number;
  readonly out: string;
  readonly err: string;
}

/** The CLI over one in-memory database that outlives each command, as a real one would. */
const cli = (
  options: { env?: Record<string, string>; open?: CliIo['open']; migrated?: readonly MigrationResult[] } = {},
) => {
  const state = new InMemoryState();
  const counts = { opened: 0, closed: 0 };
  let out = '';
  let err = '';
  const io: CliIo = {
    env: options.env ?? {},
    out: (text) => (out += text),
    err: (text) => (err += text),
    open:
      options.open ??
      (async (): Promise<CliCore> => {
        counts.opened += 1;
        return {
          container: buildContainer({ kind: 'memory', state }),
          migrated: options.migrated ?? [],
          migrationMs: options.migrated === undefined ? 3 : 412,
          close: async () => {
            counts.closed += 1;
          },
        };
      }),
    version: '9.8.7',
  };
  const run = async (...args: string[]): Promise<Ran> => {
    out = '';
    err = '';
    const code = await runCli(io, args);
    return { code, out, err };
  };
  return { run, state, counts, ports: portsOf({ kind: 'memory', state }) };
};

const json = (text: string): any => {
  expect(
    text.endsWith('\n') && text.indexOf('\n') === text.length - 1,
    `one JSON document on one line: ${text}`,
  ).to.equal(true);
  return JSON.parse(text);
};

const storeIdIn = (text: string): string => {
  const id = /^store_id: (\S+)$/m.exec(text)?.[1];
  if (id === undefined) throw new Error(`no store_id in ${text}`);
  return id;
};

describe('CLI: version, help and usage errors', () => {
  it('prints the version, as text or as JSON, whichever side of --version --json is on', async () => {
    const { run } = cli();
    expect(await run('--version')).to.deep.equal({ code: 0, out: '9.8.7\n', err: '' });
    expect(await run('-V')).to.deep.equal({ code: 0, out: '9.8.7\n', err: '' });
    expect(json((await run('--version', '--json')).out)).to.deep.equal({ version: '9.8.7' });
    expect(json((await run('--json', '--version')).out)).to.deep.equal({ version: '9.8.7' });
  });

  it('reads the version from the package.json one folder above the entry module', async () => {
    const manifest = JSON.parse(await readFile(new URL('../../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    expect(await packageVersion(new URL('../../../src/cli.ts', import.meta.url).href)).to.equal(manifest.version);
    const missing = await packageVersion(new URL('file:///nowhere/at/all/cli.js').href).then(
      () => 'read',
      (error: Error) => error.message,
    );
    expect(missing).to.include('ENOENT');
  });

  it('prints help on stdout with 0, and lists every command', async () => {
    const { run } = cli();
    const { code, out } = await run('--help');
    expect(code).to.equal(0);
    for (const command of [
      'migrate',
      'create-store',
      'create-key',
      'list-stores',
      'set-rate-limit',
      'set-generation',
      '--json',
      '--version',
    ])
      expect(out).to.include(command);
  });

  it('ends usage errors with 2, in words or as a JSON error, and opens no database', async () => {
    const { run, counts } = cli();
    const cases: readonly [readonly string[], string][] = [
      [[], 'a command is required (see --help)'],
      [['bogus'], "unknown command 'bogus'"],
      [['list-stores', '--bogus'], "unknown option '--bogus'"],
      [['create-key'], "required option '--store <id>' not specified"],
      [['create-key', '--store'], "option '--store <id>' argument missing"],
      [['set-rate-limit', '--store', UNKNOWN_STORE], "missing required argument 'requests-per-second'"],
      [['set-rate-limit', '--store', UNKNOWN_STORE, '5', '6'], 'too many arguments'],
    ];
    for (const [args, message] of cases) {
      const text = await run(...args);
      expect([text.code, text.out], args.join(' ')).to.deep.equal([2, '']);
      expect(text.err).to.include(`error: ${message}`);
      const asJson = await run(...args, '--json');
      expect([asJson.code, asJson.out], args.join(' ')).to.deep.equal([2, '']);
      const { error } = json(asJson.err);
      expect(error).to.include({ kind: 'usage', exit_code: 2 });
      expect(error.message).to.include(message);
      expect(error.issues).to.deep.equal([]);
    }
    expect(counts.opened).to.equal(0);
  });

  it('takes --json after -- as an operand, not as the option', async () => {
    const { run } = cli();
    const { code, out } = await run('create-store', '--', '--json');
    expect(code).to.equal(0);
    expect(out).to.match(/^store_id: /);
  });
});

describe('CLI: migrate', () => {
  const migrated: MigrationResult[] = [
    { migrationName: '0001-first', direction: 'Up', status: 'Success' },
    { migrationName: '0002-second', direction: 'Up', status: 'Success' },
  ];

  it('says what each migration did and sums them up, or that the schema is up to date', async () => {
    expect(await cli({ migrated }).run('migrate')).to.deep.equal({
      code: 0,
      out: '0001-first: Success\n0002-second: Success\napplied 2 migrations (0001-first … 0002-second) in 412 ms\n',
      err: '',
    });
    expect(await cli({ migrated: migrated.slice(1) }).run('migrate')).to.deep.equal({
      code: 0,
      out: '0002-second: Success\napplied 1 migration (0002-second) in 412 ms\n',
      err: '',
    });
    expect(await cli().run('migrate')).to.deep.equal({
      code: 0,
      out: 'schema is up to date (checked in 3 ms)\n',
      err: '',
    });
  });

  it('lists them as JSON, with the time they took', async () => {
    expect(json((await cli({ migrated }).run('migrate', '--json')).out)).to.deep.equal({
      migrations: [
        { name: '0001-first', status: 'Success' },
        { name: '0002-second', status: 'Success' },
      ],
      duration_ms: 412,
    });
    expect(json((await cli().run('--json', 'migrate')).out)).to.deep.equal({ migrations: [], duration_ms: 3 });
  });
});

describe('CLI: create-store', () => {
  it('prints the new store id and its first key once, and the key is stored only as its hash', async () => {
    const { run, ports } = cli();
    const { code, out, err } = await run('create-store', 'Second shop');
    expect([code, err]).to.deep.equal([0, '']);
    const [storeLine, idLine, secretLine, note] = out.split('\n');
    expect(storeLine).to.match(/^store_id: [0-9a-f-]{36}$/);
    expect(idLine).to.match(/^client_id: [0-9a-f]{42}$/);
    expect(secretLine).to.match(/^client_secret: [0-9a-f]{64}$/);
    expect(note).to.include('cannot be shown again');
    const key = await ports.keys.findByClientId(idLine?.slice('client_id: '.length) ?? '');
    expect(key?.secretHash).to.equal(nodeSecrets.hash(secretLine?.slice('client_secret: '.length) ?? ''));
    expect((await ports.stores.findById(uuid(storeIdIn(out))))?.name).to.equal('Second shop');
  });

  it('prints the same as one JSON document', async () => {
    const { run, ports } = cli();
    const created = json((await run('create-store', 'Shop', '--json')).out);
    expect(Object.keys(created)).to.deep.equal([
      'store_id',
      'store_name',
      'key_id',
      'key_name',
      'reserved_rate_limit',
      'client_id',
      'client_secret',
    ]);
    expect(created).to.include({ store_name: 'Shop', key_name: 'Default key', reserved_rate_limit: null });
    expect((await ports.keys.findById(created.store_id, created.key_id))?.secretHash).to.equal(
      nodeSecrets.hash(created.client_secret),
    );
  });

  it('refuses a name out of bounds with 5, naming the argument', async () => {
    const { run, state } = cli();
    const text = await run('create-store', 'x'.repeat(256));
    expect([text.code, text.out, text.err]).to.deep.equal([
      5,
      '',
      'error: the store was not created: invalid input\n  [name] must be 1 to 255 characters long\n',
    ]);
    expect(json((await run('create-store', '', '--json')).err)).to.deep.equal({
      error: {
        kind: 'invalid_input',
        exit_code: 5,
        message: 'the store was not created: invalid input',
        issues: [{ source: '[name]', detail: 'must be 1 to 255 characters long' }],
      },
    });
    expect(state.stores.size).to.equal(0);
  });
});

describe('CLI: create-key', () => {
  const withStore = async (rateLimit = 100) => {
    const harness = cli();
    const store = aStore({ rateLimit });
    await harness.ports.stores.create(storeRecords(store));
    return { ...harness, store };
  };

  it('creates a key named "CLI key" without a reservation, printing its credentials once', async () => {
    const { run, ports, store } = await withStore();
    const { code, out, err } = await run('create-key', '--store', store.id);
    expect([code, err]).to.deep.equal([0, '']);
    const lines = out.split('\n');
    expect(lines[0]).to.match(/^client_id: [0-9a-f]{42}$/);
    expect(lines[1]).to.match(/^client_secret: [0-9a-f]{64}$/);
    expect(lines[2]).to.include('cannot be shown again');
    const key = await ports.keys.findByClientId(lines[0]?.slice('client_id: '.length) ?? '');
    expect(key).to.include({ storeId: store.id, name: 'CLI key', reservedRateLimit: null });
    expect(key?.secretHash).to.equal(nodeSecrets.hash(lines[1]?.slice('client_secret: '.length) ?? ''));
  });

  it('takes a name and a reservation, and prints the key as JSON', async () => {
    const { run, ports, store } = await withStore();
    const created = json(
      (
        await run(
          'create-key',
          '--json',
          '--store',
          store.id.toUpperCase(),
          '--name',
          'Batch jobs',
          '--reserved-rate-limit',
          '40',
        )
      ).out,
    );
    expect(created).to.include({ store_id: store.id, key_name: 'Batch jobs', reserved_rate_limit: 40 });
    expect(Object.keys(created)).to.deep.equal([
      'store_id',
      'key_id',
      'key_name',
      'reserved_rate_limit',
      'client_id',
      'client_secret',
    ]);
    expect(await ports.keys.findById(store.id, created.key_id)).to.include({
      clientId: created.client_id,
      reservedRateLimit: 40,
    });
  });

  it('creates a key with scopes, and ends with 5 naming --scopes for an unknown one', async () => {
    const { run, ports, store, state } = await withStore();
    const created = json(
      (await run('create-key', '--json', '--store', store.id, '--scopes', 'billing, read-only')).out,
    );
    expect(created['scopes']).to.deep.equal(['read-only', 'billing']);
    expect((await ports.keys.findById(store.id, created.key_id))?.scopes).to.deep.equal(['read-only', 'billing']);
    const bad = json((await run('create-key', '--json', '--store', store.id, '--scopes', 'billing,admin')).err);
    expect(bad.error).to.include({ kind: 'invalid_input', exit_code: 5 });
    expect(bad.error.issues.map((i: { source: string }) => i.source)).to.deep.equal(['--scopes']);
    expect(state.applicationKeys.size).to.equal(2);
  });

  it('ends with 3 for a store that does not exist, or an id that is no uuid', async () => {
    const { run, state } = await withStore();
    for (const id of [UNKNOWN_STORE, 'not-a-uuid']) {
      expect(await run('create-key', '--store', id)).to.deep.equal({
        code: 3,
        out: '',
        err: 'error: the key was not created: store not found\n',
      });
      expect(json((await run('create-key', '--store', id, '--json')).err)).to.deep.equal({
        error: { kind: 'not_found', exit_code: 3, message: 'the key was not created: store not found', issues: [] },
      });
    }
    expect(state.applicationKeys.size).to.equal(1);
  });

  it('ends with 4 when the reservation would pass the store budget', async () => {
    const { run, ports, store } = await withStore(50);
    await ports.keys.insert(aKey(store.id, { reservedRateLimit: 30 }), () => true);
    const refused = await run('create-key', '--store', store.id, '--reserved-rate-limit', '21');
    expect([refused.code, refused.out]).to.deep.equal([4, '']);
    expect(refused.err).to.equal(
      'error: the key was not created: requested reserved rate limit will exceed the maximum\n',
    );
    expect(
      json((await run('create-key', '--store', store.id, '--reserved-rate-limit', '21', '--json')).err).error,
    ).to.include({
      kind: 'conflict',
      exit_code: 4,
      code: 'reservation_over_budget',
    });
    expect((await run('create-key', '--store', store.id, '--reserved-rate-limit', '20')).code).to.equal(0);
  });

  it('ends with 5 and lists every issue of the name and the reservation', async () => {
    const { run, store, state } = await withStore();
    const text = await run('create-key', '--store', store.id, '--name', '', '--reserved-rate-limit', '1.5');
    expect([text.code, text.out]).to.deep.equal([5, '']);
    expect(text.err).to.equal(
      'error: the key was not created: invalid input\n  --name must be 1 to 255 characters long\n  --reserved-rate-limit must be an integer\n',
    );
    const issues = (args: string[]) =>
      run('create-key', '--json', '--store', store.id, ...args).then((r) => json(r.err).error.issues);
    expect(await issues(['--reserved-rate-limit', '-1'])).to.deep.equal([
      { source: '--reserved-rate-limit', detail: 'must be between 0 and 2147483647' },
    ]);
    expect(await issues(['--reserved-rate-limit', '2147483648'])).to.deep.equal([
      { source: '--reserved-rate-limit', detail: 'must be between 0 and 2147483647' },
    ]);
    expect(await issues(['--reserved-rate-limit', 'ten'])).to.deep.equal([
      { source: '--reserved-rate-limit', detail: 'must be an integer' },
    ]);
    expect(await issues(['--name', 'k'.repeat(256)])).to.deep.equal([
      { source: '--name', detail: 'must be 1 to 255 characters long' },
    ]);
    expect(state.applicationKeys.size).to.equal(1);
  });
});

describe('CLI: list-stores', () => {
  const seeded = async (count: number) => {
    const harness = cli();
    const stores = Array.from({ length: count }, (_, i) =>
      aStore({
        name: `Store ${i + 1}`,
        createdAt: new Date(Date.UTC(2026, 0, 1 + i, 8, 30, 15, 250)),
        rateLimit: 100 * (i + 1),
      }),
    );
    for (const store of stores) await harness.ports.stores.create(storeRecords(store));
    return { ...harness, stores };
  };

  it('prints one aligned line per store, newest first, with budget, reserved total, keys and creation', async () => {
    const { run, ports, stores } = await seeded(2);
    const [first, second] = stores as [ReturnType<typeof aStore>, ReturnType<typeof aStore>];
    await ports.keys.insert(aKey(first.id, { reservedRateLimit: 25 }), () => true);
    await ports.stores.setRateLimit(second.id, 1_000_000);
    await ports.stores.changeSettings(second.id, { subscriptionsGeneration: '2025' });
    const { code, out, err } = await run('list-stores');
    expect([code, err]).to.deep.equal([0, '']);
    expect(out).to.equal(
      [
        'ID                                    NAME     RATE LIMIT  RESERVED  KEYS  GENERATION  CREATED',
        `${second.id}  Store 2     1000000         0     1  2025        2026-01-02T08:30:15Z`,
        `${first.id}  Store 1         100        25     2  2024        2026-01-01T08:30:15Z`,
        '2 stores, newest first',
        '',
      ].join('\n'),
    );
  });

  it('says so when there is no store', async () => {
    expect(await cli().run('list-stores')).to.deep.equal({ code: 0, out: 'no stores\n', err: '' });
    expect(json((await cli().run('list-stores', '--json')).out)).to.deep.equal({
      data: [],
      meta: { page: { limit: 100, offset: 0, current: 1, total: 0 }, results: { total: 0, total_method: 'exact' } },
    });
  });

  it('shows control characters of a name as escapes, so each store stays on its line', async () => {
    const { run, ports } = cli();
    const store = aStore({ name: 'Two\nlines\u001b[31m' });
    await ports.stores.create(storeRecords(store));
    const { out } = await run('list-stores');
    expect(out.split('\n')[1]).to.include('Two\\u000alines\\u001b[31m');
    expect(out.split('\n')).to.have.length(4);
  });

  it('reads a page at a time and says where the next one starts', async () => {
    const { run, stores } = await seeded(5);
    const ids = stores.map((s) => s.id).reverse();
    const page = await run('list-stores', '--limit', '2', '--offset', '1');
    const lines = page.out.split('\n');
    expect(lines.slice(1, 3).map((l) => l.slice(0, 36))).to.deep.equal(ids.slice(1, 3));
    expect(lines[3]).to.equal('stores 2-3 of 5, newest first; next page: --offset 3');
    expect((await run('list-stores', '--limit', '2', '--offset', '3')).out.split('\n')[3]).to.equal(
      'stores 4-5 of 5, newest first',
    );
    expect((await run('list-stores', '--offset', '9')).out).to.equal('no stores at offset 9 (5 in all)\n');
  });

  it('lists as JSON with the page and the total as every list has them', async () => {
    const { run, stores } = await seeded(3);
    const listed = json((await run('list-stores', '--json', '--limit', '2')).out);
    const newest = stores[2];
    expect(listed.data[0]).to.deep.equal({
      id: newest?.id,
      name: 'Store 3',
      rate_limit: 300,
      total_reserved_rate_limit: 0,
      key_count: 1,
      subscriptions_generation: '2024',
      created_at: '2026-01-03T08:30:15.250Z',
    });
    expect(listed.data).to.have.length(2);
    expect(listed.meta).to.deep.equal({
      page: { limit: 2, offset: 0, current: 1, total: 2 },
      results: { total: 3, total_method: 'exact' },
    });
  });

  it('ends with 5 for a page out of bounds, naming both options', async () => {
    const { run } = await seeded(1);
    const text = await run('list-stores', '--limit', '101', '--offset', 'x');
    expect([text.code, text.out]).to.deep.equal([5, '']);
    expect(text.err).to.equal(
      'error: the stores were not listed: invalid input\n  --offset must be an integer between 0 and 10000\n  --limit must be an integer between 1 and 100\n',
    );
    expect(json((await run('list-stores', '--limit', '0', '--json')).err).error).to.deep.include({
      kind: 'invalid_input',
      issues: [{ source: '--limit', detail: 'must be an integer between 1 and 100' }],
    });
  });
});

describe('CLI: set-rate-limit', () => {
  it("sets a store's budget and prints it, as text or JSON", async () => {
    const { run, ports } = cli();
    const store = aStore();
    await ports.stores.create(storeRecords(store));
    expect(await run('set-rate-limit', '--store', store.id, '250')).to.deep.equal({
      code: 0,
      out: `store ${store.id}: 250 requests per second\n`,
      err: '',
    });
    expect(json((await run('set-rate-limit', '--json', '--store', store.id, '300')).out)).to.deep.equal({
      store_id: store.id,
      rate_limit: 300,
    });
    expect((await ports.stores.findById(store.id))?.rateLimit).to.equal(300);
  });

  it('ends with 3, 4 or 5 for an unknown store, a budget below the reservations, or a budget out of bounds', async () => {
    const { run, ports } = cli();
    const store = aStore();
    await ports.stores.create(storeRecords(store, aKey(store.id, { reservedRateLimit: 60 })));
    const ended = async (...args: string[]) => {
      const text = await run(...args);
      const asJson = await run(...args, '--json');
      expect(asJson.code).to.equal(text.code);
      return { code: text.code, err: text.err, error: json(asJson.err).error };
    };
    const unknown = await ended('set-rate-limit', '--store', UNKNOWN_STORE, '10');
    expect([unknown.code, unknown.err, unknown.error.kind]).to.deep.equal([
      3,
      'error: the rate limit was not set: store not found\n',
      'not_found',
    ]);
    const below = await ended('set-rate-limit', '--store', store.id, '59');
    expect([below.code, below.error.kind, below.error.code]).to.deep.equal([
      4,
      'conflict',
      'budget_below_reservations',
    ]);
    expect(below.err).to.equal(
      "error: the rate limit was not set: the store's application keys reserve more than this request budget\n",
    );
    const invalid = await ended('set-rate-limit', '--store', store.id, '1000001');
    expect([invalid.code, invalid.error.issues]).to.deep.equal([
      5,
      [{ source: '<requests-per-second>', detail: 'must be a whole number of requests per second from 1 to 1000000' }],
    ]);
    expect((await ports.stores.findById(store.id))?.rateLimit).to.equal(100);
  });
});

describe('CLI: set-generation', () => {
  it("sets the generation a store's un-prefixed paths speak and prints it, as text or JSON", async () => {
    const { run, ports } = cli();
    const store = aStore();
    await ports.stores.create(storeRecords(store));
    expect(await run('set-generation', '--store', store.id, '2025')).to.deep.equal({
      code: 0,
      out: `store ${store.id}: subscriptions generation 2025\n`,
      err: '',
    });
    expect((await ports.stores.findById(store.id))?.subscriptionsGeneration).to.equal('2025');
    expect(json((await run('set-generation', '--json', '--store', store.id, '2024')).out)).to.deep.equal({
      store_id: store.id,
      subscriptions_generation: '2024',
    });
    // Read from the list: a store read by id may come from the one-second cache.
    expect(json((await run('list-stores', '--json')).out).data[0].subscriptions_generation).to.equal('2024');
  });

  it('ends with 3 for an unknown store and 5 for another generation, changing nothing', async () => {
    const { run, ports } = cli();
    const store = aStore();
    await ports.stores.create(storeRecords(store));
    for (const id of [UNKNOWN_STORE, 'not-a-uuid']) {
      const unknown = await run('set-generation', '--store', id, '2025');
      expect([unknown.code, unknown.err]).to.deep.equal([3, 'error: the generation was not set: store not found\n']);
    }
    const other = await run('set-generation', '--json', '--store', store.id, '2026');
    expect(other.code).to.equal(5);
    expect(json(other.err).error.issues).to.deep.equal([
      { source: '<generation>', detail: "must be one of '2024', '2025'" },
    ]);
    expect(json((await run('list-stores', '--json')).out).data[0].subscriptions_generation).to.equal('2024');
  });
});

describe('CLI: configuration and database failures', () => {
  it('ends with 5 for a bad configuration, listing each variable, before opening anything', async () => {
    const { run, counts } = cli({ env: { PORT: 'eighty', DATABASE_URL: 'sqlite://x' } });
    const text = await run('list-stores');
    expect(text.code).to.equal(5);
    expect(text.err).to.match(
      /^error: the configuration in the environment is invalid\n {2}DATABASE_URL must start with .*\n {2}PORT must be an integer .*\n$/,
    );
    const { error } = json((await run('list-stores', '--json')).err);
    expect(error.issues.map((i: { detail: string }) => i.detail.split(' ')[0])).to.deep.equal(['DATABASE_URL', 'PORT']);
    expect(counts.opened).to.equal(0);
  });

  it('ends with 6, in one sentence and no stack, when the embedded database is held by another process', async () => {
    const { run } = cli({ open: () => Promise.reject(new DataDirInUse('.data/pglite', 4242)) });
    const expected =
      'the embedded database in .data/pglite is in use by another process (pid 4242, perhaps the running service): ' +
      'stop it first, or set DATABASE_URL to a server database, which many processes can share';
    expect(await run('list-stores')).to.deep.equal({ code: 6, out: '', err: `error: ${expected}\n` });
    expect(json((await run('create-store', '--json')).err)).to.deep.equal({
      error: { kind: 'database_unavailable', exit_code: 6, message: expected, issues: [] },
    });
  });

  it('ends with 6 when the database cannot be reached, even when the fault is the cause of another error', async () => {
    const unreachable = new StorageUnavailable('the connection failed (ECONNREFUSED)');
    for (const thrown of [unreachable, new Error('migration unknown failed', { cause: unreachable })]) {
      const { run } = cli({ open: () => Promise.reject(thrown) });
      expect(await run('migrate')).to.deep.equal({
        code: 6,
        out: '',
        err: 'error: the database cannot be reached: the connection failed (ECONNREFUSED)\n',
      });
    }
  });

  it('ends with 1 for anything unexpected, with its message', async () => {
    const { run } = cli({ open: () => Promise.reject(new Error('disk on fire')) });
    expect(await run('migrate')).to.deep.equal({ code: 1, out: '', err: 'error: disk on fire\n' });
    expect(json((await run('migrate', '--json')).err)).to.deep.equal({
      error: { kind: 'unexpected', exit_code: 1, message: 'disk on fire', issues: [] },
    });
  });

  it('closes the database after every command, whether it succeeded or not', async () => {
    const { run, counts } = cli();
    await run('create-store', 'A');
    await run('set-rate-limit', '--store', UNKNOWN_STORE, '5');
    await run('list-stores', '--limit', '0');
    expect(counts).to.deep.equal({ opened: 3, closed: 3 });
  });
});

describe('CLI: on the embedded database', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'commerce-core-cli-'));
  });
  after(async () => rm(dir, { recursive: true, force: true }));

  it('creates a store and a key and lists them, each command opening and closing the data directory', async () => {
    const dataDir = path.join(dir, 'pglite');
    const io = { env: { DATA_DIR: dataDir }, err: () => {}, open: openCore, version: '0.0.0' };
    let out = '';
    const run = (...args: string[]) => runCli({ ...io, out: (text) => (out += text) }, args);
    expect(await run('create-store', 'Embedded')).to.equal(0);
    const storeId = storeIdIn(out);
    expect(await run('create-key', '--store', storeId, '--reserved-rate-limit', '30', '--json')).to.equal(0);
    out = '';
    expect(await run('list-stores', '--json')).to.equal(0);
    expect(
      json(out).data.map((s: Record<string, unknown>) => [s['id'], s['key_count'], s['total_reserved_rate_limit']]),
    ).to.deep.equal([[storeId, 2, 30]]);
  });

  it('ends with 6 while another live process holds the data directory, naming its pid', async () => {
    const dataDir = path.join(dir, 'held');
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      await writeFile(`${dataDir}.lock`, String(holder.pid));
      let err = '';
      const code = await runCli(
        { env: { DATA_DIR: dataDir }, out: () => {}, err: (text) => (err += text), open: openCore, version: '0.0.0' },
        ['list-stores'],
      );
      expect(code).to.equal(6);
      expect(err).to.equal(
        `error: the embedded database in ${dataDir} is in use by another process (pid ${holder.pid}, perhaps the running service): ` +
          'stop it first, or set DATABASE_URL to a server database, which many processes can share\n',
      );
    } finally {
      if (holder.pid !== undefined) process.kill(holder.pid);
    }
  });
});
