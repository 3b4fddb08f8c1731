import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const ROOT = path.resolve(import.meta.dirname, '..');

describe('README', () => {
  it('shows the embedding example exactly as it is in examples/embed.ts', () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const example = readFileSync(path.join(ROOT, 'examples/embed.ts'), 'utf8');
    expect(readme).to.include('```ts\n' + example + '```');
  });

  it('shows the billing example exactly as it is in examples/embed-billing.ts, and runs it', async () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const example = readFileSync(path.join(ROOT, 'examples/embed-billing.ts'), 'utf8');
    expect(readme).to.include('```ts\n' + example + '```');
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'examples/embed-billing.ts'], { cwd: ROOT });
    expect(stdout).to.equal('billing run: 1 invoice ready for payment\noutstanding: #2 1250 USD, #1 1250 USD\n');
  });

  it('runs the embedding example', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'examples/embed.ts'], { cwd: ROOT });
    expect(stdout).to.match(/^client_id: [0-9a-f]{42}\nkeys: 2 reserved: 10\n$/);
  });
});
