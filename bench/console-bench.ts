/**
 * Measures the operator console in headless Chromium against the service on a seeded store:
 *
 *   npx tsx bench/console-bench.ts [--backend postgres|mysql|pglite] [--runs 5] [--out FILE]
 *
 * - what a first visit downloads: the page and its files as sent on the wire (compressed), each in a
 *   fresh browser context so nothing is cached;
 * - the time to an interactive subscription list: from opening /console (sign-in included) to the
 *   first page's rows drawn and its pager enabled; and from the store page to the list, as a signed-in
 *   merchant moves; the list filtered by an email; and the furthest page the API serves (offset 10,000).
 *
 * Seed first with bench/seed.ts (the store's credentials come from .data/bench-<backend>.json).
 * Chromium is Debian's (`apt-get install chromium`) or CHROMIUM_PATH.
 */
import 'reflect-metadata';
import { writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import type { Browser, Page } from 'playwright-core';
import { createHttpApp } from '../src/adapters/http/create-http-app.js';
import { buildContainer } from '../src/container.js';
import { CHROMIUM_PATH, launchBrowser, noBrowserReason } from '../test/support/browser.js';
import { ensureConsoleBuilt } from '../test/support/console-build.js';
import {
  type Backend,
  formatInteger,
  isBackend,
  openBenchDatabase,
  readSeedInfo,
  reportFailure,
  serverUrl,
  UsageError,
} from './common.js';

const USAGE = 'usage: tsx bench/console-bench.ts [--backend postgres|mysql|pglite] [--runs N] [--out FILE]';

interface Transfer {
  readonly path: string;
  readonly wire: number;
  readonly body: number;
  readonly encoding: string;
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

const kib = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KiB`;
const ms = (xs: readonly number[]): string =>
  `${median(xs).toFixed(0)} ms (min ${Math.min(...xs).toFixed(0)}, max ${Math.max(...xs).toFixed(0)})`;

/** The list's count line, which each answer rewrites. */
const countLine = async (page: Page): Promise<string> => (await page.locator('.count').first().textContent()) ?? '';

/** The first page's rows drawn and the pager answering clicks, for an answer other than the one shown before: the list can be used. */
const listReady = async (page: Page, count: RegExp, before?: string): Promise<void> => {
  await page.locator('.count').filter({ hasText: count }).first().waitFor();
  if (before !== undefined)
    await page.waitForFunction(
      (old) =>
        (
          globalThis as unknown as { document: { querySelector(s: string): { textContent: string } | null } }
        ).document.querySelector('.count')?.textContent !== old,
      before,
    );
  await page.getByRole('table', { name: 'Subscriptions' }).getByRole('row').nth(1).waitFor();
};

const firstVisit = async (browser: Browser, url: string): Promise<Transfer[]> => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const finished: Promise<Transfer>[] = [];
  page.on('requestfinished', (request) => {
    finished.push(
      (async () => {
        const sizes = await request.sizes();
        const response = await request.response();
        const headers = (await response?.allHeaders()) ?? {};
        return {
          path: new URL(request.url()).pathname,
          wire: sizes.responseBodySize + sizes.responseHeadersSize,
          body: Number(headers['content-length'] ?? sizes.responseBodySize),
          encoding: headers['content-encoding'] ?? 'none',
        };
      })(),
    );
  });
  await page.goto(`${url}/console`, { waitUntil: 'load' });
  await page.getByLabel('Client id').waitFor();
  const transfers = await Promise.all(finished);
  await context.close();
  return transfers;
};

const signIn = async (page: Page, url: string, clientId: string, clientSecret: string): Promise<void> => {
  await page.goto(`${url}/console`);
  await page.getByLabel('Client id').fill(clientId);
  await page.getByLabel('Client secret').fill(clientSecret);
  await page.getByRole('button', { name: 'Sign in' }).click();
};

const main = async (): Promise<void> => {
  const { values } = parseArgs({
    options: {
      backend: { type: 'string', default: 'postgres' },
      runs: { type: 'string', default: '5' },
      out: { type: 'string' },
    },
  });
  const backend = values.backend;
  if (!isBackend(backend)) throw new UsageError(USAGE);
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new UsageError(USAGE);
  const noBrowser = noBrowserReason();
  if (noBrowser !== undefined) throw new UsageError(noBrowser);
  const where = serverUrl(backend as Backend);
  if (where.skip !== undefined) throw new UsageError(where.skip);
  const info = await readSeedInfo(backend);
  if (info === undefined || !info.complete)
    throw new UsageError(`${backend} has not been seeded (run: npx tsx bench/seed.ts --backend ${backend})`);

  await ensureConsoleBuilt();
  const { handle } = await openBenchDatabase(backend, {
    ...(where.url === undefined ? {} : { url: where.url }),
    ...(info.dataDir === undefined ? {} : { dataDir: info.dataDir }),
  });
  const server = http.createServer(
    createHttpApp({
      container: buildContainer({ kind: 'database', handle }),
      logger: pino({ level: 'silent' }),
    }).callback(),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await launchBrowser();
  try {
    const email = (
      await handle.db
        .selectFrom('subscriptions')
        .select('email')
        .where('store_id', '=', info.storeId)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow()
    ).email;
    const visits: Transfer[][] = [];
    const cold: number[] = [];
    const warm: number[] = [];
    const filtered: number[] = [];
    const deep: number[] = [];
    for (let run = 0; run < runs; run++) {
      visits.push(await firstVisit(browser, url));
      const context = await browser.newContext();
      const page = await context.newPage();
      const started = performance.now();
      await signIn(page, url, info.clientId, info.clientSecret);
      await page.getByRole('heading', { name: 'Store', level: 1 }).waitFor();
      await page.getByRole('link', { name: 'Subscriptions' }).click();
      await listReady(page, /in all; page 1 of/);
      cold.push(performance.now() - started);

      await page.getByRole('link', { name: 'Store' }).click();
      await page.getByRole('heading', { name: 'Store', level: 1 }).waitFor();
      let at = performance.now();
      await page.getByRole('link', { name: 'Subscriptions' }).click();
      await listReady(page, /in all; page 1 of/);
      warm.push(performance.now() - at);

      let before = await countLine(page);
      at = performance.now();
      await page.evaluate(
        (hash) => {
          (globalThis as unknown as { location: { hash: string } }).location.hash = hash;
        },
        `#/subscriptions?filter=${encodeURIComponent(`eq(email,"${email.replace(/[\\"]/g, (c) => `\\${c}`)}")`)}`,
      );
      await listReady(page, /in all; page 1 of [0-9,]+\./, before);
      filtered.push(performance.now() - at);

      before = await countLine(page);
      at = performance.now();
      await page.evaluate(() => {
        (globalThis as unknown as { location: { hash: string } }).location.hash = '#/subscriptions?offset=10000';
      });
      await listReady(page, /in all; page 401 of/, before);
      deep.push(performance.now() - at);
      await context.close();
    }

    const first = visits[0] ?? [];
    const total = (v: readonly Transfer[]) => v.reduce((n, t) => n + t.wire, 0);
    const lines = [
      `# Console on ${backend}, ${formatInteger(info.subscriptions ?? 0)} subscriptions, ${runs} runs`,
      '',
      `Chromium ${browser.version()} (${CHROMIUM_PATH}), headless, on the loopback; the service in this process over its own pool.`,
      '',
      '## A first visit (empty cache), as sent on the wire',
      '',
      '| file | on the wire (headers + body) | body | encoding |',
      '|---|---|---|---|',
      ...first.map((t) => `| ${t.path} | ${formatInteger(t.wire)} B | ${formatInteger(t.body)} B | ${t.encoding} |`),
      `| **total** | **${kib(total(first))}** (${formatInteger(total(first))} B) | | |`,
      '',
      '## Time to an interactive subscription list (first page drawn, pager enabled)',
      '',
      `- open /console, sign in, store page, then the list: ${ms(cold)}`,
      `- from the store page to the list, signed in: ${ms(warm)}`,
      `- the list filtered by one email: ${ms(filtered)}`,
      `- the furthest page (offset 10,000): ${ms(deep)}`,
      '',
    ];
    const report = lines.join('\n');
    process.stdout.write(report);
    if (values.out !== undefined) await writeFile(values.out, report);
  } finally {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
    await handle.close();
  }
};

main().catch(reportFailure);
