import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { type BillingApi, startBillingApi } from './support/billing-api.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const HEADING = '## Catching up over billing runs, with curl';

/** The first fenced block of `language` after `from` in `text`, as written. */
const blockAfter = (text: string, from: number, language: string): { body: string; end: number } => {
  const open = text.indexOf(`\`\`\`${language}\n`, from);
  if (open < 0) throw new Error(`no ${language} block after ${from}`);
  const start = open + language.length + 4;
  const close = text.indexOf('\n```', start);
  return { body: text.slice(start, close + 1), end: close + 4 };
};

/**
 * docs/billing.md's catch-up walk-through, run as it is written there with bash, curl and jq against the
 * service on a real socket with test clocks on, its output compared with the output the page shows.
 */
describe('docs/billing.md: catching up over billing runs, with curl', function () {
  this.timeout(120_000);
  let billing: BillingApi;
  before(async () => {
    billing = await startBillingApi({ kind: 'memory' });
  });
  after(async () => billing.stop());

  it('prints what the page says it prints', async () => {
    const page = readFileSync(path.join(ROOT, 'docs/billing.md'), 'utf8');
    const at = page.indexOf(HEADING);
    expect(at, 'the section is on the page').to.be.greaterThan(0);
    const script = blockAfter(page, at, 'sh');
    const shown = blockAfter(page, script.end, 'text');
    const { stdout, stderr } = await promisify(execFile)(
      'bash',
      ['--norc', '--noprofile', '-euo', 'pipefail', '-c', script.body],
      {
        env: {
          PATH: process.env['PATH'] ?? '/usr/bin:/bin',
          API: `${billing.api.url}/v2/subscriptions`,
          AUTH: `Authorization: Bearer ${await billing.api.token()}`,
          JSON: 'Content-Type: application/json',
        },
        timeout: 100_000,
      },
    );
    expect(stderr).to.equal('');
    expect(stdout).to.equal(shown.body);
  });
});
