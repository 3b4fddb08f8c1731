import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CONSUMER = path.join(ROOT, 'test/package-consumer');
const run = promisify(execFile);

interface Manifest {
  readonly version: string;
  readonly dependencies: Record<string, string>;
  readonly devDependencies: Record<string, string>;
}

/**
 * The package as another project gets it: packed, installed from the tarball into a project outside
 * the repository, compiled strictly against its published types (no skipLibCheck) and run.
 */
describe('the packed package in another project', function () {
  this.timeout(180_000);
  let dir: string;
  let project: string;
  let installLog: string;
  let manifest: Manifest;
  /** The files of the tarball the consumer installs, as npm listed them when it packed it. */
  let packedFiles: readonly string[];

  before(async () => {
    manifest = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as Manifest;
    dir = await mkdtemp(path.join(tmpdir(), 'commerce-core-package-'));
    // One pack serves every test (each costs seconds): its tarball is installed, its file list checked.
    const { stdout: packed } = await run('npm', ['pack', '--json', '--pack-destination', dir], { cwd: ROOT });
    packedFiles = (JSON.parse(packed) as { files: { path: string }[] }[])[0]?.files.map((f) => f.path) ?? [];
    const tarball = (await readdir(dir)).find((f) => f.endsWith('.tgz'));
    if (tarball === undefined) throw new Error('npm pack made no tarball');
    project = path.join(dir, 'consumer');
    await mkdir(project);
    await writeFile(
      path.join(project, 'package.json'),
      JSON.stringify({
        name: 'consumer',
        private: true,
        type: 'module',
        dependencies: {
          'commerce-core': `file:../${tarball}`,
          pino: manifest.dependencies['pino'],
          '@types/node': manifest.devDependencies['@types/node'],
        },
      }),
    );
    for (const file of ['consumer.ts', 'tsconfig.json'])
      await copyFile(path.join(CONSUMER, file), path.join(project, file));
    // The registry's packages are in npm's cache after the project's own install; fetch only what is missing.
    const installed = await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: project });
    installLog = installed.stdout + installed.stderr;
  });
  after(async () => rm(dir, { recursive: true, force: true }));

  it('installs with no engine warning on this Node', () => {
    expect(installLog).not.to.include('EBADENGINE');
  });

  it('ships the build and no sources, tests or source maps', () => {
    const files = packedFiles;
    expect(files).to.include.members([
      'dist/index.js',
      'dist/index.d.ts',
      'dist/cli.js',
      'dist/main.js',
      'LICENSE',
      'README.md',
      'CHANGELOG.md',
      'package.json',
    ]);
    // The README's pages travel with it, so its links hold in the package too.
    expect(files).to.include.members(['docs/api.md', 'docs/billing.md', 'docs/operations.md', 'docs/embedding.md']);
    expect(
      files.filter(
        (f) =>
          !f.startsWith('dist/') &&
          !/^docs\/[a-z-]+\.md$/.test(f) &&
          !['LICENSE', 'README.md', 'CHANGELOG.md', 'package.json'].includes(f),
      ),
    ).to.deep.equal([]);
    expect(files.filter((f) => f.endsWith('.map'))).to.deep.equal([]);
    // The console ships built: its manifest and the two files it names.
    expect(files).to.include('dist/console/manifest.json');
    expect(files.filter((f) => /^dist\/console\/assets\/main-[A-Z0-9]{8}\.(js|css)$/.test(f))).to.have.length(2);
  });

  it('compiles a consumer with tsc --strict against the published types, without skipLibCheck', async () => {
    const tsc = path.join(ROOT, 'node_modules/.bin/tsc');
    const compiled = await run(tsc, ['-p', project]).then(
      (r) => ({ code: 0, output: r.stdout + r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, output: e.stdout + e.stderr }),
    );
    expect(compiled, 'tsc').to.deep.equal({ code: 0, output: '' });
  });

  it('runs the consumer: the core embedded on PGlite, a store and a key, the HTTP API in its own server running a posted job, billing through the library', async () => {
    const { stdout } = await run(process.execPath, ['out/consumer.js', path.join(dir, 'data', 'pglite')], {
      cwd: project,
    });
    expect(JSON.parse(stdout)).to.deep.equal({
      token_status: 200,
      keys_status: 200,
      job_posted: 201,
      job_status: 'success',
      total: 2,
      names: ['Consumer key', 'Default key'],
      billed: 1,
      invoices: [1250, 1250],
    });
  });

  it('exposes only its public entry: internals cannot be imported by path', async () => {
    const attempt = await run(
      process.execPath,
      ['--input-type=module', '-e', "await import('commerce-core/dist/container.js')"],
      { cwd: project },
    ).then(
      () => 'imported',
      (e: { stderr: string }) => e.stderr,
    );
    expect(attempt).to.include('ERR_PACKAGE_PATH_NOT_EXPORTED');
  });

  it('installs the CLI as a bin', async () => {
    const { stdout } = await run(path.join(project, 'node_modules/.bin/commerce-core'), ['--version'], {
      cwd: project,
    });
    expect(stdout).to.equal(`${manifest.version}\n`);
  });
});
