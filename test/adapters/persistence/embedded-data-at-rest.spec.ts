import { chmod, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { migrateToLatest } from '../../../src/adapters/persistence/kysely/engine/migrate.js';
import { openDatabase } from '../../../src/adapters/persistence/kysely/engine/open-database.js';
import { startTestApi } from '../../support/test-api.js';

/** Every file under `dir`, directories included, with its permission bits. */
const walk = async (
  dir: string,
): Promise<{ readonly file: string; readonly directory: boolean; readonly mode: number }[]> => {
  const found: { file: string; directory: boolean; mode: number }[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    const { mode } = await stat(file);
    found.push({ file, directory: entry.isDirectory(), mode: mode & 0o777 });
    if (entry.isDirectory()) found.push(...(await walk(file)));
  }
  return found;
};

describe('Embedded database files at rest', function () {
  this.timeout(120_000);
  let root: string;
  let umask: number;
  before(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'at-rest-'));
    // The loosest umask there is: whatever the operator's shell sets, the files must come out private.
    umask = process.umask(0);
  });
  after(async () => {
    process.umask(umask);
    await rm(root, { recursive: true, force: true });
  });

  it('holds no client secret and no access token, and only owner-private files and directories', async () => {
    const dataDir = path.join(root, '.data', 'pglite');
    const handle = await openDatabase({ kind: 'pglite', dataDir });
    const credentials: string[] = [];
    try {
      await migrateToLatest(handle.db, handle.flavor);
      const api = await startTestApi({ persistence: { kind: 'database', handle } });
      try {
        credentials.push(api.store.clientSecret);
        const create = (name: string, idempotencyKey?: string) =>
          api.request('/v2/application-keys', {
            method: 'POST',
            headers: {
              'Content-Type': 'application/json',
              ...(idempotencyKey === undefined ? {} : { 'Idempotency-Key': idempotencyKey }),
            },
            body: JSON.stringify({ data: { type: 'application_key', name } }),
          });
        for (const [name, idempotencyKey] of [
          ['plain', undefined],
          ['retried', 'create-once'],
          ['again', 'create-twice'],
        ] as const) {
          const created = await create(name, idempotencyKey);
          expect(created.status).to.equal(201);
          const key = ((await created.json()) as { data: { client_id: string; client_secret: string } }).data;
          credentials.push(key.client_secret);
          if (idempotencyKey !== undefined)
            expect((await create(name, idempotencyKey)).headers.get('idempotent-replayed')).to.equal('true');
          for (const grant of ['client_credentials', 'implicit']) {
            const form = new URLSearchParams({
              grant_type: grant,
              client_id: key.client_id,
              ...(grant === 'implicit' ? {} : { client_secret: key.client_secret }),
            });
            const issued = await api.request('/oauth/access_token', { method: 'POST', body: form, token: null });
            expect(issued.status).to.equal(200);
            credentials.push(((await issued.json()) as { access_token: string }).access_token);
          }
        }
        credentials.push(await api.token());
        // A rotation answers a secret too, and its replay is stored like a create's.
        const overlapEnds = new Date(Date.now() + 60_000).toISOString();
        const rotate = () =>
          api.request(`/v2/application-keys/${api.store.key.id}/rotate-secret`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'rotate-once' },
            body: JSON.stringify({ data: { type: 'application_key', expire_current_secret_at: overlapEnds } }),
          });
        const rotated = await rotate();
        expect(rotated.status).to.equal(200);
        credentials.push(((await rotated.json()) as { data: { client_secret: string } }).data.client_secret);
        expect((await rotate()).headers.get('idempotent-replayed')).to.equal('true');
        const loose = (await walk(dataDir)).filter((f) => f.mode !== (f.directory ? 0o700 : 0o600));
        expect(
          loose.map((f) => `${path.relative(root, f.file)} ${f.mode.toString(8)}`).slice(0, 5),
          'while the database is open',
        ).to.deep.equal([]);
        expect((await stat(`${dataDir}.lock`)).mode & 0o777, 'the lock file').to.equal(0o600);
      } finally {
        await api.close();
      }
    } finally {
      await handle.close();
    }

    const files = await walk(path.join(root, '.data'));
    expect(files.filter((f) => !f.directory).length, 'the database wrote files').to.be.greaterThan(100);
    for (const { file, directory } of files.filter((f) => !f.directory)) {
      expect(directory).to.equal(false);
      const bytes = await readFile(file);
      for (const credential of credentials)
        expect(bytes.includes(credential), `${credential.slice(0, 6)}… in ${path.relative(root, file)}`).to.equal(
          false,
        );
    }
    const loose = [
      { file: path.join(root, '.data'), directory: true, mode: (await stat(path.join(root, '.data'))).mode & 0o777 },
      ...files,
    ].filter((f) => f.mode !== (f.directory ? 0o700 : 0o600));
    expect(
      loose.map((f) => `${path.relative(root, f.file)} ${f.mode.toString(8)}`).slice(0, 5),
      `${loose.length} of ${files.length + 1} not private`,
    ).to.deep.equal([]);
  });

  it('tightens the files of a data directory written with looser modes when it opens it', async () => {
    const dataDir = path.join(root, '.data', 'pglite');
    await chmod(dataDir, 0o755);
    await chmod(path.join(dataDir, 'PG_VERSION'), 0o666);
    const handle = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const loose = (await walk(dataDir)).filter((f) => f.mode !== (f.directory ? 0o700 : 0o600));
      expect(loose.map((f) => `${path.relative(root, f.file)} ${f.mode.toString(8)}`)).to.deep.equal([]);
      expect((await stat(dataDir)).mode & 0o777).to.equal(0o700);
    } finally {
      await handle.close();
    }
  });
});
