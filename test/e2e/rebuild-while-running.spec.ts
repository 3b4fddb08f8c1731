import { execFile, spawn } from 'node:child_process';
import { access, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { emptyDataDir } from '../support/empty-data-dir.js';
import { type ServiceProcess, startServiceProcess } from '../support/service-process.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DIST = path.join(ROOT, 'dist');
const STALE = 'left-by-an-older-build.js';

const exists = (file: string): Promise<boolean> =>
  access(file).then(
    () => true,
    () => false,
  );

/** What the running service answers for each of its pages that reads files on its first request. */
const pages = async (url: string): Promise<Record<string, number>> => {
  const statuses = await Promise.all(
    ['/console', '/docs', '/docs/swagger-ui-bundle.js', '/health'].map(async (page) => {
      const response = await fetch(`${url}${page}`);
      await response.arrayBuffer();
      return [page, response.status] as const;
    }),
  );
  return Object.fromEntries(statuses);
};
const ALL_OK = { '/console': 200, '/docs': 200, '/docs/swagger-ui-bundle.js': 200, '/health': 200 };

/**
 * `npm start` and `npm pack` build first: a build while a service runs from dist/ must leave it whole,
 * and must leave nothing of an older build in dist/, which is what the package ships.
 */
describe('building again while the service runs from dist/', () => {
  let dir: string;
  let service: ServiceProcess | undefined;
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'commerce-core-rebuild-'));
  });
  after(async () => {
    await service?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps every file of dist/ there during the build, the console and docs served, and drops stale files', async function () {
    this.timeout(300_000);
    await writeFile(path.join(DIST, STALE), '// a module no source makes any more\n');
    service = await startServiceProcess({
      DATA_DIR: await emptyDataDir(path.join(dir, 'pglite')),
      BOOTSTRAP_KEY_FILE: path.join(dir, 'key'),
    });
    const { url } = service;

    const build = spawn('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let buildOutput = '';
    build.stdout.on('data', (chunk: Buffer) => (buildOutput += chunk.toString()));
    build.stderr.on('data', (chunk: Buffer) => (buildOutput += chunk.toString()));
    const built = new Promise<number | null>((resolve) => build.once('exit', (code) => resolve(code)));
    let done = false;
    void built.then(() => (done = true));

    // Watch dist/ through the whole build; ask for the pages for the first time once the build is under way
    // (its new files are being written), when a build that cleans dist/ first has emptied it.
    const missing = new Set<string>();
    let answered: Record<string, number> | undefined;
    const started = Date.now();
    while (!done) {
      for (const file of ['main.js', 'adapters/http/console-assets.js', 'console/manifest.json'])
        if (!(await exists(path.join(DIST, file)))) missing.add(file);
      const underWay = (await readdir(ROOT)).some((entry) => entry.startsWith('dist.building-'));
      if (answered === undefined && (underWay || missing.size > 0 || Date.now() - started > 3_000))
        answered = await pages(url);
      await sleep(20);
    }
    expect(await built, buildOutput).to.equal(0);
    expect([...missing], 'files of dist/ missing during the build').to.deep.equal([]);
    expect(answered, 'pages first asked for during the build').to.deep.equal(ALL_OK);
    expect(await pages(url), 'pages after the build').to.deep.equal(ALL_OK);
    expect(await exists(path.join(DIST, STALE)), 'a file of an older build').to.equal(false);
    expect(
      (await readdir(ROOT)).filter((entry) => entry.startsWith('dist.')),
      'folders the build worked in',
    ).to.deep.equal([]);
    const { stdout } = await promisify(execFile)('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
      cwd: ROOT,
    });
    const [packed] = JSON.parse(stdout) as { files: { path: string }[] }[];
    expect(packed?.files.map((f) => f.path)).not.to.include(`dist/${STALE}`);
    expect(await service.stop(), 'the service stops cleanly after it').to.equal(0);
    service = undefined;
  });
});
