import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { Redis } from 'ioredis';

const ROOT = path.resolve(import.meta.dirname, '..');
const read = (file: string): string => readFileSync(path.join(ROOT, file), 'utf8');
const DOCS = readdirSync(path.join(ROOT, 'docs'))
  .filter((f) => f.endsWith('.md'))
  .map((f) => `docs/${f}`);

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string): string =>
  heading
    .replace(/^#+\s*/, '')
    .trim()
    .toLowerCase()
    .replace(/[^\w\- ]/g, '')
    .replaceAll(' ', '-');

const anchorsIn = (text: string): Set<string> =>
  new Set(
    text
      .split('\n')
      .filter((l) => /^#{1,6} /.test(l))
      .map(anchorOf),
  );

/** Every link to a file of the repository, outside code blocks. */
const linksIn = (text: string): string[] =>
  [...text.replace(/```[\s\S]*?```/g, '').matchAll(/\[[^\]]*\]\(([^)\s]+)\)/g)]
    .map((m) => m[1] ?? '')
    .filter((target) => !/^[a-z]+:/.test(target));

describe('README and docs', () => {
  it('keep the README short: what it is, the two set-up commands, a session, and a map of the docs', () => {
    const readme = read('README.md');
    expect(readme.split('\n').length).to.be.at.most(250);
    expect(readme).to.include('npm ci && npm start').and.include('npm ci && npm test');
    for (const page of DOCS) expect(readme, `the README links ${page}`).to.include(`](${page})`);
  });

  for (const file of ['README.md', ...DOCS, 'bench/README.md']) {
    it(`${file}: every link to the repository's files and headings leads somewhere`, () => {
      const text = read(file);
      const broken = linksIn(text).filter((target) => {
        const [pathPart = '', anchor] = target.split('#');
        const dest = pathPart === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), pathPart));
        if (!existsSync(path.join(ROOT, dest))) return true;
        return anchor !== undefined && dest.endsWith('.md') && !anchorsIn(read(dest)).has(anchor);
      });
      expect(broken).to.deep.equal([]);
    });
  }

  it('shows the embedding example exactly as it is in examples/embed.ts', () => {
    expect(read('docs/embedding.md')).to.include(`\`\`\`ts\n${read('examples/embed.ts')}\`\`\``);
  });

  it('shows the billing example exactly as it is in examples/embed-billing.ts, and runs it', async () => {
    expect(read('docs/embedding.md')).to.include(`\`\`\`ts\n${read('examples/embed-billing.ts')}\`\`\``);
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'examples/embed-billing.ts'], {
      cwd: ROOT,
    });
    expect(stdout).to.equal('billing run: 1 invoice ready for payment\noutstanding: #2 1250 USD, #1 1250 USD\n');
  });

  it('runs the embedding example', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'examples/embed.ts'], {
      cwd: ROOT,
    });
    expect(stdout).to.match(/^client_id: [0-9a-f]{42}\nkeys: 2 reserved: 10\n$/);
  });

  describe('the example that runs jobs and webhooks in an embedding program (examples/embed-service.ts)', function () {
    // PGlite and its migrations start in seconds, or in tens of seconds on a busy machine.
    this.timeout(180_000);
    const run = (env: NodeJS.ProcessEnv) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'examples/embed-service.ts'], {
        cwd: ROOT,
        env,
        timeout: 150_000,
      });
    const DONE = 'billing run: success\nwebhook: subscription-job.updated success\n';
    const warningsIn = (stderr: string) =>
      stderr
        .split('\n')
        .filter((line) => line.includes('"level":40') && line.includes('INTEGRATIONS_ALLOW_PRIVATE=true')).length;

    it('is shown exactly as it is in the file', () => {
      expect(read('docs/embedding.md')).to.include(`\`\`\`ts\n${read('examples/embed-service.ts')}\`\`\``);
    });

    it('runs a billing job posted to the API to success and tells a loopback receiver, without Redis', async () => {
      const { REDIS_URL: _none, ...withoutRedis } = process.env;
      const { stdout, stderr } = await run(withoutRedis);
      expect(stdout).to.equal(DONE);
      expect(warningsIn(stderr), 'the start-up warning, once').to.equal(1);
      expect(stderr).not.to.match(/"level":(50|60)/);
    });

    const redisUrl = process.env['TEST_REDIS_URL'];
    (redisUrl === undefined ? it.skip : it)(
      'does the same with Redis: the job and the webhook attempt go through BullMQ',
      async () => {
        const redis = new Redis(redisUrl!, { lazyConnect: true, maxRetriesPerRequest: 1 });
        try {
          await redis.connect();
          // Each queue's event stream, from the run's start: a job completed there only if the work went through Redis.
          const since = Date.now();
          const { stdout, stderr } = await run({ ...process.env, REDIS_URL: redisUrl! });
          expect(stdout).to.equal(DONE);
          expect(stderr).not.to.match(/"level":(50|60)/);
          const completed = async (queue: string) =>
            (await redis.xrange(`bull:${queue}:events`, String(since), '+')).filter(
              ([, fields]) => fields[0] === 'event' && fields[1] === 'completed',
            ).length;
          expect(await completed('commerce-core-jobs'), 'the billing run').to.be.at.least(1);
          expect(await completed('commerce-core-deliveries'), 'the webhook attempt').to.be.at.least(1);
        } finally {
          redis.disconnect();
        }
      },
    );
  });
});
