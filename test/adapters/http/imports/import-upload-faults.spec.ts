import { connect, type Socket } from 'node:net';
import { expect } from 'chai';
import { sql } from 'kysely';
import { DEFAULT_IMPORT_UPLOAD_LIMITS } from '../../../../src/adapters/config/import-settings.js';
import { UPLOAD_BATCH } from '../../../../src/application/use-cases/imports/upload-import.js';
import type { Persistence } from '../../../../src/container.js';
import { forEachBackend } from '../../../support/backends.js';
import { parseRawResponse, rawExchange } from '../../../support/raw-http.js';
import { startTestApi, type TestApi } from '../../../support/test-api.js';

const BOUNDARY = 'upload-boundary';
const PATH = '/v2/subscriptions/imports';

const subscriberLine = (n: number): string =>
  JSON.stringify({
    data: {
      type: 'subscription_subscriber',
      attributes: {
        account_id: '0d7a3b9e-6c1f-4f0e-9a55-2b1c3d4e5f60',
        name: `Subscriber ${n}`,
        email: `s${n}@example.com`,
      },
    },
  });

/** The start of a form whose file part holds more lines than one stored batch, and never ends. */
const openFilePart = (lines: number): string =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="import_file"; filename="records.jsonl"\r\nContent-Type: application/jsonl\r\n\r\n` +
  Array.from({ length: lines }, (_, n) => `${subscriberLine(n)}\n`).join('');

const head = (token: string, framing: string): string =>
  `POST ${PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nConnection: close\r\n${framing}\r\n\r\n`;

/** Every import line in storage, of any import. */
const storedLines = async (persistence: Persistence): Promise<number> => {
  if (persistence.kind === 'memory')
    return [...(persistence.state?.importLines.values() ?? [])].reduce((n, lines) => n + lines.length, 0);
  const row = await sql<{ n: unknown }>`select count(*) as n from subscription_import_lines`.execute(
    persistence.handle.db,
  );
  return Number(row.rows[0]?.n ?? 0);
};

/** Polls `check` until it holds; fails, saying what was awaited, if it still does not after `limitMs`. */
const eventually = async (what: string, check: () => Promise<boolean> | boolean, limitMs = 10_000): Promise<void> => {
  const deadline = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`still waiting for ${what} after ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

const openSocket = (url: string): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url);
    const socket = connect({ host: hostname, port: Number(port) }, () => resolve(socket));
    socket.on('error', reject);
  });

forEachBackend('HTTP: import uploads cut short', (_backend, persistence) => {
  let api: TestApi;
  const failures: unknown[] = [];
  const record = (error: unknown) => failures.push(error);
  beforeEach(async () => {
    failures.length = 0;
    process.on('unhandledRejection', record);
    process.on('uncaughtException', record);
    api = await startTestApi({
      persistence: persistence(),
      imports: { ...DEFAULT_IMPORT_UPLOAD_LIMITS, maxObjects: 5000, maxLineBytes: 4096, maxFileBytes: 4 * 1024 * 1024 },
    });
  });
  afterEach(async () => {
    await api.close();
    process.off('unhandledRejection', record);
    process.off('uncaughtException', record);
    expect(failures, 'unhandled rejections or uncaught exceptions').to.deep.equal([]);
  });

  const handled = (status?: number) =>
    api.logs.lines.some(
      (l) =>
        l['msg'] === 'request' &&
        l['method'] === 'POST' &&
        l['path'] === PATH &&
        (status === undefined || l['status'] === status),
    );

  const uploadsAgain = async (): Promise<void> => {
    const body = new FormData();
    body.append('import_file', new Blob([`${subscriberLine(1)}\n`], { type: 'application/jsonl' }), 'records.jsonl');
    const response = await api.request(PATH, { method: 'POST', body });
    expect(response.status, await response.clone().text()).to.equal(201);
    expect(await storedLines(persistence())).to.equal(1);
  };

  /** Sends the head and more lines than one batch, and waits until a batch of them is stored. */
  const midUpload = async (): Promise<Socket> => {
    const socket = await openSocket(api.url);
    socket.on('error', () => undefined);
    const body = openFilePart(UPLOAD_BATCH + 100);
    socket.write(head(await api.token(), `Content-Length: ${Buffer.byteLength(body) + 100_000}`));
    socket.write(body);
    await eventually(
      'the first batch of lines to be stored',
      async () => (await storedLines(persistence())) >= UPLOAD_BATCH,
    );
    return socket;
  };

  it('finishes the request and discards its stored lines when the client goes away mid-file', async () => {
    const socket = await midUpload();
    socket.destroy();
    await eventually('the request to be finished and logged', () => handled());
    await eventually(
      'the lines of the broken-off upload to be discarded',
      async () => (await storedLines(persistence())) === 0,
    );
    await uploadsAgain();
  });

  it('finishes the request and discards its stored lines when the connection is reset mid-file', async () => {
    const socket = await midUpload();
    socket.resetAndDestroy();
    await eventually('the request to be finished and logged', () => handled());
    await eventually(
      'the lines of the broken-off upload to be discarded',
      async () => (await storedLines(persistence())) === 0,
    );
    await uploadsAgain();
  });

  it('answers 400 invalid_body, keeping no line, when the form ends inside the file part', async () => {
    const body = openFilePart(UPLOAD_BATCH + 100);
    const exchange = await rawExchange(
      api.url,
      head(await api.token(), `Content-Length: ${Buffer.byteLength(body)}`) + body,
      10_000,
    );
    const response = parseRawResponse(exchange.text);
    expect(response.status, response.body).to.equal(400);
    expect((JSON.parse(response.body) as { errors: { code: string }[] }).errors[0]!.code).to.equal('invalid_body');
    expect(await storedLines(persistence())).to.equal(0);
    expect(handled(400)).to.equal(true);
    await uploadsAgain();
  });

  it('answers 400 invalid_body, keeping no line, when a chunked upload ends inside the file part', async () => {
    const body = openFilePart(UPLOAD_BATCH + 100);
    const half = Math.floor(body.length / 2);
    const chunk = (text: string) => `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`;
    const request =
      head(await api.token(), 'Transfer-Encoding: chunked') +
      chunk(body.slice(0, half)) +
      chunk(body.slice(half)) +
      '0\r\n\r\n';
    const exchange = await rawExchange(api.url, request, 10_000);
    const response = parseRawResponse(exchange.text);
    expect(response.status, response.body).to.equal(400);
    expect((JSON.parse(response.body) as { errors: { code: string }[] }).errors[0]!.code).to.equal('invalid_body');
    expect(await storedLines(persistence())).to.equal(0);
    await uploadsAgain();
  });
});
