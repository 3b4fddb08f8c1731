import { request } from 'node:http';
import { expect } from 'chai';
import type { HttpContext } from '../../../src/adapters/http/http-state.js';
import { type LinkOriginOptions, linkOrigin } from '../../../src/adapters/http/link-origin.js';
import { startTestService, type TestService } from '../../support/test-service.js';

/** The parts of a request the rule reads: its Host, its protocol and the port it came in on. */
const requestTo = (host: string, port = 3000, protocol = 'http') =>
  ({ host, protocol, req: { socket: { localPort: port } } }) as unknown as HttpContext;

const originFor = (options: LinkOriginOptions, host: string, port?: number) =>
  linkOrigin(options)(requestTo(host, port));

describe('Links: the origin they start with', () => {
  it('uses BASE_URL whatever the Host', () => {
    for (const host of ['localhost:3000', 'evil.example', ''])
      expect(originFor({ baseUrl: 'https://api.example.com/base', listenHost: '0.0.0.0' }, host)).to.equal(
        'https://api.example.com/base',
      );
  });

  it('trusts by default the loopback names and the listening host, on the port the request came in on', () => {
    const table: Array<[string | undefined, string, string]> = [
      ['0.0.0.0', 'localhost:3000', 'http://localhost:3000'],
      ['0.0.0.0', '127.0.0.1:3000', 'http://127.0.0.1:3000'],
      ['0.0.0.0', '[::1]:3000', 'http://[::1]:3000'],
      ['0.0.0.0', 'LocalHost:3000', 'http://localhost:3000'],
      ['10.1.2.3', '10.1.2.3:3000', 'http://10.1.2.3:3000'],
      ['::1', '[::1]:3000', 'http://[::1]:3000'],
      ['api.internal', 'api.internal:3000', 'http://api.internal:3000'],
    ];
    for (const [listenHost, host, expected] of table)
      expect(originFor({ listenHost }, host), `${String(listenHost)} ${host}`).to.equal(expected);
  });

  it('answers any other Host with the listening origin', () => {
    const table: Array<[string | undefined, string, string]> = [
      ['0.0.0.0', 'evil.example', 'http://127.0.0.1:3000'],
      ['0.0.0.0', 'evil.example:3000', 'http://127.0.0.1:3000'],
      ['0.0.0.0', 'localhost', 'http://127.0.0.1:3000'],
      ['0.0.0.0', 'localhost:3001', 'http://127.0.0.1:3000'],
      ['0.0.0.0', '0.0.0.0:3000', 'http://127.0.0.1:3000'],
      ['0.0.0.0', '', 'http://127.0.0.1:3000'],
      [undefined, 'evil.example', 'http://127.0.0.1:3000'],
      ['::', 'evil.example', 'http://127.0.0.1:3000'],
      ['10.1.2.3', 'evil.example', 'http://10.1.2.3:3000'],
      ['::1', 'evil.example', 'http://[::1]:3000'],
    ];
    for (const [listenHost, host, expected] of table)
      expect(originFor({ listenHost }, host), `${String(listenHost)} ${host}`).to.equal(expected);
  });

  it('trusts exactly the configured hosts when ALLOWED_HOSTS is set', () => {
    const options = { listenHost: '0.0.0.0', allowedHosts: ['api.example.com', 'shop.example.com:8443'] };
    expect(originFor(options, 'api.example.com')).to.equal('http://api.example.com');
    expect(originFor(options, 'API.example.com')).to.equal('http://api.example.com');
    expect(originFor(options, 'shop.example.com:8443')).to.equal('http://shop.example.com:8443');
    expect(originFor(options, 'api.example.com:8080')).to.equal('http://127.0.0.1:3000');
    expect(originFor(options, 'shop.example.com')).to.equal('http://127.0.0.1:3000');
    expect(originFor(options, 'localhost:3000')).to.equal('http://127.0.0.1:3000');
  });

  it('keeps the protocol the request came in with', () => {
    expect(linkOrigin({ allowedHosts: ['api.example.com'] })(requestTo('api.example.com', 443, 'https'))).to.equal(
      'https://api.example.com',
    );
    expect(linkOrigin({ allowedHosts: ['api.example.com'] })(requestTo('evil.example', 443, 'https'))).to.equal(
      'https://127.0.0.1:443',
    );
  });
});

describe('Links over a real socket, with a forged Host', () => {
  let api: TestService;
  let token: string;
  before(async () => {
    api = await startTestService();
    token = await api.token();
  });
  after(async () => api.service.stop());

  const linksWithHost = (host: string): Promise<{ status: number; first: string; self: string }> =>
    new Promise((resolve, reject) => {
      const body = JSON.stringify({ data: { type: 'application_key', name: 'Links' } });
      const req = request(
        `${api.url}/v2/application-keys`,
        {
          method: 'POST',
          headers: { Host: host, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => {
            const created = JSON.parse(text) as { links: { self: string } };
            const list = request(
              `${api.url}/v2/application-keys`,
              { headers: { Host: host, Authorization: `Bearer ${token}` } },
              (listed) => {
                let listText = '';
                listed.on('data', (chunk: Buffer) => (listText += chunk.toString()));
                listed.on('end', () =>
                  resolve({
                    status: listed.statusCode ?? 0,
                    first: (JSON.parse(listText) as { links: { first: string } }).links.first,
                    self: created.links.self,
                  }),
                );
              },
            );
            list.on('error', reject);
            list.end();
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });

  it('writes an allowed Host into the links', async () => {
    const port = new URL(api.url).port;
    const links = await linksWithHost(`localhost:${port}`);
    expect(links.first.startsWith(`http://localhost:${port}/v2/application-keys?`)).to.equal(true);
    expect(links.self.startsWith(`http://localhost:${port}/v2/application-keys/`)).to.equal(true);
  });

  it('answers a forged Host normally, with links to the listening origin', async () => {
    const links = await linksWithHost('evil.example');
    expect(links.status).to.equal(200);
    expect(links.first.startsWith(`${api.url}/v2/application-keys?`)).to.equal(true);
    expect(links.self.startsWith(`${api.url}/v2/application-keys/`)).to.equal(true);
  });
});
