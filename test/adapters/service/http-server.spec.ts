import { Agent, type IncomingHttpHeaders, request } from 'node:http';
import { expect } from 'chai';
import { TOKENS } from '../../../src/application/tokens.js';
import { withoutRequestIds } from '../../support/error-body.js';
import { parseRawResponse, rawExchange } from '../../support/raw-http.js';
import { startTestService, type TestService } from '../../support/test-service.js';

/** Long enough that only a server that closes the connection itself ends the wait; Node's own default is 300 s. */
const WAIT_MS = 5_000;

const get = (
  url: string,
  path: string,
  agent: Agent,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> =>
  new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, { agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });

/** A database health check that waits until released, so that a `GET /health` stays in flight. */
const gatedHealth = () => {
  let release = () => {};
  let entered = () => {};
  const inFlight = new Promise<void>((resolve) => (entered = resolve));
  const gate = new Promise<void>((resolve) => (release = resolve));
  return {
    inFlight,
    release: () => release(),
    ping: async () => {
      entered();
      await gate;
      return true;
    },
  };
};

describe('HTTP server: timeouts and malformed requests, over a raw socket', () => {
  let api: TestService;
  before(async () => {
    api = await startTestService({ http: { headersTimeoutMs: 200, requestTimeoutMs: 300, keepAliveTimeoutMs: 200 } });
  });
  after(async () => api.service.stop());

  it('answers a body that stops short of its Content-Length with a 408 and closes the connection', async () => {
    // The token endpoint reads its body without a token; a guarded route would answer 401 without reading it.
    const head =
      'POST /oauth/access_token HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\n';
    const exchange = await rawExchange(api.url, `${head}grant_type=`, WAIT_MS);
    expect(exchange.closedByServer, 'closed by the server before the wait ran out').to.equal(true);
    const response = parseRawResponse(exchange.text);
    expect(response.status).to.equal(408);
    expect(response.headers['connection']).to.equal('close');
    expect(withoutRequestIds(JSON.parse(response.body), response.headers['x-request-id'] ?? null)).to.deep.equal({
      errors: [
        {
          status: '408',
          title: 'Request Timeout',
          code: 'request_timeout',
          detail: 'the request was not received in full within 300 ms',
        },
      ],
    });
  });

  it('answers headers that never end with a 408 and closes the connection', async () => {
    const exchange = await rawExchange(api.url, 'GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ', WAIT_MS);
    expect(exchange.closedByServer).to.equal(true);
    const response = parseRawResponse(exchange.text);
    expect(response.status).to.equal(408);
    expect(withoutRequestIds(JSON.parse(response.body), response.headers['x-request-id'] ?? null)).to.deep.equal({
      errors: [
        {
          status: '408',
          title: 'Request Timeout',
          code: 'request_timeout',
          detail: 'the request headers were not received within 200 ms',
        },
      ],
    });
  });

  it('closes an idle keep-alive connection after the keep-alive timeout', async () => {
    const exchange = await rawExchange(api.url, 'GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', WAIT_MS);
    expect(exchange.closedByServer).to.equal(true);
    expect(parseRawResponse(exchange.text).status).to.equal(200);
  });

  it('answers headers over 16 KiB, and a URL over 16 KiB, with a 431 error document', async () => {
    for (const head of [
      `GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      `GET /health?${'q'.repeat(20_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`,
    ]) {
      const response = parseRawResponse((await rawExchange(api.url, head, WAIT_MS)).text);
      expect(response.status).to.equal(431);
      expect(response.headers['content-type']).to.equal('application/json; charset=utf-8');
      expect(withoutRequestIds(JSON.parse(response.body), response.headers['x-request-id'] ?? null)).to.deep.equal({
        errors: [
          {
            status: '431',
            title: 'Request Header Fields Too Large',
            code: 'header_fields_too_large',
            detail: 'the request line and headers are larger than 16 KiB',
          },
        ],
      });
    }
  });

  it('answers a request that is not HTTP with a 400 error document', async () => {
    const response = parseRawResponse((await rawExchange(api.url, 'HELLO THERE\r\n\r\n', WAIT_MS)).text);
    expect(response.status).to.equal(400);
    expect(withoutRequestIds(JSON.parse(response.body), response.headers['x-request-id'] ?? null)).to.deep.equal({
      errors: [
        { status: '400', title: 'Bad Request', code: 'invalid_http', detail: 'the request is not valid HTTP/1.1' },
      ],
    });
  });
});

describe('HTTP server: the Host header, over a raw socket', () => {
  let api: TestService;
  before(async () => {
    api = await startTestService();
  });
  after(async () => api.service.stop());

  const bad = (detail: string) => ({ errors: [{ status: '400', title: 'Bad Request', code: 'invalid_http', detail }] });

  for (const [what, head, detail] of [
    ['a GET without Host', 'GET /health HTTP/1.1\r\n\r\n', 'an HTTP/1.1 request must have a Host header'],
    [
      'a POST with a body and no Host',
      'POST /v2/application-keys HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}',
      'an HTTP/1.1 request must have a Host header',
    ],
    [
      'a request to no route without Host',
      'GET /nowhere HTTP/1.1\r\n\r\n',
      'an HTTP/1.1 request must have a Host header',
    ],
    [
      'a GET with two Host headers',
      'GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: example.com\r\n\r\n',
      'the request has more than one Host header',
    ],
  ] as const) {
    it(`answers ${what} with a 400 error document and closes the connection`, async () => {
      const exchange = await rawExchange(api.url, head, WAIT_MS);
      expect(exchange.closedByServer, 'closed by the server').to.equal(true);
      const response = parseRawResponse(exchange.text);
      expect(response.status).to.equal(400);
      expect(response.headers['content-type']).to.equal('application/json; charset=utf-8');
      expect(response.headers['connection']).to.equal('close');
      expect(withoutRequestIds(JSON.parse(response.body), response.headers['x-request-id'] ?? null)).to.deep.equal(
        bad(detail),
      );
    });
  }

  it('echoes a sane X-Request-Id in the answer to a request without Host, and logs it', async () => {
    const response = parseRawResponse(
      (await rawExchange(api.url, 'GET /health HTTP/1.1\r\nX-Request-Id: trace-42\r\n\r\n', WAIT_MS)).text,
    );
    expect(response.headers['x-request-id']).to.equal('trace-42');
    expect(withoutRequestIds(JSON.parse(response.body), 'trace-42')).to.deep.equal(
      bad('an HTTP/1.1 request must have a Host header'),
    );
    expect(
      api.logs.lines.some((l) => l['msg'] === 'client error' && l['request_id'] === 'trace-42' && l['status'] === 400),
    ).to.equal(true);
  });

  it('answers a HEAD without Host with the head of the 400 and no body', async () => {
    const get = parseRawResponse(
      (await rawExchange(api.url, 'GET /health HTTP/1.1\r\nX-Request-Id: same\r\n\r\n', WAIT_MS)).text,
    );
    const exchange = await rawExchange(api.url, 'HEAD /health HTTP/1.1\r\nX-Request-Id: same\r\n\r\n', WAIT_MS);
    const head = parseRawResponse(exchange.text);
    expect(head.status).to.equal(400);
    expect(head.headers['content-type']).to.equal('application/json; charset=utf-8');
    expect(head.headers['content-length']).to.equal(get.headers['content-length']);
    expect(exchange.text.slice(exchange.text.indexOf('\r\n\r\n') + 4), 'bytes after the head').to.equal('');
  });

  it('serves an HTTP/1.0 request without Host, which that version allows', async () => {
    const response = parseRawResponse((await rawExchange(api.url, 'GET /health HTTP/1.0\r\n\r\n', WAIT_MS)).text);
    expect(response.status).to.equal(200);
  });
});

describe('HTTP server: HEAD', () => {
  let api: TestService;
  before(async () => {
    api = await startTestService();
  });
  after(async () => api.service.stop());

  /** The whole exchange of one request on its own connection, closed by the server after its answer. */
  const exchange = async (method: 'GET' | 'HEAD', path: string, headers = '') => {
    const { text } = await rawExchange(
      api.url,
      `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${headers}\r\n`,
      WAIT_MS,
    );
    const split = text.indexOf('\r\n\r\n');
    return { ...parseRawResponse(text), after: text.slice(split + 4) };
  };

  it('answers HEAD as GET, with the same status and headers, and no body', async () => {
    const token = await api.token();
    const auth = `Authorization: Bearer ${token}\r\n`;
    for (const [path, headers] of [
      ['/health', ''],
      ['/v2/application-keys?page[limit]=5', auth],
      ['/v2/application-keys/00000000-0000-4000-8000-000000000000', auth],
      ['/v2/application-keys', ''],
      ['/v2/nowhere', ''],
    ] as const) {
      const get = await exchange('GET', path, headers);
      const head = await exchange('HEAD', path, headers);
      expect(get.after.length, `GET ${path} has a body`).to.be.above(0);
      expect(head.status, path).to.equal(get.status);
      for (const name of ['content-type', 'content-length'])
        expect(head.headers[name], `${name} of HEAD ${path}`).to.equal(get.headers[name]);
      expect(head.after, `bytes after the head of HEAD ${path}`).to.equal('');
    }
  });
});

describe('HTTP server: a slow answer to a whole request', () => {
  it('is not cut by the request timeout, which bounds only the time to receive the request', async () => {
    const health = gatedHealth();
    const api = await startTestService({
      http: { headersTimeoutMs: 100, requestTimeoutMs: 100 },
      configure: (c) =>
        c.rebind(TOKENS.DatabaseHealth).toConstantValue({ ping: health.ping, schema: async () => 'current' }),
    });
    const agent = new Agent({ keepAlive: true });
    try {
      const answer = get(api.url, '/health', agent);
      await health.inFlight;
      // Several of the server's checks run while the handler waits.
      await new Promise((resolve) => setTimeout(resolve, 400));
      health.release();
      expect((await answer).status).to.equal(200);
    } finally {
      agent.destroy();
      await api.service.stop();
    }
  });
});

describe('HTTP server: stopping', () => {
  it('closes idle keep-alive connections at once and refuses new connections', async () => {
    const api = await startTestService();
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect((await get(api.url, '/health', agent)).status).to.equal(200);
      const socketClosed = new Promise<void>((resolve) => {
        const [socket] = Object.values(agent.freeSockets).flat();
        socket?.once('close', () => resolve());
      });
      const report = await api.service.stop();
      await socketClosed;
      expect(report).to.include({ connections: 1, inFlight: 0, idleClosed: 1, answered: 0, cut: 0 });
      const refused = await get(api.url, '/health', new Agent()).then(
        () => '',
        (error: NodeJS.ErrnoException) => error.code,
      );
      expect(refused).to.equal('ECONNREFUSED');
    } finally {
      agent.destroy();
    }
  });

  it('answers a request in flight with Connection: close, then closes its connection, and logs both ends of the drain', async () => {
    const health = gatedHealth();
    const api = await startTestService({
      configure: (c) =>
        c.rebind(TOKENS.DatabaseHealth).toConstantValue({ ping: health.ping, schema: async () => 'current' }),
    });
    const agent = new Agent({ keepAlive: true });
    try {
      const answer = get(api.url, '/health', agent);
      await health.inFlight;
      const stopped = api.service.stop();
      health.release();
      const response = await answer;
      expect(response.status).to.equal(200);
      expect(response.headers['connection']).to.equal('close');
      const report = await stopped;
      expect(report).to.include({ connections: 1, inFlight: 1, answered: 1, cut: 0 });
      const messages = api.logs.lines.map((l) => l['msg']);
      expect(messages).to.include.members(['draining connections', 'connections drained']);
      expect(api.logs.lines.find((l) => l['msg'] === 'draining connections')).to.include({
        connections: 1,
        in_flight: 1,
      });
    } finally {
      agent.destroy();
    }
  });

  it('destroys connections still open at the shutdown deadline', async () => {
    const health = gatedHealth();
    const api = await startTestService({
      http: { shutdownTimeoutMs: 200 },
      configure: (c) =>
        c.rebind(TOKENS.DatabaseHealth).toConstantValue({ ping: health.ping, schema: async () => 'current' }),
    });
    const agent = new Agent({ keepAlive: true });
    try {
      const answer = get(api.url, '/health', agent).then(
        () => 'answered',
        (error: NodeJS.ErrnoException) => error.code,
      );
      await health.inFlight;
      const report = await api.service.stop();
      expect(report).to.include({ inFlight: 1, answered: 0, cut: 1 });
      expect(await answer).to.equal('ECONNRESET');
      expect(api.logs.lines.find((l) => l['msg'] === 'connections drained')).to.include({
        level: 40,
        cut_at_deadline: 1,
      });
    } finally {
      health.release();
      agent.destroy();
    }
  });
});
