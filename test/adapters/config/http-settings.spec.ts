import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { readConfig } from '../../../src/adapters/config/app-config.js';
import { DEFAULT_HTTP_SETTINGS, readHttpSettings } from '../../../src/adapters/config/http-settings.js';

const settings = (env: Record<string, string>) => {
  const read = readHttpSettings(env);
  if (E.isLeft(read)) throw new Error(read.left.join('; '));
  return read.right;
};

const errors = (env: Record<string, string>): readonly string[] => {
  const read = readHttpSettings(env);
  return E.isLeft(read) ? read.left : [];
};

describe('Config: HTTP timeouts and allowed hosts', () => {
  it('defaults to bounded timeouts and no explicit host list', () => {
    expect(settings({})).to.deep.equal(DEFAULT_HTTP_SETTINGS);
    expect(DEFAULT_HTTP_SETTINGS).to.deep.equal({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 5_000,
      shutdownTimeoutMs: 10_000,
      allowedHosts: undefined,
      trustedProxyHeader: undefined,
      maxConnections: 1000,
      corsAdminOrigins: [],
    });
    expect(settings({ SHUTDOWN_TIMEOUT_MS: '', ALLOWED_HOSTS: ' ' })).to.deep.equal(DEFAULT_HTTP_SETTINGS);
  });

  it('takes whole milliseconds within each bound', () => {
    const table: Array<[string, string, boolean]> = [
      ['SHUTDOWN_TIMEOUT_MS', '0', true],
      ['SHUTDOWN_TIMEOUT_MS', '3600000', true],
      ['SHUTDOWN_TIMEOUT_MS', '3600001', false],
      ['SHUTDOWN_TIMEOUT_MS', '-1', false],
      ['SHUTDOWN_TIMEOUT_MS', '2.5', false],
      ['SHUTDOWN_TIMEOUT_MS', '10s', false],
      ['REQUEST_TIMEOUT_MS', '0', false],
      ['REQUEST_TIMEOUT_MS', '10000', true],
      ['HEADERS_TIMEOUT_MS', '0', false],
      ['HEADERS_TIMEOUT_MS', '1', true],
      ['KEEP_ALIVE_TIMEOUT_MS', '0', false],
      ['KEEP_ALIVE_TIMEOUT_MS', '1', true],
      ['KEEP_ALIVE_TIMEOUT_MS', ' 5', false],
    ];
    for (const [name, value, ok] of table) {
      const found = errors({ [name]: value });
      if (ok) expect(found, `${name}=${value}`).to.deep.equal([]);
      else
        expect(found, `${name}=${value}`).to.deep.equal([
          `${name} must be a whole number of milliseconds between ${name === 'SHUTDOWN_TIMEOUT_MS' ? 0 : 1} and 3600000, got "${value}"`,
        ]);
    }
    expect(
      settings({
        SHUTDOWN_TIMEOUT_MS: '2000',
        REQUEST_TIMEOUT_MS: '500',
        HEADERS_TIMEOUT_MS: '400',
        KEEP_ALIVE_TIMEOUT_MS: '100',
      }),
    ).to.include({
      shutdownTimeoutMs: 2000,
      requestTimeoutMs: 500,
      headersTimeoutMs: 400,
      keepAliveTimeoutMs: 100,
    });
  });

  it('refuses a headers timeout longer than the request timeout, naming both', () => {
    expect(errors({ HEADERS_TIMEOUT_MS: '5001', REQUEST_TIMEOUT_MS: '5000' })).to.deep.equal([
      'HEADERS_TIMEOUT_MS (5001) must not exceed REQUEST_TIMEOUT_MS (5000)',
    ]);
    expect(errors({ HEADERS_TIMEOUT_MS: '5000', REQUEST_TIMEOUT_MS: '5000' })).to.deep.equal([]);
    expect(errors({ HEADERS_TIMEOUT_MS: '40000' })).to.have.length(1);
  });

  it('reads ALLOWED_HOSTS as lower-case host[:port] entries', () => {
    expect(
      settings({ ALLOWED_HOSTS: 'API.example.com, shop.example.com:8443,,[::1]:3000,10.0.0.1' }).allowedHosts,
    ).to.deep.equal(['api.example.com', 'shop.example.com:8443', '[::1]:3000', '10.0.0.1']);
    for (const bad of [
      'http://api.example.com',
      'api.example.com:0',
      'api.example.com:65536',
      'api.example.com/path',
      '::1',
      'a b',
      '-bad.example',
      ',',
    ]) {
      expect(errors({ ALLOWED_HOSTS: bad }), bad).to.deep.equal([
        `ALLOWED_HOSTS must be a comma-separated list of host or host:port entries, got "${bad}"`,
      ]);
    }
  });

  it('reads TRUSTED_PROXY_HEADER as a lower-case header name, and refuses anything else', () => {
    expect(settings({ TRUSTED_PROXY_HEADER: ' X-Forwarded-For ' }).trustedProxyHeader).to.equal('x-forwarded-for');
    expect(settings({ TRUSTED_PROXY_HEADER: 'X-Real-IP' }).trustedProxyHeader).to.equal('x-real-ip');
    expect(settings({ TRUSTED_PROXY_HEADER: '' }).trustedProxyHeader).to.equal(undefined);
    for (const bad of ['X-Forwarded-For: 1.2.3.4', 'two words', 'a,b', 'x'.repeat(65), 'Forwarded\u00e9']) {
      expect(errors({ TRUSTED_PROXY_HEADER: bad }), bad).to.deep.equal([
        `TRUSTED_PROXY_HEADER must be a header name such as X-Forwarded-For, got "${bad}"`,
      ]);
    }
  });

  it('reads MAX_CONNECTIONS as a whole number from 1 to a million', () => {
    expect(settings({ MAX_CONNECTIONS: '250' }).maxConnections).to.equal(250);
    expect(settings({ MAX_CONNECTIONS: '1000000' }).maxConnections).to.equal(1_000_000);
    for (const bad of ['0', '1000001', '-1', '1.5', 'many', ' 10']) {
      expect(errors({ MAX_CONNECTIONS: bad }), bad).to.deep.equal([
        `MAX_CONNECTIONS must be a whole number of connections between 1 and 1000000, got "${bad}"`,
      ]);
    }
  });

  it('listens on the loopback unless HOST says otherwise', () => {
    const listen = (env: Record<string, string>) => {
      const read = readConfig(env);
      if (E.isLeft(read)) throw new Error(read.left.join('; '));
      return read.right.host;
    };
    expect(listen({})).to.equal('127.0.0.1');
    expect(listen({ HOST: '' })).to.equal('127.0.0.1');
    expect(listen({ HOST: '0.0.0.0' })).to.equal('0.0.0.0');
  });

  it('reports bad HTTP variables beside the others', () => {
    const read = readConfig({ PORT: 'eighty', SHUTDOWN_TIMEOUT_MS: 'soon', ALLOWED_HOSTS: 'http://x' });
    expect(E.isLeft(read) ? read.left : []).to.deep.equal([
      'PORT must be an integer between 0 and 65535, got "eighty"',
      'SHUTDOWN_TIMEOUT_MS must be a whole number of milliseconds between 0 and 3600000, got "soon"',
      'ALLOWED_HOSTS must be a comma-separated list of host or host:port entries, got "http://x"',
    ]);
  });

  it('reads CORS_ADMIN_ORIGINS as origins written as browsers send them, and refuses anything else by name', () => {
    expect(
      settings({ CORS_ADMIN_ORIGINS: ' HTTPS://Admin.Example:443 , http://localhost:5173,https://admin.example' })
        .corsAdminOrigins,
    ).to.deep.equal(['https://admin.example', 'http://localhost:5173']);
    expect(settings({ CORS_ADMIN_ORIGINS: ' ' }).corsAdminOrigins).to.deep.equal([]);
    for (const bad of [
      '*',
      'admin.example',
      'https://admin.example/',
      'https://admin.example/console',
      'ftp://a.example',
    ])
      expect(errors({ CORS_ADMIN_ORIGINS: `https://ok.example,${bad}` }), bad).to.deep.equal([
        `CORS_ADMIN_ORIGINS must be a comma-separated list of origins, scheme://host[:port] with http or https and no path, got "${bad}"`,
      ]);
  });
});
