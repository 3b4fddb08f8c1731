import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { launchBrowser, noBrowserReason, watchedPage } from '../support/browser.js';
import { emptyDataDir } from '../support/empty-data-dir.js';
import { printedCredentials, type ServiceProcess, startServiceProcess } from '../support/service-process.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The console as the package ships it: served by the built service (dist/main.js) from dist/console, where the compiled module finds it. */
describe('the built service serves the console it was built with', function () {
  this.timeout(120_000);
  let dir: string;
  let service: ServiceProcess | undefined;
  let browser: Browser | undefined;

  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'commerce-core-console-'));
    service = await startServiceProcess({ DATA_DIR: await emptyDataDir(path.join(dir, 'pglite')) });
  });
  after(async () => {
    await browser?.close();
    await service?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers /console with the files of dist/console, compressed as asked', async () => {
    const manifest = JSON.parse(await readFile(path.join(ROOT, 'dist/console/manifest.json'), 'utf8')) as {
      script: string;
      style: string;
    };
    const page = await fetch(`${service!.url}/console`);
    expect(page.status).to.equal(200);
    const html = await page.text();
    expect(html)
      .to.include(`src="/console/assets/${manifest.script}"`)
      .and.include(`href="/console/assets/${manifest.style}"`);
    for (const file of [manifest.script, manifest.style]) {
      // fetch asks for gzip and brotli and decodes what comes back.
      const asset = await fetch(`${service!.url}/console/assets/${file}`);
      expect(asset.status, file).to.equal(200);
      expect(asset.headers.get('content-encoding'), file).to.be.oneOf(['br', 'gzip']);
      expect(
        Buffer.from(await asset.arrayBuffer()).equals(await readFile(path.join(ROOT, 'dist/console/assets', file))),
        file,
      ).to.equal(true);
    }
  });

  const skipped = noBrowserReason();
  (skipped === undefined ? it : it.skip)(
    `signs in with the key printed at the first start${skipped === undefined ? '' : ` (skipped: ${skipped})`}`,
    async () => {
      const { clientId, clientSecret } = printedCredentials(
        await readFile(path.join(dir, 'bootstrap-key.txt'), 'utf8'),
      );
      browser = await launchBrowser();
      const watch = await watchedPage(browser);
      const { page } = watch;
      await page.goto(`${service!.url}/console`);
      await page.getByLabel('Client id').fill(clientId);
      await page.getByLabel('Client secret').fill(clientSecret);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Store', level: 1 }).waitFor();
      await page.locator('.stat').filter({ hasText: 'Application keys' }).getByText('1', { exact: true }).waitFor();
      await watch.checkApiAnswers();
      expect(watch.outbound).to.deep.equal([]);
      expect(watch.consoleErrors).to.deep.equal([]);
      await watch.context.close();
    },
  );
});
