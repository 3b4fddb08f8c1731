import { connect, type Socket } from 'node:net';
import { expect } from 'chai';
import { sampledLog } from '../../../src/adapters/logging/sampled-log.js';
import { startTestService, type TestService } from '../../support/test-service.js';

/** Opens a connection and resolves once it is established, with a promise of its close. */
const open = (url: string): Promise<{ socket: Socket; closed: Promise<{ bytes: number }> }> =>
  new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url);
    const socket = connect(Number(port), hostname);
    let bytes = 0;
    socket.on('data', (chunk: Buffer) => (bytes += chunk.length));
    const closed = new Promise<{ bytes: number }>((done) => socket.once('close', () => done({ bytes })));
    socket.once('error', () => undefined);
    socket.once('connect', () => resolve({ socket, closed }));
    socket.once('error', reject);
  });

const linesOf = (api: TestService, msg: string) => api.logs.lines.filter((l) => l['msg'] === msg);

describe('HTTP server: connection limits and sampled client-error lines', () => {
  let api: TestService | undefined;
  const sockets: Socket[] = [];
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.destroy();
    await api?.service.stop();
    api = undefined;
  });

  it('closes connections beyond MAX_CONNECTIONS at once, logs that sampled, and serves again once one closes', async () => {
    api = await startTestService({ http: { maxConnections: 3 } });
    const held = await Promise.all([open(api.url), open(api.url), open(api.url)]);
    sockets.push(...held.map((h) => h.socket));
    const refused = await Promise.all(Array.from({ length: 5 }, () => open(api!.url)));
    sockets.push(...refused.map((r) => r.socket));
    const outcomes = await Promise.all(
      refused.map((r) =>
        Promise.race([r.closed, new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), 2000))]),
      ),
    );
    expect(outcomes, 'closed by the server without a byte').to.deep.equal(Array(5).fill({ bytes: 0 }));
    const dropped = linesOf(api, 'connection refused: MAX_CONNECTIONS are open');
    expect(dropped.map((l) => [l['max_connections'], l['suppressed_since_last']])).to.deep.equal([[3, 0]]);
    held[0]!.socket.destroy();
    await held[0]!.closed;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await fetch(`${api.url}/health/live`)).status).to.equal(200);
  });

  it('writes one line, not one per socket, when many half-open sockets time out together', async () => {
    api = await startTestService({ http: { headersTimeoutMs: 150, requestTimeoutMs: 150 } });
    const halfOpen = await Promise.all(Array.from({ length: 40 }, () => open(api!.url)));
    sockets.push(...halfOpen.map((h) => h.socket));
    for (const { socket } of halfOpen) socket.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const closed = await Promise.all(halfOpen.map((h) => h.closed));
    expect(
      closed.every((c) => c.bytes > 0),
      'each got its 408',
    ).to.equal(true);
    const lines = linesOf(api, 'client error');
    expect(lines.length, JSON.stringify(lines)).to.equal(1);
    expect(lines[0]).to.include({ status: 408, code: 'ERR_HTTP_REQUEST_TIMEOUT', suppressed_since_last: 0 });
  });
});

describe('sampled log lines', () => {
  it('writes the first of a kind, then one per interval saying how many were left out', () => {
    let now = 0;
    const written: [string, number][] = [];
    const log = sampledLog(1000, () => now);
    const event = (kind: string) => log(kind, (suppressed) => written.push([kind, suppressed]));
    for (const [at, kind] of [
      [0, 'a'],
      [10, 'a'],
      [20, 'b'],
      [999, 'a'],
      [1000, 'a'],
      [1500, 'a'],
      [5000, 'a'],
      [5001, 'b'],
    ] as const) {
      now = at;
      event(kind);
    }
    expect(written).to.deep.equal([
      ['a', 0],
      ['b', 0],
      ['a', 2],
      ['a', 1],
      ['b', 0],
    ]);
  });

  it('keeps the count of a kind left out across the sweep that forgets quiet kinds', () => {
    let now = 0;
    const written: [string, number][] = [];
    const log = sampledLog(1000, () => now);
    for (const [at, kind] of [
      [0, 'quiet'],
      [100, 'flooded'],
      [200, 'flooded'],
      [300, 'flooded'],
      [3000, 'other'],
      [3001, 'quiet'],
      [3002, 'flooded'],
    ] as const) {
      now = at;
      log(kind, (suppressed) => written.push([kind, suppressed]));
    }
    expect(written).to.deep.equal([
      ['quiet', 0],
      ['flooded', 0],
      ['other', 0],
      ['quiet', 0],
      ['flooded', 2],
    ]);
  });
});
