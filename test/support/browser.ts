import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { assertDocumented } from './openapi-contract.js';

/** Debian's chromium package; another binary with CHROMIUM_PATH. No browser is ever downloaded. */
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/** Why the browser tests cannot run here, or undefined when they can. */
export const noBrowserReason = (): string | undefined => {
  try {
    accessSync(CHROMIUM_PATH, constants.X_OK);
    return undefined;
  } catch {
    return `no Chromium at ${CHROMIUM_PATH} (apt-get install chromium, or set CHROMIUM_PATH); CI installs it`;
  }
};

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    // No sandbox: CI and the development machines run as root, where Chromium's sandbox refuses to start.
    args: [
      '--no-sandbox',
      '--disable-dev-shm-usage',
      '--disable-gpu',
      '--no-first-run',
      '--disable-extensions',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });

/** What a page did that a test refuses: console errors, uncaught exceptions, requests beyond the loopback. */
export interface PageWatch {
  readonly page: Page;
  readonly consoleErrors: string[];
  readonly outbound: string[];
  /** Holds every API answer the page received to the OpenAPI document. */
  checkApiAnswers(): Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * A page in a context that refuses every request leaving the host (recorded, then aborted), with its
 * console errors and the API answers it read collected for the test to hold to account.
 */
export const watchedPage = async (browser: Browser): Promise<PageWatch & { context: BrowserContext }> => {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const outbound: string[] = [];
  const problems: string[] = [];
  await context.route('**/*', async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    if (url.protocol !== 'data:' && !LOOPBACK.has(url.hostname)) {
      outbound.push(url.href);
      return route.abort('blockedbyclient');
    }
    if (!/^\/(v2|oauth)\//.test(url.pathname)) return route.continue();
    // An API call: answered by the service as sent, and the answer held to the OpenAPI document on its way back.
    const response = await route.fetch();
    const body = await response.text();
    const posted = request.postData();
    let requestBody: unknown;
    if (posted !== null) {
      try {
        requestBody = JSON.parse(posted);
      } catch {
        requestBody = Object.fromEntries(new URLSearchParams(posted));
      }
    }
    const headers = response.headers();
    try {
      assertDocumented({
        method: request.method(),
        path: `${url.pathname}${url.search}`,
        status: response.status(),
        header: (name) => headers[name.toLowerCase()] ?? null,
        body,
        requestBody,
      });
    } catch (error) {
      problems.push((error as Error).message);
    }
    return route.fulfill({ response });
  });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      consoleErrors.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => consoleErrors.push(`uncaught: ${error.message}`));
  return {
    context,
    page,
    consoleErrors,
    outbound,
    async checkApiAnswers() {
      if (problems.length > 0) throw new Error(problems.join('\n'));
    },
  };
};

/** The few browser objects the functions run in the page touch: the tests are compiled without the DOM's types. */
interface PageElement {
  readonly id: string;
  readonly textContent: string | null;
  getAttribute(name: string): string | null;
  closest(selector: string): PageElement | null;
}
interface PageDocument {
  readonly activeElement: PageElement | null;
  querySelector(selector: string): PageElement | null;
}

const axeSource = (createRequire(import.meta.url)('axe-core') as { source: string }).source;

/** axe-core's serious and critical findings on the page as it is now (WCAG 2.x A and AA rules). */
export const seriousViolations = async (page: Page): Promise<string[]> => {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: {
          run(
            context: unknown,
            options: unknown,
          ): Promise<{
            violations: { id: string; impact: string | null; help: string; nodes: { target: unknown }[] }[];
          }>;
        };
      }
    ).axe;
    const result = await axe.run((globalThis as unknown as { document: PageDocument }).document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => JSON.stringify(n.target)),
    }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.targets.join(', ')}`);
};

/** Presses Tab until the focused element has this accessible name (or text), as a keyboard user moves; fails after `limit` presses. */
export const tabTo = async (page: Page, name: string | RegExp, limit = 80): Promise<void> => {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const doc = (globalThis as unknown as { document: PageDocument }).document;
      const el = doc.activeElement;
      if (el === null) return '';
      const labelled =
        el.getAttribute('aria-label') ??
        (el.id === '' ? null : (doc.querySelector(`label[for="${el.id}"]`)?.textContent ?? null));
      const wrapping = el.closest('label')?.textContent ?? null;
      return (labelled ?? wrapping ?? el.textContent ?? '').trim();
    });
    if (typeof name === 'string' ? focused === name || focused.startsWith(name) : name.test(focused)) return;
  }
  throw new Error(`no element named ${String(name)} within ${limit} presses of Tab`);
};
