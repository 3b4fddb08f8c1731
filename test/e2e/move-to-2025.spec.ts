import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { emptyDataDir } from '../support/empty-data-dir.js';
import { type ServiceProcess, startServiceProcess, storeForLoad } from '../support/service-process.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SCRIPT = path.join(ROOT, 'examples/move-to-2025.sh');

/** The block of docs/api.md that shows the walk-through. */
const shownInDocs = async (): Promise<string> => {
  const docs = await readFile(path.join(ROOT, 'docs/api.md'), 'utf8');
  const block = /```sh\n(#!\/usr\/bin\/env bash\n# A store moves from EPCC's 2024[\s\S]*?)```/.exec(docs)?.[1];
  if (block === undefined) throw new Error('docs/api.md shows no walk-through');
  return block;
};

describe('The walk-through from the 2024 to the 2025 subscriptions wire (examples/move-to-2025.sh)', () => {
  let dataDir: string;
  let service: ServiceProcess | undefined;
  before(async function () {
    this.timeout(120_000);
    dataDir = await emptyDataDir(path.join(await mkdtemp(path.join(tmpdir(), 'commerce-core-move-')), 'pglite'));
  });
  after(async () => {
    await service?.stop();
    await rm(path.dirname(dataDir), { recursive: true, force: true });
  });

  it('is shown in docs/api.md exactly as it is in the file', async () => {
    expect(await shownInDocs()).to.equal(await readFile(SCRIPT, 'utf8'));
  });

  it('runs as written against the service on a fresh store, with curl', async function () {
    this.timeout(120_000);
    const { clientId, clientSecret } = await storeForLoad({ DATA_DIR: dataDir });
    service = await startServiceProcess({ DATA_DIR: dataDir });
    const { stdout } = await promisify(execFile)('bash', [SCRIPT], {
      cwd: ROOT,
      env: { ...process.env, BASE: service.url, CLIENT_ID: clientId, CLIENT_SECRET: clientSecret },
      timeout: 60_000,
    });
    expect(stdout).to.match(
      /^offering [0-9a-f-]{36}: plan [0-9a-f-]{36}, pricing option [0-9a-f-]{36}, on the 2025 wire\n$/,
    );
  });
});
