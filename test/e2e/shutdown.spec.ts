import { spawn } from 'node:child_process';
import { access, mkdtemp, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'chai';
import { emptyDataDir } from '../support/empty-data-dir.js';
import { parseRawResponse } from '../support/raw-http.js';
import { type ServiceProcess, startServiceProcess, storeForLoad } from '../support/service-process.js';

const SHUTDOWN_TIMEOUT_MS = 2_000;
/**
 * How far past its deadline the drain may end by the service's own clock: its timer firing late on a
 * busy machine, not a drain that waited for the stalled client.
 */
const DRAIN_SLACK_MS = 1_000;
/** A stop that takes longer than this hung: closing the embedded database is slow on a busy machine, not this slow. */
const EXIT_LIMIT_MS = 30_000;
/**
 * A request without an outcome after this long is hanging. On the embedded database every query runs on
 * the service's own thread, so a cold service on a busy two-CPU machine answers the opening burst in a
 * few seconds; a request stuck for good is what this catches.
 */
const HANGING_MS = 10_000;
const BURST = 48;

interface Outcome {
  readonly reusedSocket: boolean;
  readonly status?: number;
  readonly connectionClose?: boolean;
  readonly error?: string;
}

/** One request on a keep-alive agent; its body must arrive whole and parse, or the request fails. */
const send = (url: string, agent: Agent, requestPath: string, token: string, onWritten = () => {}): Promise<Outcome> =>
  new Promise((resolve) => {
    const req = request(`${url}${requestPath}`, { agent, headers: { Authorization: `Bearer ${token}` } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => {
        try {
          JSON.parse(body);
          resolve({
            reusedSocket: req.reusedSocket,
            status: res.statusCode ?? 0,
            connectionClose: res.headers.connection === 'close',
          });
        } catch {
          resolve({ reusedSocket: req.reusedSocket, error: 'incomplete body' });
        }
      });
      // The connection ended after the response began: an answer cut short.
      res.on('error', () => resolve({ reusedSocket: req.reusedSocket, error: 'incomplete body' }));
    });
    req.setTimeout(HANGING_MS, () => {
      resolve({ reusedSocket: req.reusedSocket, error: 'hanging' });
      req.destroy();
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      onWritten();
      resolve({ reusedSocket: req.reusedSocket, error: error.code ?? error.message });
    });
    req.end(onWritten);
  });

const connectTo = (url: string): Socket => {
  const { hostname, port } = new URL(url);
  return connect({ host: hostname, port: Number(port) });
};

const logLines = (stdout: string): Record<string, unknown>[] =>
  stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('the service stopping under keep-alive load', () => {
  let dataDir: string;
  let service: ServiceProcess | undefined;
  let credentials: { clientId: string; clientSecret: string };
  // Making the store starts the CLI twice on a fresh embedded database: set-up, not the stop under test.
  before(async function () {
    this.timeout(120_000);
    dataDir = await emptyDataDir(path.join(await mkdtemp(path.join(tmpdir(), 'commerce-core-shutdown-')), 'pglite'));
    credentials = await storeForLoad({ DATA_DIR: dataDir });
  });
  after(async () => {
    await service?.stop();
    await rm(path.dirname(dataDir), { recursive: true, force: true });
  });

  it('answers or refuses every request after SIGTERM, and exits non-zero at its deadline when a stalled client had to be cut', async function () {
    this.timeout(180_000);
    const { clientId, clientSecret } = credentials;
    service = await startServiceProcess({ DATA_DIR: dataDir, SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS) });
    const { url, child, output } = service;
    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      child.once('exit', (code) => resolve({ code, at: Date.now() })),
    );
    const tokenResponse = await fetch(`${url}/oauth/access_token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }),
    });
    const token = ((await tokenResponse.json()) as { access_token: string }).access_token;

    const agents = Array.from({ length: 4 }, () => new Agent({ keepAlive: true, maxSockets: 4 }));
    const before: Outcome[] = [];
    const after: Outcome[] = [];
    let signalled = false;
    let running = true;
    const loop = async (agent: Agent, requestPath: string) => {
      while (running) {
        const sentAfterSignal = signalled;
        const outcome = await send(url, agent, requestPath, token);
        (sentAfterSignal ? after : before).push(outcome);
        // Once the service is gone every attempt fails at once; do not spin.
        if (outcome.error !== undefined) await sleep(20);
      }
    };

    // A burst on connections already open, written just before the signal: every request of it gets
    // a whole answer, whether the service reads it before or after it begins to drain.
    const burstAgent = new Agent({ keepAlive: true, maxSockets: BURST });
    const burstOf = () => {
      const written: Promise<void>[] = [];
      const answered = Array.from({ length: BURST }, () => {
        let done = () => {};
        written.push(new Promise<void>((resolve) => (done = resolve)));
        return send(url, burstAgent, '/v2/application-keys?page[limit]=25', token, () => done());
      });
      return { written: Promise.all(written), answered: Promise.all(answered) };
    };
    // The first burst opens the connections the second one is written on, and warms the service up
    // before the steady load begins.
    before.push(...(await burstOf().answered));

    // A client that opens a connection and never finishes its headers: only the deadline ends it.
    const stalled = connectTo(url);
    const stalledClosed = new Promise<void>((resolve) => stalled.once('close', () => resolve()));
    stalled.on('error', () => {});
    stalled.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n');

    // An upload in flight when the signal comes: half its body before, the rest after.
    const body = JSON.stringify({ data: { type: 'application_key', name: 'Uploaded while stopping' } });
    const upload = connectTo(url);
    let uploadReply = '';
    upload.on('data', (chunk: Buffer) => (uploadReply += chunk.toString()));
    const uploadClosed = new Promise<void>((resolve) => upload.once('close', () => resolve()));
    upload.on('error', () => {});
    upload.write(
      `POST /v2/application-keys HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );

    const loops = agents.flatMap((agent) =>
      [0, 1, 2, 3].map((i) => loop(agent, i % 2 === 0 ? '/v2/application-keys?page[limit]=5' : '/health')),
    );
    await sleep(1_000);
    const burst = burstOf();
    await burst.written;
    const signalledAt = Date.now();
    signalled = true;
    child.kill('SIGTERM');
    const burstAnswers = await burst.answered;
    after.push(...burstAnswers);
    await sleep(200);
    upload.write(body.slice(10));
    await uploadClosed;
    const exit = await exited;
    await sleep(300);
    running = false;
    await Promise.all(loops);
    await stalledClosed;
    for (const agent of [...agents, burstAgent]) agent.destroy();
    service = undefined;

    const stopped = exit.at - signalledAt;
    expect(exit.code, 'exit code: a connection was cut at the deadline').to.equal(1);
    expect(stopped, 'milliseconds from SIGTERM to exit').to.be.below(EXIT_LIMIT_MS);
    expect(before.length, 'requests before SIGTERM').to.be.above(50);
    expect(
      before.filter((o) => o.error !== undefined || o.status !== 200),
      'failures before SIGTERM',
    ).to.deep.equal([]);

    expect(
      burstAnswers.filter((o) => o.status !== 200),
      'requests written before the signal',
    ).to.deep.equal([]);
    const outcomes = [...before, ...after];
    expect(
      outcomes.filter((o) => o.error === 'hanging' || o.error === 'incomplete body'),
      'requests left without a whole answer',
    ).to.deep.equal([]);
    // After the signal a request is answered whole, or refused before any byte of an answer: a new
    // connection once the listener is closed, or an idle keep-alive connection the drain closed just as
    // the request went out on it (which clients may retry, RFC 9112 9.3.1).
    const unexpected = after.filter((o) =>
      o.error === undefined ? o.status !== 200 : !(o.error === 'ECONNREFUSED' || o.error === 'ECONNRESET'),
    );
    expect(unexpected, 'outcomes after SIGTERM').to.deep.equal([]);
    expect(
      after.filter((o) => o.error === 'ECONNREFUSED').length,
      'requests refused once the listener closed',
    ).to.be.above(0);

    const logs = logLines(output());
    const drained = logs.find((l) => l['msg'] === 'connections drained');
    expect(drained, 'the drain reports its end').not.to.equal(undefined);
    expect(drained?.['cut_at_deadline'], 'the stalled connection was cut at the deadline').to.be.at.least(1);
    // Cut at the drain's own deadline, by the service's clock: not forced out later by the shutdown's.
    expect(drained?.['duration_ms'], 'the drain, in milliseconds').to.be.within(
      // Node's timers may fire a millisecond early, rounding.
      SHUTDOWN_TIMEOUT_MS - 5,
      SHUTDOWN_TIMEOUT_MS + DRAIN_SLACK_MS,
    );
    expect(
      logs.filter((l) => String(l['msg']).startsWith('forcing the exit')),
      'a forced exit',
    ).to.deep.equal([]);
    expect(
      logs.find((l) => l['msg'] === 'draining connections')?.['connections'],
      'open connections when the drain began',
    ).to.be.at.least(2);
    const uploaded = parseRawResponse(uploadReply);
    expect(uploaded.status, 'the upload in flight is answered').to.equal(201);
    expect(uploaded.headers['connection']).to.equal('close');
    // Every response finished during the drain went out with Connection: close, and each was received whole.
    const closing = outcomes.filter((o) => o.connectionClose === true).length + 1;
    expect(closing, 'responses received with Connection: close').to.equal(drained?.['answered']);
  });
});

describe('the service receiving signals while it stops', () => {
  let dataDir: string;
  let service: ServiceProcess | undefined;
  before(async () => {
    dataDir = await emptyDataDir(path.join(await mkdtemp(path.join(tmpdir(), 'commerce-core-signals-')), 'pglite'));
  });
  after(async () => {
    await service?.stop();
    await rm(path.dirname(dataDir), { recursive: true, force: true });
  });

  const released = (): Promise<boolean> =>
    access(`${dataDir}.lock`).then(
      () => false,
      () => true,
    );

  it('ignores a second SIGTERM during the drain (a warning), exits at a third after closing the database, and starts again on the same data', async function () {
    this.timeout(90_000);
    const drainMs = 20_000;
    service = await startServiceProcess({ DATA_DIR: dataDir, SHUTDOWN_TIMEOUT_MS: String(drainMs) });
    const { url, child, output } = service;
    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      child.once('exit', (code) => resolve({ code, at: Date.now() })),
    );
    // A client that never finishes its headers keeps the drain going until its deadline.
    const stalled = connectTo(url);
    stalled.on('error', () => {});
    stalled.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await sleep(200);

    const firstAt = Date.now();
    child.kill('SIGTERM');
    while (!logLines(output()).some((l) => l['msg'] === 'draining connections')) await sleep(20);
    // Sent on purpose, not as npm's copy of a Ctrl-C (which comes at once): a warning.
    await sleep(Math.max(0, firstAt + 1_500 - Date.now()));
    child.kill('SIGTERM');
    await sleep(500);
    expect({ code: child.exitCode, signal: child.signalCode }, 'still draining after the second signal').to.deep.equal({
      code: null,
      signal: null,
    });
    expect(
      logLines(output()).find(
        (l) => l['msg'] === 'already shutting down: signal ignored (a further one forces the exit)',
      ),
    ).to.include({ signal: 'SIGTERM', level: 40 });
    expect(await released(), 'the database is still open').to.equal(false);

    const forcedAt = Date.now();
    child.kill('SIGTERM');
    const exit = await exited;
    service = undefined;
    stalled.destroy();
    expect(exit.code, 'a forced exit is not a clean stop').to.equal(1);
    expect(exit.at - forcedAt, 'milliseconds from the third signal to the exit').to.be.below(drainMs / 4);
    const messages = logLines(output()).map((l) => l['msg']);
    const forcing = messages.indexOf('forcing the exit: closing the database first');
    expect(forcing, 'the forced exit is logged').to.be.above(-1);
    expect(messages.indexOf('database closed; exiting'), 'the database closed before the exit').to.be.above(forcing);
    expect(messages).not.to.include('stopped');
    expect(await released(), 'the embedded database is released').to.equal(true);

    service = await startServiceProcess({ DATA_DIR: dataDir });
    expect(service.output()).not.to.include('created the default store');
    expect((await fetch(`${service.url}/health/ready`)).status).to.equal(200);
    expect(await service.stop()).to.equal(0);
    service = undefined;
  });

  it('lets a start that a SIGINT interrupts finish, then stops cleanly and releases the database', async function () {
    this.timeout(180_000);
    const fresh = path.join(path.dirname(dataDir), 'fresh');
    const child = spawn(process.execPath, ['dist/main.js'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      // The deadline counts from the signal: a long one, so that a slow first start (a busy machine) stays within it.
      env: {
        ...process.env,
        DATA_DIR: fresh,
        BOOTSTRAP_KEY_FILE: path.join(path.dirname(dataDir), 'fresh-key.txt'),
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        SHUTDOWN_TIMEOUT_MS: '100000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.resume();
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      // The lock is taken as the database opens, before its first initialisation (seconds on a fresh directory).
      while (
        await access(`${fresh}.lock`).then(
          () => false,
          () => true,
        )
      )
        await sleep(10);
      expect(stdout, 'signalled before it listens').not.to.include('"msg":"listening"');
      child.kill('SIGINT');
      expect(await exited, stdout).to.equal(0);
      const messages = logLines(stdout).map((l) => l['msg']);
      expect(messages).to.include.members(['shutting down', 'listening', 'stopped']);
      expect(messages.indexOf('shutting down')).to.be.below(messages.indexOf('listening'));
      expect(
        await access(`${fresh}.lock`).then(
          () => false,
          () => true,
        ),
        'the embedded database is released',
      ).to.equal(true);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    service = await startServiceProcess({ DATA_DIR: fresh });
    expect(service.output()).not.to.include('created the default store');
    expect(await service.stop()).to.equal(0);
    service = undefined;
  });
});
